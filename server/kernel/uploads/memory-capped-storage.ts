import type { Request } from 'express';
import type { StorageEngine } from 'multer';

/** What the capped engine adds to multer's file object. */
export interface CappedFileInfo {
  buffer: Buffer;
  size: number;
  /** The file went past the size limit: its content was drained, not kept. */
  tooLarge: boolean;
  /** Not kept at all: wrong field, or beyond the file count. */
  skipped: boolean;
}

/**
 * Multer storage keeping files in memory up to `maxBytes` each and `maxFiles` in `field`.
 * Beyond a limit it drains the stream and flags the file instead of raising a multer error:
 * the rest of the form is still parsed, so the page can be shown again with the user's input.
 */
export function memoryCappedStorage(field: string, maxFiles: number, maxBytes: number): StorageEngine {
  const counts = new WeakMap<Request, number>();
  return {
    _handleFile(req, file, cb) {
      const seen = (counts.get(req) ?? 0) + (file.fieldname === field ? 1 : 0);
      counts.set(req, seen);
      const keep = file.fieldname === field && seen <= maxFiles;
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      file.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!keep || tooLarge) return;
        if (size > maxBytes) {
          tooLarge = true;
          chunks.length = 0;
          return;
        }
        chunks.push(chunk);
      });
      file.stream.on('error', (err) => cb(err));
      file.stream.on('end', () => {
        const info: CappedFileInfo = { buffer: keep && !tooLarge ? Buffer.concat(chunks) : Buffer.alloc(0), size, tooLarge, skipped: !keep };
        cb(null, info as unknown as Partial<Express.Multer.File>);
      });
    },
    _removeFile(_req, file, cb) {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      cb(null);
    },
  };
}
