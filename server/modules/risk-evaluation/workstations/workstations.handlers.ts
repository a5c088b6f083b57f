import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { answerRemoval } from '../core/du-http';
import { entityChoices, workUnitChoices } from '../core/du-places.service';
import { workstationSchema } from './workstations.schema';
import { foreignPlaces, listWorkstations, removeWorkstation, saveWorkstation } from './workstations.service';

/** `GET /unique-document/workstations` (unique_document_workstation_index): the company's workstations. */
export async function workstationIndex(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/workstations/index', {
    title: req.t('risk-evaluation.workstations.title'), hideTitle: true, rows: await listWorkstations(req.ctx.db, tenantOf(req)),
  });
}

async function workstationForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tenantId = tenantOf(req);
  const [items, workUnits] = await Promise.all([entityChoices(req.ctx.db, tenantId), workUnitChoices(req.ctx.db, tenantId)]);
  await renderScreen(req, res, 'risk-evaluation/workstations/_form', {
    title: req.t(id ? 'risk-evaluation.workstations.edit_title' : 'risk-evaluation.workstations.new_title'), id, values, errors, items, workUnits,
  });
}

async function workstationSave(req: Request, res: Response, id: number | null): Promise<void> {
  const tenantId = tenantOf(req);
  const current = id === null ? null : orNotFound((await listWorkstations(req.ctx.db, tenantId, id))[0]);
  if (req.method === 'GET') return workstationForm(req, res, id, current ? { ...current } : { version: 0 });
  const form = parseForm(workstationSchema, req.body, 'du_workstation');
  if (!form.ok) return workstationForm(req, res, id, form.values, form.errors);
  const foreign = await foreignPlaces(req.ctx.db, tenantId, form.data);
  if (Object.keys(foreign).length) return workstationForm(req, res, id, form.values, foreign);
  const result = await saveWorkstation(req.ctx.db, tenantId, id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'risk-evaluation.flash.saved');
}

/** `GET|POST /unique-document/workstations/new` (unique_document_workstation_new). */
export const workstationNew = (req: Request, res: Response) => workstationSave(req, res, null);
/** `GET|POST /unique-document/workstations/{id}/edit` (unique_document_workstation_edit). */
export const workstationEdit = (req: Request, res: Response) => workstationSave(req, res, routeId(req));
/** `POST /unique-document/workstations/{id}/delete` (unique_document_workstation_delete): trash, refused while in use. */
export async function workstationDelete(req: Request, res: Response): Promise<void> {
  answerRemoval(req, res, await removeWorkstation(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id), 'risk-evaluation.workstations.in_use');
}
