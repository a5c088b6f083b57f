import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { loadConfig } from '../../kernel/config';
import { createStorage, promoteUpload, sendStoredFile, StoredFile } from '../../kernel/storage';
import { saveStagedUpload, uploadFiles } from '../../kernel/uploads';

/** Images the rich-text editor may insert. */
const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
const storage = createStorage(loadConfig());

/** Parses the editor's single `upload` file with the product's checks. */
export const parseEditorImage = uploadFiles({ storage, field: 'upload', maxFiles: 1, maxBytes: 5 * 1024 * 1024, allowed: IMAGE_TYPES });

/** `POST /file-manager/upload`: stores an editor image in the active company; JSON `{url}` or 400 `{message}`. */
export async function uploadImage(req: Request, res: Response): Promise<void> {
  const error = req.uploadErrors?.[0];
  const staged = req.uploads?.[0];
  if (error || !staged) {
    res.status(400).json({ message: req.t(error?.key ?? 'upload.failed', error?.params ?? {}) });
    return;
  }
  const user = req.authUser!;
  const file = await req.ctx.db.transaction((m) => saveStagedUpload(m, staged, { tenantId: user.tenantId, userId: user.id }));
  await promoteUpload(storage, staged.tmpKey, file.storageKey);
  res.status(201).json({ url: req.ctx.routes.path('file_manager_show', { id: file.id }) });
}

/** `GET /file-manager/{id}`: an image of the active company, inline. */
export async function showFile(req: Request, res: Response): Promise<void> {
  const file = await req.ctx.db.getRepository(StoredFile).findOneBy({ id: Number(req.routeParams.id), tenantId: req.authUser!.tenantId });
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file, { inline: true });
}
