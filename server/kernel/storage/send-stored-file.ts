import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage';
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

/**
 * Streams a stored file to the response with its checked type, a download disposition
 * (attachment unless `inline`) and `nosniff`, so a browser never runs an upload as a page.
 */
export async function sendStoredFile(res: Response, storage: Storage, file: StoredFile, opts: SendFileOptions = {}): Promise<void> {
  const stream = await storage.get(file.storageKey);
  res.status(200);
  res.setHeader('Content-Type', file.mimeType || 'application/octet-stream');
  res.setHeader('Content-Length', String(file.sizeBytes));
  res.setHeader('Content-Disposition', contentDisposition(opts.downloadName ?? file.originalName, opts.inline ?? false));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  await pipeline(stream, res);
}
