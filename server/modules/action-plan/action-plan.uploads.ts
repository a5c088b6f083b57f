import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import type { EntityManager } from 'typeorm';
import { loadConfig } from '../../kernel/config';
import { createStorage, promoteUpload, tmpKey } from '../../kernel/storage';
import { ALL_UPLOAD_EXTENSIONS, detectAllowedType, extensionOf, formatBytes, saveStagedUpload, type StagedUpload, type UploadError } from '../../kernel/uploads';
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

interface Kept { buffer: Buffer; size: number; tooLarge: boolean }

const fieldOf = (name: string): FileField | null => {
  const m = /^mfpreventionbundle_action\[(\w+)\]$/.exec(name);
  return m && m[1] in FILE_FIELDS ? (m[1] as FileField) : null;
};

/** Keeps one file per file field in memory, up to the size limit (beyond: drained and flagged). */
function cappedEngine(maxBytes: number): StorageEngine {
  return {
    _handleFile(req, file, cb) {
      const field = fieldOf(file.fieldname);
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      file.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (!field || tooLarge) return;
        if (size > maxBytes) { tooLarge = true; chunks.length = 0; return; }
        chunks.push(chunk);
      });
      file.stream.on('error', (err) => cb(err));
      file.stream.on('end', () => cb(null, { buffer: field && !tooLarge ? Buffer.concat(chunks) : Buffer.alloc(0), size, tooLarge } as Partial<Express.Multer.File>));
    },
    _removeFile(_req, file, cb) { (file as Partial<Express.Multer.File>).buffer = undefined; cb(null); },
  };
}

/**
 * Parses the multipart action form (the kernel parser takes one file field; this form has
 * four: attachmentFile1, attachmentFile2, closeFile, abandonFile). Each file is checked like
 * every upload (size, extension, magic bytes) and staged under `tmp/`; refusals land in
 * `req.actionFileErrors` so the block comes back with its message. Never answers itself.
 */
export function parseActionFiles(maxBytes = MAX_ACTION_FILE_BYTES): RequestHandler {
  const parser = multer({ storage: cappedEngine(maxBytes), defParamCharset: 'utf8', limits: { files: 8, fieldSize: 1024 * 1024, parts: 500 } }).any();
  return (req: Request, res: Response, next: NextFunction) => {
    req.actionFiles = {};
    req.actionFileErrors = {};
    parser(req, res, (err?: unknown) => {
      if (err) {
        // Without a usable body the handler answers 400 like any broken request.
        next(err);
        return;
      }
      stage(req, maxBytes).then(() => next(), next);
    });
  };
}

async function stage(req: Request, maxBytes: number): Promise<void> {
  const files = (Array.isArray(req.files) ? req.files : []) as Array<Express.Multer.File & Kept>;
  req.files = undefined;
  for (const file of files) {
    const field = fieldOf(file.fieldname);
    if (!field || (file.size === 0 && !file.originalname)) continue;
    if (req.actionFiles![field] || req.actionFileErrors![field]) continue;
    if (file.tooLarge) {
      req.actionFileErrors![field] = { key: 'upload.too_large', params: { name: file.originalname, max: formatBytes(maxBytes) } };
      continue;
    }
    const mimeType = await detectAllowedType(file.originalname, file.buffer, ALL_UPLOAD_EXTENSIONS);
    if (!mimeType) {
      req.actionFileErrors![field] = { key: 'upload.type_not_allowed', params: { name: file.originalname, allowed: ALL_UPLOAD_EXTENSIONS.join(', ') } };
      continue;
    }
    const key = tmpKey();
    await storage.put(key, file.buffer, { contentType: mimeType });
    req.actionFiles![field] = { tmpKey: key, originalName: file.originalname, mimeType, extension: extensionOf(file.originalname), sizeBytes: file.size };
  }
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
