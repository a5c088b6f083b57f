import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { TYPE_FORM, typeSchema } from './catalogue.schema';
import { answerRemoval } from './catalogue-respond';
import { findType, listTypes, removeType, saveType, type TypeRow } from './type.service';

/** `GET /equipment/types` (vgp_type_index): the types of control and whether each plans the next control. */
export async function index(req: Request, res: Response): Promise<void> {
  const rows = await listTypes(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'equipment/catalogue/types', {
    title: req.t('equipment.catalogue.type.title'), hideTitle: true, rows, canEdit: can(req.authUser!, 'vgp.forms'), section: 'types',
  });
}

async function renderForm(req: Request, res: Response, row: TypeRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'equipment/catalogue/_type_form', {
    title: req.t(row ? 'equipment.catalogue.type.edit_title' : 'equipment.catalogue.type.new_title'), form: TYPE_FORM, values, errors,
    action: row ? req.ctx.routes.path('vgp_type_edit', { id: row.id }) : req.ctx.routes.path('vgp_type_add'),
  });
}

async function submit(req: Request, res: Response, row: TypeRow | null): Promise<void> {
  const form = parseForm(typeSchema, req.body, TYPE_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveType(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'equipment.catalogue.type.flash.updated' : 'equipment.catalogue.type.flash.created', { name: form.data.name });
}

/** `GET|POST /equipment/types/new` (vgp_type_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { name: '', autoPlan: '1', version: 0 });
}

/** `GET|POST /equipment/types/{id}/edit` (vgp_type_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findType(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, autoPlan: row.autoPlan ? '1' : '', version: row.version });
}

/** `POST /equipment/types/{id}/delete` (vgp_type_delete): 409 while a control uses it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findType(req.ctx.db, tenantOf(req), routeId(req)));
  const outcome = await removeType(req.ctx.db, tenantOf(req), row.id);
  answerRemoval(req, res, outcome, row.name, 'equipment.catalogue.type.errors.in_use', 'equipment.catalogue.type.flash.removed');
}
