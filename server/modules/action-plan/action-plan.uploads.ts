import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { EntityManager } from 'typeorm';
import { loadConfig } from '../../kernel/config';
import { HttpError } from '../../kernel/http/errors';
import { createStorage, promoteUpload } from '../../kernel/storage';
import { ALL_UPLOAD_EXTENSIONS, discardStaged, FORM_TEXT_BYTES, saveStagedUpload, stageFiles, type StagedUpload, type UploadError } from '../../kernel/uploads';
import { ACTION_FORM } from './action-plan.schema';

/** The file fields of the action form and the column each one fills. */
export const FILE_FIELDS = {
  attachmentFile1: 'attachment_file1_id',
  attachmentFile2: 'attachment_file2_id',
  closeFile: 'close_file_id',
  abandonFile: 'abandon_file_id',
} as const;
export type FileField = keyof typeof FILE_FIELDS;

/** Per-file limit of the action's attachments. */
export const MAX_ACTION_FILE_BYTES = 20 * 1024 * 1024;

/** The storage of the module's files. */
export const storage = createStorage(loadConfig());

declare global {
  namespace Express {
    interface Request {
      /** Checked files of the action form, by field (set by {@link parseActionFiles}). */
      actionFiles?: Partial<Record<FileField, StagedUpload>>;
      /** Refusals of the action form's files, by field. */
      actionFileErrors?: Partial<Record<FileField, UploadError>>;
    }
  }
}

const fieldOf = (name: string): FileField | null => {
  const m = /^mfpreventionbundle_action\[(\w+)\]$/.exec(name);
  return m && m[1] in FILE_FIELDS ? (m[1] as FileField) : null;
};

/**
 * Parses the multipart action form (the kernel's `uploadFiles` takes one file field; this form
 * has four: attachmentFile1, attachmentFile2, closeFile, abandonFile). Each file is streamed to
 * disk and checked like every upload (size, extension, magic bytes) and staged under `tmp/`;
 * refusals land in `req.actionFileErrors` so the block comes back with its message. A request
 * refused as a whole (CSRF, far too big, broken) ends in the kernel's error answer.
 */
export function parseActionFiles(maxBytes = MAX_ACTION_FILE_BYTES): RequestHandler {
  const rule = { maxBytes, allowed: ALL_UPLOAD_EXTENSIONS };
  const maxFiles = Object.keys(FILE_FIELDS).length;
  return (req: Request, res: Response, next: NextFunction) => {
    req.actionFiles = {};
    req.actionFileErrors = {};
    stageFiles(req, res, { storage, maxFiles, maxRequestBytes: maxFiles * maxBytes + FORM_TEXT_BYTES, ruleOf: (name) => (fieldOf(name) ? rule : null) }).then(async (parts) => {
      // One file per field: the first one counts, a second one is dropped.
      const extra = parts.filter((part) => {
        const field = fieldOf(part.field)!;
        if (req.actionFiles![field] || req.actionFileErrors![field]) return true;
        if (part.refusal) req.actionFileErrors![field] = part.refusal;
        else req.actionFiles![field] = part.upload;
        return false;
      });
      await discardStaged(storage, extra);
      next();
    }, (err: unknown) => next(err instanceof HttpError ? err : new HttpError(400, 'errors.bad_request')));
  };
}

/** Staged files to keep once their action row commits. */
export interface PendingFiles {
  saved: Array<{ tmpKey: string; storageKey: string }>;
}

/**
 * Inserts the stored-file rows of the staged uploads in the caller's transaction and returns
 * the column values to write; call {@link promoteFiles} after the commit.
 */
export async function saveFiles(m: EntityManager, owner: { tenantId: number; userId: number }, uploads: Partial<Record<FileField, StagedUpload>>, allowed: Set<string>, pending: PendingFiles): Promise<Record<string, number>> {
  const columns: Record<string, number> = {};
  for (const [field, upload] of Object.entries(uploads) as Array<[FileField, StagedUpload]>) {
    if (!allowed.has(field)) continue;
    const file = await saveStagedUpload(m, upload, owner);
    columns[FILE_FIELDS[field]] = file.id;
    pending.saved.push({ tmpKey: upload.tmpKey, storageKey: file.storageKey });
  }
  return columns;
}

/** Moves the committed uploads to their final keys. */
export async function promoteFiles(pending: PendingFiles): Promise<void> {
  for (const f of pending.saved) await promoteUpload(storage, f.tmpKey, f.storageKey);
}

/** The field name of a file input (`mfpreventionbundle_action[closeFile]`). */
export function fileInputName(field: FileField): string {
  return `${ACTION_FORM}[${field}]`;
}
