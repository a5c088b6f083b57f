import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { renderForm } from '../../../kernel/http/render';
import { loadConfig } from '../../../kernel/config';
import { clock } from '../../../kernel/clock';
import { recordHistory } from '../../../kernel/history/history.service';
import { createStorage, sendStoredFile, StoredFile } from '../../../kernel/storage';
import { keepUploads, uploadFiles } from '../../../kernel/uploads';
import { resolvePlan } from '../core/plan-access';
import { PLAN_HISTORY_SUBJECT } from '../core/prevention-plan.service';
import { saved } from '../../../kernel/http/respond';

/** The field of the external plan's file. */
export const EXTERNAL_FILE_FIELD = 'plan_external_file[file]';
/** Where the module's files live. */
const storage = createStorage(loadConfig());

/** Body parser of `pdp_external_file`: one PDF (a plan written elsewhere), 20 MB at most. */
export const externalFileUpload = uploadFiles({ storage, field: EXTERNAL_FILE_FIELD, maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: ['pdf'] });

/** The field of a material's document (check report, notice). */
export const MATERIAL_FILE_FIELD = 'plan_material[file]';
/** Body parser of `pdp_material_add`: at most one document of any product type, 20 MB. */
export const materialFileUpload = uploadFiles({ storage, field: MATERIAL_FILE_FIELD, maxFiles: 1, maxBytes: 20 * 1024 * 1024 });

/** Saves the request's checked upload (if any) as a stored file of the company; its id, or null. */
export async function keepOneUpload(req: Request): Promise<number | null> {
  if (!req.uploads?.length) return null;
  const [file] = await keepUploads(req, storage, req.uploads);
  return file.id;
}

/** `GET /prevention-plan/materials/{id}/file` (pdp_material_file): a material's document, for those who see the plan. */
export async function materialFile(req: Request, res: Response): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  const [row] = await req.ctx.db.query('SELECT plan_id, file_id FROM plan_material WHERE id = $1 AND tenant_id = $2', [Number(req.routeParams.id), tenantId]);
  if (!row) throw new HttpError(404, 'errors.not_found.title');
  await resolvePlan(req, row.plan_id, 'view');
  const file = row.file_id ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: row.file_id, tenantId }) : null;
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file);
}

async function renderUpload(req: Request, res: Response, planId: number, errors: Array<{ key: string; params?: Record<string, unknown> }>) {
  await renderForm(req, res, 'prevention-plan/plan/_external_file_form', {
    title: req.t('prevention-plan.external_file.title'), action: req.ctx.routes.path('pdp_external_file', { id: planId }), uploadErrors: errors,
  });
}

/**
 * `GET|POST /prevention-plan/{id}/external-file` (pdp_external_file): attaches the plan written
 * outside the application (PDF); replaces the previous one.
 */
export async function externalFile(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'edit');
  if (req.method !== 'POST') return renderUpload(req, res, plan.id, []);
  if (req.uploadErrors?.length) return renderUpload(req, res, plan.id, req.uploadErrors);
  if (!req.uploads?.length) return renderUpload(req, res, plan.id, [{ key: 'prevention-plan.external_file.required' }]);
  const [file] = await keepUploads(req, storage, req.uploads);
  await req.ctx.db.transaction(async (m) => {
    await m.query('UPDATE prevention_plan SET external_file_id = $3, version = version + 1, updated_at = $4 WHERE id = $1 AND tenant_id = $2',
      [plan.id, plan.tenantId, file.id, clock.now()]);
    await recordHistory(m, { tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, userId: req.authUser!.id, transition: 'external_file', comment: file.originalName });
  });
  saved(req, res, 'prevention-plan.flash.external_file', {}, req.ctx.routes.path('pdp_show', { id: plan.id }));
}

/** `GET /prevention-plan/{id}/external-file/download` (pdp_external_file_download): the attached PDF. */
export async function externalFileDownload(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'view');
  const [row] = await req.ctx.db.query('SELECT external_file_id FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [plan.id, plan.tenantId]);
  const file = row?.external_file_id ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: row.external_file_id, tenantId: plan.tenantId }) : null;
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file, { inline: true });
}
