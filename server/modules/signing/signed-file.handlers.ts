import type { Request, Response } from 'express';
import { clock } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { recordHistory } from '../../kernel/history/history.service';
import { HttpError } from '../../kernel/http/errors';
import { renderForm } from '../../kernel/http/render';
import { orNotFound, saved } from '../../kernel/http/respond';
import type { RouteDef } from '../../kernel/http/route-table';
import { createStorage, sendStoredFile, StoredFile } from '../../kernel/storage';
import { keepUploads, uploadFiles, type UploadError } from '../../kernel/uploads';
import type { Workflow } from '../../kernel/workflow';
import { grantsOf, type SigningFileRoutes } from './signatures-panel';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';
import type { SigningDocumentRef } from './transition.handler';

/** Where the signed and external files of protocols and PPSPS live. */
const storage = createStorage(loadConfig());

/** The field of the uploaded file (one form for both kinds). */
export const SIGNING_FILE_FIELD = 'signing_file[file]';
const MAX_BYTES = 20 * 1024 * 1024;
/** Body parser of the signed paper document: one scan (PDF or image), 20 MB at most (as the plan's). */
export const signedFileUpload = uploadFiles({ storage, field: SIGNING_FILE_FIELD, maxFiles: 1, maxBytes: MAX_BYTES, allowed: ['pdf', 'jpg', 'jpeg', 'png'] });
/** Body parser of the document written outside the application: one PDF, 20 MB at most (as the plan's). */
export const externalFileUpload = uploadFiles({ storage, field: SIGNING_FILE_FIELD, maxFiles: 1, maxBytes: MAX_BYTES, allowed: ['pdf'] });

/** The two files of a signed document: the signed paper (`validate_manual`) and the external one (`validate_external_file`). */
export type SigningFileKind = 'signed' | 'external';

const FILE_RULES: Record<SigningFileKind, { column: 'signed_file_id' | 'external_file_id'; state: string; stateError: string; history: string; accept: string }> = {
  // The scan is uploaded while the document waits for its paper signature.
  signed: { column: 'signed_file_id', state: 'waiting_manual', stateError: 'signing.files.not_waiting_manual', history: 'signed_file', accept: 'application/pdf,.pdf,image/jpeg,.jpg,.jpeg,image/png,.png' },
  // A document written elsewhere is attached to a draft, then put into operation by validate_external_file.
  external: { column: 'external_file_id', state: 'draft', stateError: 'signing.files.not_draft', history: 'external_file', accept: 'application/pdf,.pdf' },
};

/** What a module gives to get its file routes. */
export interface SigningFileRouteOptions {
  workflow: Workflow<SigningWorkflowSubject>;
  subject: SigningSubject;
  /** The document for the request's user (the module's 404 when he may not see it). */
  resolve: (req: Request, id: string | number) => Promise<SigningDocumentRef>;
  /** Where the page goes once the file is kept (the tab showing the panel). */
  redirect: (req: Request, id: number) => string;
  /** Forgets what the module cached for the request. */
  afterChange?: (req: Request) => void;
}

async function renderFileForm(req: Request, res: Response, kind: SigningFileKind, action: string, errors: Array<UploadError | { key: string; params?: Record<string, unknown> }>): Promise<void> {
  await renderForm(req, res, 'signing/_file_form', {
    title: req.t(`signing.files.${kind}_title`), action, uploadErrors: errors, field: SIGNING_FILE_FIELD, accept: FILE_RULES[kind].accept,
    label: req.t(`signing.files.${kind}_file`), help: req.t(`signing.files.${kind}_help`), kind,
  });
}

/**
 * `GET|POST /<document>/{id}/signed-file` and `/external-file`: the form, then the upload kept
 * (replacing the previous file, a history row). Allowed to granted users (editor or internal
 * signer, {@link grantsOf}) in the right state: the signed scan while `waiting_manual`, the
 * external file in `draft`; 403 otherwise.
 */
