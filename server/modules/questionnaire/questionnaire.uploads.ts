import type { NextFunction, Request, Response } from 'express';
import multer, { type StorageEngine } from 'multer';
import { loadConfig } from '../../kernel/config';
import { createStorage, promoteUpload, type StoredFile } from '../../kernel/storage';
import { ALL_UPLOAD_EXTENSIONS, detectAllowedType, saveStagedUpload, uploadFiles, type StagedUpload } from '../../kernel/uploads';
import type { RouteHandler } from '../../kernel/http/route-table';
import type { QuestionnaireUpload } from './parse-responses';

/** The storage of the module's files (answers, signatures, help files). */
export const storage = createStorage(loadConfig());

/** Largest file accepted as an answer. */
export const MAX_ANSWER_FILE_BYTES = 10 * 1024 * 1024;
/** The product's limit of files sent at once. */
export const MAX_ANSWER_FILES = 10;

const ANSWER_FIELD = /^questionnaire\[q\d+\]$/;

/** Memory storage that keeps answer files up to the limits and flags (not raises) what goes beyond. */
function answerFilesEngine(): StorageEngine {
  const counts = new WeakMap<Request, number>();
  return {
    _handleFile(req, file, cb) {
      const mine = ANSWER_FIELD.test(file.fieldname);
      const seen = (counts.get(req) ?? 0) + (mine ? 1 : 0);
      counts.set(req, seen);
      const chunks: Buffer[] = [];
      let size = 0;
      file.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_FILE_BYTES) chunks.push(chunk);
      });
      file.stream.on('error', cb);
      file.stream.on('end', () => {
        const refusal = !mine ? undefined : seen > MAX_ANSWER_FILES ? 'questionnaire.errors.too_many_files' : size > MAX_ANSWER_FILE_BYTES ? 'questionnaire.errors.file_too_large' : undefined;
        cb(null, { buffer: size > MAX_ANSWER_FILE_BYTES ? Buffer.alloc(0) : Buffer.concat(chunks), size, refusal } as Partial<Express.Multer.File>);
      });
    },
    _removeFile(_req, file, cb) {
      (file as Partial<Express.Multer.File>).buffer = undefined;
      cb(null);
    },
  };
}

const parser = multer({
  storage: answerFilesEngine(),
  // Browsers send the file name as raw UTF-8 ("Schéma.pdf").
  defParamCharset: 'utf8',
  // A ceiling far above the product limit, against requests built to exhaust the server; a signature is a data URL of up to 500 KB.
  limits: { files: MAX_ANSWER_FILES + 20, fieldSize: 2 * 1024 * 1024, parts: 3000 },
}).any() as unknown as RouteHandler;

/**
 * Body parser of a route whose form includes `questionnaire/_fill` (declare it in the route:
 * `bodyParsers: [questionnaireUploads]`; the client always posts multipart FormData). It parses
 * the fields and keeps the answer files (`questionnaire[q<id>]`) in memory in `req.files`, each
 * checked by size (10 MB), count (10) and extension + magic bytes; a refused file carries
 * `refusal` (a translation key) that `parseResponses` turns into the question's error. Files of
 * other fields are left in `req.files` unchecked, for the route's own handling.
 */
export const questionnaireUploads: RouteHandler = (req: Request, res: Response, next: NextFunction) => {
  parser(req, res, (err?: unknown) => {
    if (err) return next(err);
    const files = (Array.isArray(req.files) ? req.files : []) as QuestionnaireUpload[];
    const checks = files.filter((f) => ANSWER_FIELD.test(f.fieldname) && !f.refusal && f.originalname).map(async (f) => {
      const type = await detectAllowedType(f.originalname, f.buffer, ALL_UPLOAD_EXTENSIONS);
      if (type) f.checkedType = type;
      else f.refusal = 'questionnaire.errors.file_type';
    });
    Promise.all(checks).then(() => next(), next);
  });
};

/** Help files of groups: documents and images, one at a time, field `helpFile`. */
export const parseHelpFile = uploadFiles({ storage, field: 'helpFile', maxFiles: 1, maxBytes: 10 * 1024 * 1024, allowed: ['pdf', 'docx', 'odt', 'xlsx', 'ods', 'png', 'jpg', 'jpeg', 'txt'] });

/** The first refusal of `parseHelpFile` as a translated sentence, or null. */
export function helpFileError(req: Request): string | null {
  const e = req.uploadErrors?.[0];
  return e ? req.t(e.key, e.params) : null;
}

/** Saves a staged upload as a stored file of the active company, then moves it to its final key. */
export async function keepUpload(req: Request, upload: StagedUpload): Promise<StoredFile> {
  const user = req.authUser!;
  const file = await req.ctx.db.transaction((m) => saveStagedUpload(m, upload, { tenantId: user.tenantId, userId: user.id }));
  await promoteUpload(storage, upload.tmpKey, file.storageKey);
  return file;
}
