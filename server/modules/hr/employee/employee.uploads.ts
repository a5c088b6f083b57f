import type { Request } from 'express';
import { loadConfig } from '../../../kernel/config';
import { createStorage, type StoredFile } from '../../../kernel/storage';
import { keepUploads, uploadFiles, type StagedUpload } from '../../../kernel/uploads';

/** The storage of the employees' files. */
export const storage = createStorage(loadConfig());

/** One document (CV or job sheet) in the `file` field, 10 MB at most, office and image types. */
export const parseEmployeeFile = uploadFiles({ storage, field: 'file', maxFiles: 1, maxBytes: 10 * 1024 * 1024, allowed: ['pdf', 'docx', 'odt', 'png', 'jpg', 'jpeg'] });

/** The first upload refusal as a translated sentence, or null. */
export function employeeUploadError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Saves the staged uploads as stored files of the active company, then moves them to their final keys. */
export function keepEmployeeUploads(req: Request, uploads: StagedUpload[]): Promise<StoredFile[]> {
  return keepUploads(req, storage, uploads);
}
