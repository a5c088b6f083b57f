import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey } from './keys';
import { StorageNotFoundError, type PutMeta, type Storage, type StoredObject } from './storage';

/** {@link Storage} on a local folder (one server, or a shared volume). */
export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  /** Absolute path of a key; refuses anything that would land outside the root. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Clé de stockage invalide : ${key}`);
    return full;
  }

  async put(key: string, data: Buffer | Readable, _meta?: PutMeta): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Written beside then renamed, so a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.part`;
    try {
      if (Buffer.isBuffer(data)) await fsp.writeFile(partial, data, { flag: 'wx' });
      else await pipeline(data, fs.createWriteStream(partial, { flags: 'wx' }));
      await fsp.rename(partial, target);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    const full = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(full, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw err;
    }
    return handle.createReadStream();
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(from);
      throw err;
    }
  }

  async ping(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const clean = prefix.replace(/\/+$/, '');
    const start = clean ? this.pathOf(clean) : this.root;
    yield* this.walk(start);
  }

  private async *walk(dir: string): AsyncIterable<StoredObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(full);
      } else if (entry.isFile() && !entry.name.endsWith('.part')) {
        const stat = await fsp.stat(full);
        yield { key: path.relative(this.root, full).split(path.sep).join('/'), modifiedAt: stat.mtime, sizeBytes: stat.size };
      }
    }
  }
}

/** Reads a whole object into memory (small files: tests, mail attachments). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
