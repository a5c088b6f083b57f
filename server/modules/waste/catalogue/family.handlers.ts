import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { ENV_MANAGE } from '../core/waste-rights';
import { answerRemoval } from '../../../kernel/http/record-outcome';
import { FAMILY_FORM, familySchema, listQuerySchema } from './catalogue.schema';
import { findFamily, listFamilies, removeFamily, saveFamily, type FamilyRow } from './family.service';

/** `GET /waste/families` (waste_family_index): the families with how many wastes use each; `?q=` searches. */
export async function index(req: Request, res: Response): Promise<void> {
  const { q } = listQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listFamilies(req.ctx.db, tenantOf(req), q, page.perPage, page.offset);
  await renderScreen(req, res, 'waste/catalogue/families', {
    title: req.t('waste.family.title'), hideTitle: true, rows, q, pager: buildPager(req, page, total), canEdit: can(req.authUser!, ENV_MANAGE), section: 'families',
  });
}

async function renderForm(req: Request, res: Response, row: FamilyRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'waste/catalogue/_family_form', {
    title: req.t(row ? 'waste.family.edit_title' : 'waste.family.new_title'), form: FAMILY_FORM, values, errors,
    action: row ? req.ctx.routes.path('waste_family_edit', { id: row.id }) : req.ctx.routes.path('waste_family_add'),
  });
}

async function submit(req: Request, res: Response, row: FamilyRow | null): Promise<void> {
  const form = parseForm(familySchema, req.body, FAMILY_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveFamily(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'waste.family.flash.updated' : 'waste.family.flash.created', { name: form.data.name });
}

/** `GET|POST /waste/families/new` (waste_family_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, null, { name: '', version: 0 });
}

/** `GET|POST /waste/families/{id}/edit` (waste_family_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findFamily(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, version: row.version });
}

/** `POST /waste/families/{id}/delete` (waste_family_delete): 409 while a waste uses it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findFamily(req.ctx.db, tenantOf(req), routeId(req)));
  answerRemoval(req, res, await removeFamily(req.ctx.db, tenantOf(req), row.id), row.name, 'waste.family.flash.removed');
}
