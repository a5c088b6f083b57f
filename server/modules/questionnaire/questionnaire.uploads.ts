import type { NextFunction, Request, Response } from 'express';
import { loadConfig } from '../../kernel/config';
import { HttpError } from '../../kernel/http/errors';
import { createStorage, promoteUpload, type StoredFile } from '../../kernel/storage';
import { ALL_UPLOAD_EXTENSIONS, discardStaged, FORM_TEXT_BYTES, saveStagedUpload, stageFiles, uploadFiles, type StagedPart, type StagedUpload, type UploadError } from '../../kernel/uploads';
import type { RouteHandler } from '../../kernel/http/route-table';
import type { QuestionnaireUpload } from './parse-responses';

/** The storage of the module's files (answers, signatures, help files). */
export const storage = createStorage(loadConfig());

/** Largest file accepted as an answer. */
export const MAX_ANSWER_FILE_BYTES = 10 * 1024 * 1024;
/** The product's limit of files sent at once. */
export const MAX_ANSWER_FILES = 10;

declare global {
  namespace Express {
    interface Request {
      /** Answer files of a questionnaire form (set by {@link questionnaireUploads}). */
      answerFiles?: QuestionnaireUpload[];
    }
  }
}

const ANSWER_FIELD = /^questionnaire\[q\d+\]$/;
const ANSWER_RULE = { maxBytes: MAX_ANSWER_FILE_BYTES, allowed: ALL_UPLOAD_EXTENSIONS };

/** The question's error for each upload refusal. */
const REFUSALS: Record<UploadError['key'], string> = {
  'upload.too_many': 'questionnaire.errors.too_many_files',
  'upload.too_large': 'questionnaire.errors.file_too_large',
  'upload.type_not_allowed': 'questionnaire.errors.file_type',
  'upload.failed': 'questionnaire.errors.file_type',
};

const asUpload = (part: StagedPart): QuestionnaireUpload => ({
  fieldname: part.field, originalname: part.originalName, staged: part.upload, refusal: part.refusal ? REFUSALS[part.refusal.key] : undefined,
});

/**
 * Body parser of a route whose form includes `questionnaire/_fill` (declare it in the route:
 * `bodyParsers: [questionnaireUploads]`; the client always posts multipart FormData). It parses
 * the fields and streams the answer files (`questionnaire[q<id>]`) to the storage's `tmp/`, each
 * checked by size (10 MB), count (10) and extension + magic bytes, into `req.answerFiles`
 * ({@link QuestionnaireUpload}: `staged`, or `refusal`, a translation key that `parseResponses`
 * turns into the question's error). Files of other inputs are skipped. `saveResponses` moves the
 * kept ones to their final keys; whatever is still under `tmp/` when the answer is sent (a form
 * shown again with errors) is removed then.
 */
export const questionnaireUploads: RouteHandler = (req: Request, res: Response, next: NextFunction) => {
  const maxRequestBytes = MAX_ANSWER_FILES * MAX_ANSWER_FILE_BYTES + FORM_TEXT_BYTES;
  stageFiles(req, res, { storage, maxFiles: MAX_ANSWER_FILES, maxRequestBytes, ruleOf: (field) => (ANSWER_FIELD.test(field) ? ANSWER_RULE : null) }).then((parts) => {
    req.answerFiles = parts.map(asUpload);
    // Moving a kept file leaves nothing at its temporary key, so this removes only the unused ones.
    res.once('finish', () => void discardStaged(storage, parts).catch((err: unknown) => console.error('[questionnaire] tmp', err)));
    next();
  }, (err: unknown) => next(err instanceof HttpError ? err : new HttpError(400, 'errors.bad_request')));
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
