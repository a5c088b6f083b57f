import type { NextFunction, Request, Response } from 'express';
import { loadConfig } from '../../../kernel/config';
import { HttpError } from '../../../kernel/http/errors';
import { createStorage, promoteUpload } from '../../../kernel/storage';
import { discardStaged, FORM_TEXT_BYTES, saveStagedUpload, stageFiles, type StagedUpload, type UploadError } from '../../../kernel/uploads';

/** The storage of the equipment's photos and annexes. */
export const storage = createStorage(loadConfig());

/** The file inputs of the equipment form. */
export const FILE_FIELDS = ['photo', 'annex'] as const;
/** One of the equipment form's file inputs. */
export type EquipmentFileField = (typeof FILE_FIELDS)[number];

/** What each file input accepts: the photo is an image, the annex a document or an image. */
const RULES: Record<EquipmentFileField, { maxBytes: number; allowed: readonly string[] }> = {
  photo: { maxBytes: 5 * 1024 * 1024, allowed: ['png', 'jpg', 'jpeg', 'gif', 'webp'] },
  annex: { maxBytes: 20 * 1024 * 1024, allowed: ['pdf', 'docx', 'xlsx', 'odt', 'ods', 'png', 'jpg', 'jpeg', 'txt'] },
};

declare global {
  namespace Express {
    interface Request {
      /** Checked files of the equipment form, by input (set by {@link parseEquipmentFiles}). */
      equipmentFiles?: Partial<Record<EquipmentFileField, StagedUpload>>;
      /** Refusals of the equipment form's files, by input. */
      equipmentFileErrors?: Partial<Record<EquipmentFileField, UploadError>>;
    }
  }
}

const isField = (name: string): name is EquipmentFileField => (FILE_FIELDS as readonly string[]).includes(name);

/**
 * Body parser of the equipment form (the kernel's `uploadFiles` takes one file input; this form has
 * two, `photo` and `annex`, with their own rules). Files are checked like every upload (size,
 * extension, magic bytes) and staged under `tmp/`; refusals go to `req.equipmentFileErrors` so the
 * form comes back with its message. Staged files not kept are removed once the answer is sent.
 */
export function parseEquipmentFiles(req: Request, res: Response, next: NextFunction): void {
  req.equipmentFiles = {};
  req.equipmentFileErrors = {};
  const maxRequestBytes = RULES.photo.maxBytes + RULES.annex.maxBytes + FORM_TEXT_BYTES;
  stageFiles(req, res, { storage, maxFiles: FILE_FIELDS.length, maxRequestBytes, ruleOf: (name) => (isField(name) ? RULES[name] : null) }).then((parts) => {
    for (const part of parts) {
      const field = part.field as EquipmentFileField;
      if (req.equipmentFiles![field] || req.equipmentFileErrors![field]) continue;
      if (part.refusal) req.equipmentFileErrors![field] = part.refusal;
      else if (part.upload) req.equipmentFiles![field] = part.upload;
    }
    // A kept file has left its temporary key: this removes only the unused ones.
    res.once('finish', () => void discardStaged(storage, parts).catch((err: unknown) => console.error('[equipment] tmp', err)));
    next();
  }, (err: unknown) => next(err instanceof HttpError ? err : new HttpError(400, 'errors.bad_request')));
}

/** Saves the staged files as stored files of the active company, then moves them to their final keys; ids by input. */
export async function keepEquipmentFiles(req: Request): Promise<Partial<Record<EquipmentFileField, number>>> {
  const user = req.authUser!;
  const staged = Object.entries(req.equipmentFiles ?? {}) as Array<[EquipmentFileField, StagedUpload]>;
  if (!staged.length) return {};
  const saved = await req.ctx.db.transaction(async (m) => {
    const out: Array<[EquipmentFileField, StagedUpload, { id: number; storageKey: string }]> = [];
    for (const [field, upload] of staged) out.push([field, upload, await saveStagedUpload(m, upload, { tenantId: user.tenantId, userId: user.id })]);
    return out;
  });
  const ids: Partial<Record<EquipmentFileField, number>> = {};
  for (const [field, upload, file] of saved) {
    await promoteUpload(storage, upload.tmpKey, file.storageKey);
    ids[field] = file.id;
  }
  return ids;
}

/** The refusal of each file input as a translated sentence. */
export function equipmentFileErrors(req: Request): Partial<Record<EquipmentFileField, string>> {
  const out: Partial<Record<EquipmentFileField, string>> = {};
  for (const [field, e] of Object.entries(req.equipmentFileErrors ?? {}) as Array<[EquipmentFileField, UploadError]>) out[field] = req.t(e.key, e.params);
  return out;
}
