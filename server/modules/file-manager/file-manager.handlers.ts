import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { loadConfig } from '../../kernel/config';
import { createStorage, newAccessKey, promoteUpload, sendStoredFile, StoredFile } from '../../kernel/storage';
import { saveStagedUpload, uploadFiles } from '../../kernel/uploads';

/** Images the rich-text editor may insert. */
const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
const storage = createStorage(loadConfig());

/** Parses the editor's single `upload` file with the product's checks. */
export const parseEditorImage = uploadFiles({ storage, field: 'upload', maxFiles: 1, maxBytes: 5 * 1024 * 1024, allowed: IMAGE_TYPES });

/**
 * `POST /file-manager/upload`: stores an editor image of the active company under a random access
 * key; JSON `{url}` (the key's URL, what the rich text keeps) or 400 `{message}`.
 */
export async function uploadImage(req: Request, res: Response): Promise<void> {
  const error = req.uploadErrors?.[0];
  const staged = req.uploads?.[0];
  if (error || !staged) {
    res.status(400).json({ message: req.t(error?.key ?? 'upload.failed', error?.params ?? {}) });
    return;
  }
  const user = req.authUser!;
  const file = await req.ctx.db.transaction(async (m) => {
    const saved = await saveStagedUpload(m, staged, { tenantId: user.tenantId, userId: user.id });
    saved.kind = 'editor_image';
    saved.accessKey = newAccessKey();
    return m.save(StoredFile, saved);
  });
  await promoteUpload(storage, staged.tmpKey, file.storageKey);
  res.status(201).json({ url: req.ctx.routes.path('file_manager_show', { key: file.accessKey }) });
}

/** `GET /file-manager/{key}`: an editor image of the active company, inline; no other stored file is served here. */
export async function showFile(req: Request, res: Response): Promise<void> {
  const file = await req.ctx.db.getRepository(StoredFile).findOneBy({ accessKey: req.routeParams.key, kind: 'editor_image', tenantId: req.authUser!.tenantId });
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file, { inline: true });
}
