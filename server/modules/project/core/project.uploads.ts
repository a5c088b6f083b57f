import type { Request } from 'express';
import { loadConfig } from '../../../kernel/config';
import { createStorage, type StoredFile } from '../../../kernel/storage';
import { keepUploads, uploadFiles, type StagedUpload } from '../../../kernel/uploads';

/** The storage of the projects' images and documents. */
export const storage = createStorage(loadConfig());

/** The project image (`image` field): one picture, 5 MB at most. */
export const parseProjectImage = uploadFiles({ storage, field: 'image', maxFiles: 1, maxBytes: 5 * 1024 * 1024, allowed: ['png', 'jpg', 'jpeg', 'gif', 'webp'] });

/** The file of a project document (`file` field): one file, 20 MB at most, every product type. */
export const parseProjectDocument = uploadFiles({ storage, field: 'file', maxFiles: 1, maxBytes: 20 * 1024 * 1024 });

/** The first upload refusal as a translated sentence, or null. */
export function uploadRefusal(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Keeps the staged file of the request, if any, as a stored file of the company. */
export async function keepOne(req: Request, staged: StagedUpload | undefined): Promise<StoredFile | null> {
  if (!staged) return null;
  const [file] = await keepUploads(req, storage, [staged]);
  return file;
}
