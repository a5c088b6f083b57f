import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express, { type Express } from 'express';
import request from 'supertest';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { LocalDiskStorage, readAll } from '../../../server/kernel/storage/local-disk-storage';
import { promoteUpload } from '../../../server/kernel/storage/promote';
import { reconcileStorage } from '../../../server/kernel/storage/reconcile';
import { S3Storage } from '../../../server/kernel/storage/s3-storage';
import { sendStoredFile } from '../../../server/kernel/storage/send-stored-file';
import { StorageNotFoundError, type Storage } from '../../../server/kernel/storage/storage';
import { StoredFile } from '../../../server/kernel/storage/stored-file.entity';
import { saveStagedUpload } from '../../../server/kernel/uploads/save-upload';
import { uploadFiles } from '../../../server/kernel/uploads/upload-files';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { startTestS3, type TestS3 } from '../../support/s3-server';

// The same contract on both drivers: what the modules rely on must not depend on where files live.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TENANT = 910_000 + (process.pid % 1000);

let db: TestDatabase;
let s3: TestS3;
let dir: string;
const drivers: Record<string, () => Storage> = {};

beforeAll(async () => {
  db = await openTestDatabase(3);
  s3 = await startTestS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-drivers-'));
  const disk = new LocalDiskStorage(dir);
  const bucket = new S3Storage(s3.options);
  drivers['disque local'] = () => disk;
  drivers.S3 = () => bucket;
});
afterAll(async () => {
  await (drivers.S3?.() as S3Storage | undefined)?.close();
  await s3?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storage.list(prefix)) keys.push(o.key);
  return keys.sort();
}

/** A stream of `size` pseudo-random bytes made on the fly, and their SHA-256. */
function generated(size: number): { stream: Readable; sha: string } {
  const hash = createHash('sha256');
  const chunk = 64 * 1024;
  const chunks: Buffer[] = [];
  for (let sent = 0, i = 0; sent < size; sent += chunk, i++) {
    const b = Buffer.alloc(Math.min(chunk, size - sent), i % 251);
    hash.update(b);
    chunks.push(b);
  }
  return { stream: Readable.from(chunks), sha: hash.digest('hex') };
}

describe.each(['disque local', 'S3'])('storage driver: %s', (name) => {
  const storage = () => drivers[name]();
  const base = `t/${TENANT}/${name === 'S3' ? 's3' : 'disk'}`;

  it('puts, reads, moves, lists and deletes objects', async () => {
    const s = storage();
    await s.put(`${base}/a-note.txt`, Buffer.from('Sécurité'), { contentType: 'text/plain' });
    await s.put(`${base}/sub/b.txt`, Readable.from([Buffer.from('flux')]));
    expect(await s.exists(`${base}/a-note.txt`)).toBe(true);
    expect(await s.exists(`${base}/absent.txt`)).toBe(false);
    expect((await readAll(await s.get(`${base}/a-note.txt`))).toString()).toBe('Sécurité');
    expect((await readAll(await s.get(`${base}/sub/b.txt`))).toString()).toBe('flux');
    expect(await keysUnder(s, base)).toEqual([`${base}/a-note.txt`, `${base}/sub/b.txt`]);
    expect(await keysUnder(s, `${base}/sub/`)).toEqual([`${base}/sub/b.txt`]);
    await s.move(`${base}/a-note.txt`, `${base}/moved/c.txt`);
    expect(await s.exists(`${base}/a-note.txt`)).toBe(false);
    expect((await readAll(await s.get(`${base}/moved/c.txt`))).toString()).toBe('Sécurité');
    await s.delete(`${base}/moved/c.txt`);
    await s.delete(`${base}/moved/c.txt`);
    await expect(s.get(`${base}/moved/c.txt`)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(s.move(`${base}/nothing.txt`, `${base}/x.txt`)).rejects.toBeInstanceOf(StorageNotFoundError);
    await s.ping();
  });

  it('refuses keys that could escape, before any call', async () => {
    for (const bad of ['../secret', 't/1/../../x', '/etc/passwd', 't\\1', 't//x']) {
      await expect(storage().put(bad, Buffer.from('x'))).rejects.toThrow('Clé de stockage invalide');
      await expect(storage().get(bad)).rejects.toThrow('Clé de stockage invalide');
    }
  });

  it('streams a 20 MiB file up and down unchanged (several parts on S3)', async () => {
    const big = generated(20 * 1024 * 1024 + 17);
    await storage().put(`${base}/big.bin`, big.stream, { contentType: 'application/octet-stream' });
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const c of await storage().get(`${base}/big.bin`)) {
      bytes += (c as Buffer).length;
      hash.update(c as Buffer);
    }
    expect(bytes).toBe(20 * 1024 * 1024 + 17);
    expect(hash.digest('hex')).toBe(big.sha);
    await storage().delete(`${base}/big.bin`);
  });

  it('keeps the upload path: staged under tmp/, promoted after the row, downloaded through the route, orphans purged after 24 hours', async () => {
    const s = storage();
    const app: Express = express();
    app.post('/docs', uploadFiles({ storage: s, field: 'files', maxBytes: 1024 * 1024, allowed: ['pdf'] }), async (req, res) => {
      const uploads = req.uploads ?? [];
      if (req.body.refuse) {
        res.status(409).json({});
        return;
      }
      const files = await db.dataSource.transaction((m) => Promise.all(uploads.map((u) => saveStagedUpload(m, u, { tenantId: TENANT, userId: 1 }))));
      for (let i = 0; i < files.length; i++) await promoteUpload(s, uploads[i].tmpKey, files[i].storageKey);
      res.status(201).json({ ids: files.map((f) => f.id) });
    });
    app.get('/docs/:id', async (req, res) => {
      const file = await db.dataSource.manager.findOneByOrFail(StoredFile, { id: Number(req.params.id), tenantId: TENANT });
      await sendStoredFile(res, s, file);
    });
    const tmpBefore = await keysUnder(s, 'tmp');
    const created = await request(app).post('/docs').attach('files', PDF, `Plan ${name}.pdf`).expect(201);
    const file = await db.dataSource.manager.findOneByOrFail(StoredFile, { id: created.body.ids[0] });
    expect(await s.exists(file.storageKey)).toBe(true);
    expect(await keysUnder(s, 'tmp')).toEqual(tmpBefore);
    const dl = await request(app).get(`/docs/${file.id}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(dl.body, PDF)).toBe(0);

    await request(app).post('/docs').field('refuse', '1').attach('files', PDF, 'orphelin.pdf').expect(409);
    const orphans = (await keysUnder(s, 'tmp')).filter((k) => !tmpBefore.includes(k));
    expect(orphans).toHaveLength(1);
    const restore = useClock(new FixedClock(new Date(Date.now() + 23 * 3600 * 1000)));
    try {
      await reconcileStorage(db.dataSource, s);
      expect(await s.exists(orphans[0])).toBe(true);
    } finally {
      restore();
    }
    const later = useClock(new FixedClock(new Date(Date.now() + 25 * 3600 * 1000)));
    try {
      await reconcileStorage(db.dataSource, s);
      expect(await s.exists(orphans[0])).toBe(false);
    } finally {
      later();
    }
  });
});

describe('S3 driver readiness', () => {
  it('says when its bucket does not answer', async () => {
    const missing = new S3Storage({ ...s3.options, bucket: 'bucket-absent' });
    await expect(missing.ping()).rejects.toBeTruthy();
    await missing.close();
  });
});
