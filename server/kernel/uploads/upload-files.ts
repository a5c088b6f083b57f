import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http/errors';
import type { Storage } from '../storage/storage';
import { ALL_UPLOAD_EXTENSIONS } from './file-checks';
import { discardStaged, FORM_TEXT_BYTES, stageFiles, type StagedUpload, type UploadError } from './stage-files';

export type { StagedUpload, UploadError } from './stage-files';

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
  /** Limit of the whole request; by default every file at its limit plus {@link FORM_TEXT_BYTES}. */
  maxRequestBytes?: number;
}

/** Default per-file limit when a form has no stricter one. */
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Body parser of a form with files in `field`: streams them to disk and checks count, size,
 * extension and magic bytes (see `stageFiles`). Refusals go to `req.uploadErrors` so the handler
 * shows the form again with what the user typed; accepted files are under `tmp/<uuid>` keys in
 * `req.uploads`. All files are refused together when one is refused, so nothing half-saved
 * surprises the user. A request too big to be worth reading, a refused CSRF token and a broken
 * body end with an `HttpError` (413, 403, 400) before anything is kept.
 */
export function uploadFiles(opts: UploadOptions): RequestHandler {
  const maxFiles = opts.maxFiles ?? 10;
  const rule = { maxBytes: opts.maxBytes, allowed: opts.allowed ?? ALL_UPLOAD_EXTENSIONS };
  const maxRequestBytes = opts.maxRequestBytes ?? maxFiles * opts.maxBytes + FORM_TEXT_BYTES;

  return (req: Request, res: Response, next: NextFunction) => {
    req.uploadErrors = [];
    req.uploads = [];
    stageFiles(req, res, { storage: opts.storage, maxFiles, maxRequestBytes, ruleOf: (field) => (field === opts.field ? rule : null) }).then(async (parts) => {
      req.body = req.body ?? {};
      const refusals = parts.flatMap((p) => (p.refusal ? [p.refusal] : []));
      if (refusals.length === 0) {
        req.uploads = parts.map((p) => p.upload!);
        return next();
      }
      await discardStaged(opts.storage, parts);
      const tooMany = refusals.find((r) => r.key === 'upload.too_many');
      req.uploadErrors = tooMany ? [tooMany] : refusals;
      next();
    }).catch((err: unknown) => {
      if (err instanceof HttpError) return next(err);
      console.error('[uploads]', err);
      req.body = req.body ?? {};
      req.uploadErrors = [{ key: 'upload.failed', params: {} }];
      next();
    });
  };
}
