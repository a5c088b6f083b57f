import type { Request } from 'express';
import { loadConfig } from '../../../kernel/config';
import { createStorage, type StoredFile } from '../../../kernel/storage';
import { keepUploads, uploadFiles, type StagedUpload } from '../../../kernel/uploads';

/** The storage of the equipment parts' files. */
export const partStorage = createStorage(loadConfig());

/** Extensions a part's file may have: documents and images (quotes, notices, certificates, plans). */
export const PART_FILE_TYPES = ['pdf', 'docx', 'xlsx', 'odt', 'ods', 'png', 'jpg', 'jpeg'] as const;

/** The optional file of a part in `partFile`, 20 MB at most. */
export const parsePartFile = uploadFiles({ storage: partStorage, field: 'partFile', maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: PART_FILE_TYPES });

/** The first upload refusal as a translated sentence, or null. */
export function partUploadError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Saves the staged file as a stored file of the active company, then moves it to its final key. */
export async function keepPartFile(req: Request, upload: StagedUpload): Promise<StoredFile> {
  const [file] = await keepUploads(req, partStorage, [upload]);
  return file;
}
