import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { addFlash } from '../../../kernel/http/flash';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { OBJECTIVE_TYPES } from '../objective.entity';
import { deleteObjective, findObjective, listObjectives, objectiveSchema, saveObjective, type ObjectiveRow } from './objective.service';

const FORM = 'objective';

/** `GET /admin/objectives`: the company's TF / TG objectives per year. */
export async function objectiveIndex(req: Request, res: Response): Promise<void> {
  const rows = await listObjectives(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'admin-objective/index', { title: req.t('hr-time.objectives.title'), hideTitle: true, rows });
}

async function renderForm(req: Request, res: Response, item: ObjectiveRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'admin-objective/_form', { title: req.t(item ? 'hr-time.objectives.edit_title' : 'hr-time.objectives.new_title'), item, values, errors, types: OBJECTIVE_TYPES });
}

async function save(req: Request, res: Response, item: ObjectiveRow | null): Promise<void> {
  const form = parseForm(objectiveSchema, req.body, FORM);
  if (!form.ok) return renderForm(req, res, item, form.values, form.errors);
  const result = await saveObjective(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, item, form.values, result.errors);
  saved(req, res, item ? 'hr-time.objectives.flash.updated' : 'hr-time.objectives.flash.created', { type: form.data.type, year: form.data.year });
}

/** `GET|POST /admin/objectives/new`: the add form (modal). */
export async function objectiveAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return save(req, res, null);
  await renderForm(req, res, null, { type: 'TF', year: Number(todayIso().slice(0, 4)), value: '' });
}

/** `GET|POST /admin/objectives/{id}/edit`: the edit form (modal), stale when the row changed since it was read. */
export async function objectiveEdit(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findObjective(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return save(req, res, item);
  await renderForm(req, res, item, { type: item.type, year: item.year, value: String(item.value).replace('.', ','), lock: item.lock });
}

/** `POST /admin/objectives/{id}/delete`: 200 when deleted; 'objective not deleted' (409) when it could not be. */
export async function objectiveDelete(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findObjective(req.ctx.db, tenantOf(req), routeId(req)));
  if (!(await deleteObjective(req.ctx.db, tenantOf(req), item.id))) {
    res.status(409).json({ message: req.t('hr-time.objectives.not_deleted') });
    return;
  }
  addFlash(req, 'success', 'hr-time.objectives.flash.deleted', { type: item.type, year: item.year });
  res.status(200).json({ message: req.t('hr-time.objectives.flash.deleted', { type: item.type, year: item.year }) });
}
