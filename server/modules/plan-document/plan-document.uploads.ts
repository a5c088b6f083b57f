import type { Request } from 'express';
import { loadConfig } from '../../kernel/config';
import { createStorage, promoteUpload } from '../../kernel/storage';
import { uploadFiles } from '../../kernel/uploads';

/** Per-file limit of documents and blank files. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** The storage of the module's files. */
export const storage = createStorage(loadConfig());

/** Up to 10 files of any product type in `files` (a document version). */
export const parseDocumentFiles = uploadFiles({ storage, field: 'files', maxFiles: 10, maxBytes: MAX_DOCUMENT_BYTES });

/** The optional blank file of a document type (or a plan's model), in `blankFile`. */
export const parseBlankFile = uploadFiles({ storage, field: 'blankFile', maxFiles: 1, maxBytes: MAX_DOCUMENT_BYTES });

/** The first upload refusal as a translated sentence, or null. */
export function uploadError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Moves committed uploads from their temporary keys to their final ones. */
export async function promoteAll(saved: Array<{ tmpKey: string; storageKey: string }>): Promise<void> {
  for (const f of saved) await promoteUpload(storage, f.tmpKey, f.storageKey);
}
