import type { Request } from 'express';
import { loadConfig } from '../../kernel/config';
import { createStorage, type StoredFile } from '../../kernel/storage';
import { keepUploads as keepStagedUploads, uploadFiles, type StagedUpload } from '../../kernel/uploads';

/** The storage of the module's files. */
export const storage = createStorage(loadConfig());

/** One image in the `logo` field (a company's logo), 5 MB at most. */
export const parseLogo = uploadFiles({ storage, field: 'logo', maxFiles: 1, maxBytes: 5 * 1024 * 1024, allowed: ['png', 'jpg', 'jpeg'] });

/** The first upload refusal as a translated sentence, or null. */
export function uploadError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Saves the staged uploads as stored files of the active company, then moves them to their final keys. */
export function keepUploads(req: Request, uploads: StagedUpload[]): Promise<StoredFile[]> {
  return keepStagedUploads(req, storage, uploads);
}
