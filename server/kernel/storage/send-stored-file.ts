import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../http/errors';
import { StorageNotFoundError, type Storage } from './storage';
import type { StoredFile } from './stored-file.entity';

/** Options of {@link sendStoredFile}. */
export interface SendFileOptions {
  /** Shown in the browser instead of downloaded (PDF and images only make sense here). */
  inline?: boolean;
  /** Name offered to the browser; the original name by default. */
  downloadName?: string;
}

/** `Content-Disposition` value with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
    .replace(/[\r\n]/g, '') || 'fichier';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Opens `key`, or null when the storage has no such object. */
async function openIfThere(storage: Storage, key: string): Promise<Readable | null> {
  try {
    return await storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) return null;
    throw err;
  }
}

/**
 * The file's content: at its final key, or still under its temporary key while its move is
 * pending (then the final key once more, in case the move happened meanwhile). A file found
 * nowhere is a 404 for the user, never a 500.
 */
export async function openStoredFile(storage: Storage, file: Pick<StoredFile, 'id' | 'storageKey' | 'tmpKey'>): Promise<Readable> {
  const stream = (await openIfThere(storage, file.storageKey))
    ?? (file.tmpKey ? (await openIfThere(storage, file.tmpKey)) ?? (await openIfThere(storage, file.storageKey)) : null);
  if (!stream) {
    console.error(`[storage] fichier absent du stockage : stored_file ${file.id} (${file.storageKey})`);
    throw new HttpError(404, 'upload.file_missing');
  }
  return stream;
}

/**
 * Streams a stored file to the response with its checked type, a download disposition
 * (attachment unless `inline`) and `nosniff`, so a browser never runs an upload as a page.
 * Check the tenant and the rights of the record that owns the file *before* calling it.
 */
export async function sendStoredFile(res: Response, storage: Storage, file: StoredFile, opts: SendFileOptions = {}): Promise<void> {
  const stream = await openStoredFile(storage, file);
  res.status(200);
  res.setHeader('Content-Type', file.mimeType || 'application/octet-stream');
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('Content-Disposition', contentDisposition(opts.downloadName ?? file.originalName, opts.inline ?? false));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  await pipeline(stream, res);
}
