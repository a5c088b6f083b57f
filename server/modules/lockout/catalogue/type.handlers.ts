import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { LOCKOUT_MANAGE } from '../core/lockout-rights';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { TYPE_FORM, typeSchema, listQuerySchema } from './catalogue.schema';
import { findType, listTypes, removeType, saveType, type TypeRow } from './catalogue.service';

/** `GET /consignment/types` (consignment_type_index): the consignment types with their colour and use; `?q=` searches. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q } = listQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listTypes(req.ctx.db, tenantOf(req), q, page.perPage, page.offset);
  await renderScreen(req, res, 'lockout/catalogue/types', {
    title: req.t('lockout.type.title'), hideTitle: true, rows, q, pager: buildPager(req, page, total), canEdit: can(req.authUser!, LOCKOUT_MANAGE), section: 'types',
  });
}

async function renderForm(req: Request, res: Response, row: TypeRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'lockout/catalogue/_type_form', {
    title: req.t(row ? 'lockout.type.edit_title' : 'lockout.type.new_title'), form: TYPE_FORM, values, errors,
    action: row ? req.ctx.routes.path('consignment_type_edit', { id: row.id }) : req.ctx.routes.path('consignment_type_add'),
  });
}

async function submit(req: Request, res: Response, row: TypeRow | null): Promise<void> {
  const form = parseForm(typeSchema, req.body, TYPE_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveType(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'lockout.type.flash.updated' : 'lockout.type.flash.created', { name: form.data.name });
}

/** `GET|POST /consignment/types/new` (consignment_type_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { name: '', color: '#dc3545', version: 0 });
}

/** `GET|POST /consignment/types/{id}/edit` (consignment_type_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findType(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, color: row.color, version: row.version });
}

/** `POST /consignment/types/{id}/delete` (consignment_type_delete): 409 while an isolation point uses it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findType(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeType(req.ctx.db, tenantOf(req), row.id), row.name, 'lockout.type.flash.removed');
}
