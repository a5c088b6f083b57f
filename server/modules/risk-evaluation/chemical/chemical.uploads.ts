import type { Request } from 'express';
import { loadConfig } from '../../../kernel/config';
import { createStorage, type StoredFile } from '../../../kernel/storage';
import { keepUploads, uploadFiles, type StagedUpload } from '../../../kernel/uploads';

/** The storage of the safety data sheets. */
export const storage = createStorage(loadConfig());

/** The optional safety data sheet (PDF, office document or image) in `sdsFile`, 20 MB at most. */
export const parseSdsFile = uploadFiles({ storage, field: 'sdsFile', maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: ['pdf', 'docx', 'odt', 'png', 'jpg', 'jpeg'] });

/** The first upload refusal as a translated sentence, or null. */
export function sdsUploadError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Saves the staged SDS as a stored file of the active company, then moves it to its final key. */
export async function keepSds(req: Request, upload: StagedUpload): Promise<StoredFile> {
  const [file] = await keepUploads(req, storage, [upload]);
  return file;
}
