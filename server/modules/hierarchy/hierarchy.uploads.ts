import type { Request } from 'express';
import { loadConfig } from '../../kernel/config';
import { createStorage, readAll, type StoredFile } from '../../kernel/storage';
import { keepUploads as keepStagedUploads, uploadFiles, type StagedUpload } from '../../kernel/uploads';
import { readImageSize, type ImageSize } from './image-size';

/** Plans and logos: images the zone map and the PDFs can draw. */
const IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The storage of the module's files. */
export const storage = createStorage(loadConfig());

/** One image in the `file` field (item logo or plan). */
export const parseImage = uploadFiles({ storage, field: 'file', maxFiles: 1, maxBytes: MAX_IMAGE_BYTES, allowed: IMAGE_TYPES });
/** Up to 10 documents of any product type in `documents`. */
export const parseDocuments = uploadFiles({ storage, field: 'documents', maxFiles: 10, maxBytes: 20 * 1024 * 1024 });
/** The optional plan image of a site or a sector, in `plan`. */
export const parsePlan = uploadFiles({ storage, field: 'plan', maxFiles: 1, maxBytes: MAX_IMAGE_BYTES, allowed: IMAGE_TYPES });

/** The first upload refusal as a translated sentence, or null. */
export function uploadError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Pixel size of a staged image, read from its header in the storage. */
export async function stagedImageSize(upload: StagedUpload): Promise<ImageSize | null> {
  return readImageSize(await readAll(await storage.get(upload.tmpKey)));
}

/** Saves the staged uploads as stored files of the active company, then moves them to their final keys. */
export function keepUploads(req: Request, uploads: StagedUpload[]): Promise<StoredFile[]> {
  return keepStagedUploads(req, storage, uploads);
}
