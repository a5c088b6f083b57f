import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { tmpKey } from '../storage/keys';
import type { Storage } from '../storage/storage';
import { ALL_UPLOAD_EXTENSIONS, detectAllowedType, extensionOf, formatBytes } from './file-checks';
import { memoryCappedStorage, type CappedFileInfo } from './memory-capped-storage';

/** A refusal shown above the form: a translation key (`upload.*`) and its parameters. */
export interface UploadError {
  key: 'upload.too_many' | 'upload.too_large' | 'upload.type_not_allowed' | 'upload.failed';
  params: Record<string, string | number>;
}

/** A checked file, written under a temporary key until its row commits (see `promoteUpload`). */
export interface StagedUpload {
  tmpKey: string;
  originalName: string;
  /** Type found from the content, not the browser's claim. */
  mimeType: string;
  extension: string;
  sizeBytes: number;
}

declare global {
  namespace Express {
    interface Request {
      /** Refusals of the last `uploadFiles` middleware; empty when every file passed. */
      uploadErrors?: UploadError[];
      /** Files that passed every check (none when any file was refused). */
      uploads?: StagedUpload[];
    }
  }
}

/** Options of {@link uploadFiles}. */
export interface UploadOptions {
  storage: Storage;
  /** Name of the file input. */
  field: string;
  /** At most this many files at a time (the product's limit is 10). */
  maxFiles?: number;
  /** Per-file size limit. */
  maxBytes: number;
  /** Accepted extensions; every product type by default. */
  allowed?: readonly string[];
}

/** Default per-file limit when a form has no stricter one. */
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Parses a multipart form, then checks the files of `field` by count, size, extension and magic
 * bytes. Never answers with an error: refusals go to `req.uploadErrors` so the handler shows the
 * form again; accepted files are written to `tmp/<uuid>` keys and listed in `req.uploads`.
 * All files are refused together when one is refused, so nothing half-saved surprises the user.
 */
export function uploadFiles(opts: UploadOptions): RequestHandler {
  const maxFiles = opts.maxFiles ?? 10;
  const allowed = opts.allowed ?? ALL_UPLOAD_EXTENSIONS;
  const parser = multer({
    storage: memoryCappedStorage(opts.field, maxFiles, opts.maxBytes),
    // Browsers send the file name as raw UTF-8 ("Schéma.pdf"), not latin1.
    defParamCharset: 'utf8',
    // A hard ceiling far above the product limit, against requests built to exhaust the server.
    limits: { files: maxFiles + 50, fieldSize: 2 * 1024 * 1024, parts: 2000 },
  }).any();

  return (req: Request, res: Response, next: NextFunction) => {
    req.uploadErrors = [];
    req.uploads = [];
    parser(req, res, (err?: unknown) => {
      if (err) {
        const tooMany = err instanceof multer.MulterError && (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_PART_COUNT');
        req.uploadErrors = [tooMany ? { key: 'upload.too_many', params: { max: maxFiles } } : { key: 'upload.failed', params: {} }];
        req.body = req.body ?? {};
        next();
        return;
      }
      checkAndStage(req, opts.storage, opts.field, maxFiles, opts.maxBytes, allowed).then(() => next(), (e: unknown) => {
        req.uploadErrors = [{ key: 'upload.failed', params: {} }];
        req.uploads = [];
        console.error('[uploads]', e);
        next();
      });
    });
  };
}

async function checkAndStage(req: Request, storage: Storage, field: string, maxFiles: number, maxBytes: number, allowed: readonly string[]): Promise<void> {
  const all = (Array.isArray(req.files) ? req.files : []) as Array<Express.Multer.File & CappedFileInfo>;
  req.files = undefined;
  const mine = all.filter((f) => f.fieldname === field && !(f.size === 0 && !f.originalname));
  const errors: UploadError[] = [];
  if (mine.length > maxFiles) errors.push({ key: 'upload.too_many', params: { max: maxFiles } });
  const checked: Array<{ file: Express.Multer.File & CappedFileInfo; mimeType: string }> = [];
  if (errors.length === 0) {
    for (const file of mine) {
      const name = file.originalname;
      if (file.tooLarge) {
        errors.push({ key: 'upload.too_large', params: { name, max: formatBytes(maxBytes) } });
        continue;
      }
      const mimeType = await detectAllowedType(name, file.buffer, allowed);
      if (!mimeType) errors.push({ key: 'upload.type_not_allowed', params: { name, allowed: allowed.join(', ') } });
      else checked.push({ file, mimeType });
    }
  }
  if (errors.length > 0) {
    req.uploadErrors = errors;
    return;
  }
  const staged: StagedUpload[] = [];
  for (const { file, mimeType } of checked) {
    const key = tmpKey();
    await storage.put(key, file.buffer, { contentType: mimeType });
    staged.push({ tmpKey: key, originalName: file.originalname, mimeType, extension: extensionOf(file.originalname), sizeBytes: file.size });
  }
  req.uploads = staged;
}
