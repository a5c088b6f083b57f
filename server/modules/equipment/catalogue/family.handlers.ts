import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { FAMILY_FORM, familyFilterSchema, familySchema } from './catalogue.schema';
import { answerRemoval } from './catalogue-respond';
import { listCategoryTree } from './category.service';
import { familyOptions, findFamily, listFamilies, removeFamily, saveFamily, type FamilyRow } from './family.service';

async function categoryOptions(req: Request): Promise<Array<{ value: number; label: string }>> {
  return (await listCategoryTree(req.ctx.db, tenantOf(req))).map((c) => ({ value: c.id, label: `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}` }));
}

/** `GET /equipment/families` (vgp_family_index): the families, by category; `?category=` filters. */
export async function index(req: Request, res: Response): Promise<void> {
  const filters = familyFilterSchema.parse(req.query);
  const [rows, categories] = await Promise.all([listFamilies(req.ctx.db, tenantOf(req), filters.category), categoryOptions(req)]);
  await renderScreen(req, res, 'equipment/catalogue/families', {
    title: req.t('equipment.catalogue.family.title'), hideTitle: true, rows, categories, filters, canEdit: can(req.authUser!, 'vgp.forms'), section: 'families',
  });
}

/** `GET /equipment/families/{id}.json` (vgp_family, spec 001): the families of the category `id` as `[{id, name}]`, for the dependent select. */
export async function familiesOfCategory(req: Request, res: Response): Promise<void> {
  res.json(orNotFound(await familyOptions(req.ctx.db, tenantOf(req), routeId(req))));
}

async function renderForm(req: Request, res: Response, row: FamilyRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'equipment/catalogue/_family_form', {
    title: req.t(row ? 'equipment.catalogue.family.edit_title' : 'equipment.catalogue.family.new_title'),
    form: FAMILY_FORM, values, errors, categories: await categoryOptions(req),
    action: row ? req.ctx.routes.path('vgp_family_edit', { id: row.id }) : req.ctx.routes.path('vgp_family_add'),
  });
}

async function submit(req: Request, res: Response, row: FamilyRow | null): Promise<void> {
  const form = parseForm(familySchema, req.body, FAMILY_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveFamily(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'equipment.catalogue.family.flash.updated' : 'equipment.catalogue.family.flash.created', { name: form.data.name });
}

/** `GET|POST /equipment/families/new` (vgp_family_add); `?category=` preselects the category. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  const { category } = familyFilterSchema.parse(req.query);
  await renderForm(req, res, null, { name: '', categoryId: category ?? '', version: 0 });
}

/** `GET|POST /equipment/families/{id}/edit` (vgp_family_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findFamily(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, categoryId: row.categoryId, version: row.version });
}

/** `POST /equipment/families/{id}/delete` (vgp_family_delete): 409 while a control uses it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findFamily(req.ctx.db, tenantOf(req), routeId(req)));
  const outcome = await removeFamily(req.ctx.db, tenantOf(req), row.id);
  answerRemoval(req, res, outcome, row.name, 'equipment.catalogue.family.errors.in_use', 'equipment.catalogue.family.flash.removed');
}