export function signingFileHandler(o: SigningFileRouteOptions, kind: SigningFileKind, routeName: string) {
  const rule = FILE_RULES[kind];
  return async function signingFile(req: Request, res: Response): Promise<void> {
    const doc = await o.resolve(req, req.routeParams.id);
    const loaded = await o.workflow.load(req.ctx.db, doc);
    if (!grantsOf(req, o.subject, loaded).granted) throw new HttpError(403, 'signing.files.forbidden');
    if (loaded?.status !== rule.state) throw new HttpError(403, rule.stateError);
    const action = req.ctx.routes.path(routeName, { id: doc.id });
    if (req.method !== 'POST') return renderFileForm(req, res, kind, action, []);
    if (req.uploadErrors?.length) return renderFileForm(req, res, kind, action, req.uploadErrors);
    if (!req.uploads?.length) return renderFileForm(req, res, kind, action, [{ key: 'signing.files.required' }]);
    const [file] = await keepUploads(req, storage, req.uploads);
    await req.ctx.db.transaction(async (m) => {
      await m.query(`UPDATE "${o.subject.table}" SET ${rule.column} = $3, version = version + 1, updated_at = $4 WHERE id = $1 AND tenant_id = $2`,
        [doc.id, doc.tenantId, file.id, clock.now()]);
      await recordHistory(m, { tenantId: doc.tenantId, subjectType: o.subject.type, subjectId: doc.id, userId: req.authUser!.id, transition: rule.history, comment: file.originalName });
    });
    o.afterChange?.(req);
    saved(req, res, `signing.files.flash_${kind}`, { name: file.originalName }, o.redirect(req, doc.id));
  };
}

/** `GET /<document>/{id}/signed-file/download` and `/external-file/download`: the kept file, for those who see the document. */
export function signingFileDownload(o: Pick<SigningFileRouteOptions, 'subject' | 'resolve'>, kind: SigningFileKind) {
  const column = FILE_RULES[kind].column;
  return async function download(req: Request, res: Response): Promise<void> {
    const doc = await o.resolve(req, req.routeParams.id);
    const [row] = await req.ctx.db.query(`SELECT ${column} AS id FROM "${o.subject.table}" WHERE id = $1 AND tenant_id = $2`, [doc.id, doc.tenantId]);
    const file = orNotFound(row?.id ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: Number(row.id), tenantId: doc.tenantId }) : null);
    await sendStoredFile(res, storage, file, { inline: true });
  };
}

/**
 * The four file routes of a document: `<prefix>_signed_file`, `<prefix>_signed_file_download`,
 * `<prefix>_external_file`, `<prefix>_external_file_download` under `<basePath>/{id}/...`.
 */
export function signingFileRoutes(o: SigningFileRouteOptions & { prefix: string; basePath: string; right: string; toggle?: string }): RouteDef[] {
  const base = `${o.basePath}/{id}`;
  const extra = o.toggle ? { toggle: o.toggle } : {};
  const n = signingFileRouteNames(o.prefix);
  return [
    { name: n.signed, method: ['GET', 'POST'], path: `${base}/signed-file`, right: o.right, ...extra, handler: signingFileHandler(o, 'signed', n.signed), bodyParsers: [signedFileUpload] },
    { name: n.signedDownload, method: 'GET', path: `${base}/signed-file/download`, right: o.right, ...extra, handler: signingFileDownload(o, 'signed') },
    { name: n.external, method: ['GET', 'POST'], path: `${base}/external-file`, right: o.right, ...extra, handler: signingFileHandler(o, 'external', n.external), bodyParsers: [externalFileUpload] },
    { name: n.externalDownload, method: 'GET', path: `${base}/external-file/download`, right: o.right, ...extra, handler: signingFileDownload(o, 'external') },
  ];
}

/** The names of the four file routes of `signingFileRoutes` (the signatures panel links to them). */
export function signingFileRouteNames(prefix: string): SigningFileRoutes {
  return { signed: `${prefix}_signed_file`, signedDownload: `${prefix}_signed_file_download`, external: `${prefix}_external_file`, externalDownload: `${prefix}_external_file_download` };
}
