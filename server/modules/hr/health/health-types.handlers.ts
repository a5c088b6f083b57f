import type { Request, Response } from 'express';
import type { FieldError } from '../../../kernel/http/forms';
import { parseForm } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { accidentTypeSchema, checkupTypeSchema } from './health.schema';
import {
  findAccidentType, findCheckupType, listAccidentTypes, listCheckupTypes, removeType, saveAccidentType, saveCheckupType, type RemoveResult,
} from './health-types.service';
import { recordId } from './health-http';

/** Answers a type removal: 200 removed, 409 in use (the spec's refusal), 404 unknown. */
function removed(req: Request, res: Response, result: RemoveResult): void {
  orNotFound(result === 'not_found' ? null : result);
  if (result === 'in_use') {
    res.status(409).json({ message: req.t('hr-health.type_admin.in_use') });
    return;
  }
  removedWith(req, res, 'hr-health.flash.trashed');
}

// ---------------------------------------------------------------- medical check-up types

/** `GET /rh/medical-checkup-types` (rh_medical_checkup_type_index). */
export async function checkupTypeIndex(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'hr/health/checkup_type_index', { hideTitle: true, title: req.t('hr-health.checkup_types.title'), rows: await listCheckupTypes(req.ctx.db, tenantOf(req)) });
}

async function checkupTypeForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hr/health/_checkup_type_form', { title: req.t(id ? 'hr-health.checkup_types.edit' : 'hr-health.checkup_types.add'), id, values, errors });
}

async function checkupTypeSave(req: Request, res: Response, id: number | null): Promise<void> {
  const current = id === null ? null : orNotFound(await findCheckupType(req.ctx.db, tenantOf(req), id));
  if (req.method === 'GET') return checkupTypeForm(req, res, id, { ...current });
  const form = parseForm(checkupTypeSchema, req.body, 'medical_checkup_type');
  if (!form.ok) return checkupTypeForm(req, res, id, form.values, form.errors);
  const result = await saveCheckupType(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'hr-health.flash.saved');
}

/** `GET|POST /rh/medical-checkup-types/new` (rh_medical_checkup_type_add). */
export const checkupTypeAdd = (req: Request, res: Response) => checkupTypeSave(req, res, null);
/** `GET|POST /rh/medical-checkup-types/{id}/edit` (rh_medical_checkup_type_edit). */
export const checkupTypeEdit = (req: Request, res: Response) => checkupTypeSave(req, res, recordId(req));
/** `POST /rh/medical-checkup-types/{id}/delete` (rh_medical_checkup_type_delete): trash, refused while used. */
export async function checkupTypeDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await removeType(req.ctx.db, 'medical_checkup_type', tenantOf(req), recordId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- accident types

/** `GET /rh/accident-types` (rh_accident_type_index). */
export async function accidentTypeIndex(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'hr/health/accident_type_index', { hideTitle: true, title: req.t('hr-health.accident_types.title'), rows: await listAccidentTypes(req.ctx.db, tenantOf(req)) });
}

async function accidentTypeForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hr/health/_accident_type_form', { title: req.t(id ? 'hr-health.accident_types.edit' : 'hr-health.accident_types.add'), id, values, errors });
}

async function accidentTypeSave(req: Request, res: Response, id: number | null): Promise<void> {
  const current = id === null ? null : orNotFound(await findAccidentType(req.ctx.db, tenantOf(req), id));
  if (req.method === 'GET') return accidentTypeForm(req, res, id, { ...current });
  const form = parseForm(accidentTypeSchema, req.body, 'accident_type');
  if (!form.ok) return accidentTypeForm(req, res, id, form.values, form.errors);
  const result = await saveAccidentType(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'hr-health.flash.saved');
}

/** `GET|POST /rh/accident-types/new` (rh_accident_type_add). */
export const accidentTypeAdd = (req: Request, res: Response) => accidentTypeSave(req, res, null);
/** `GET|POST /rh/accident-types/{id}/edit` (rh_accident_type_edit). */
export const accidentTypeEdit = (req: Request, res: Response) => accidentTypeSave(req, res, recordId(req));
/** `POST /rh/accident-types/{id}/delete` (rh_accident_type_delete): trash, refused while used. */
export async function accidentTypeDelete(req: Request, res: Response): Promise<void> {
  removed(req, res, await removeType(req.ctx.db, 'accident_type', tenantOf(req), recordId(req), req.authUser!.id));
}
