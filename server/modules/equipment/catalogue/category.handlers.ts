import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { PRESET_CODES } from '../core/presets';
import { CATEGORY_FORM, categorySchema } from './catalogue.schema';
import { answerRemoval } from './catalogue-respond';
import { findCategory, listCategoryTree, removeCategory, saveCategory, subtreeOf, type CategoryRow } from './category.service';

/** `GET /equipment/categories` (vgp_category_index): the category tree with what uses each category. */
export async function index(req: Request, res: Response): Promise<void> {
  const rows = await listCategoryTree(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'equipment/catalogue/categories', {
    title: req.t('equipment.catalogue.category.title'), hideTitle: true, rows, canEdit: can(req.authUser!, 'vgp.forms'), section: 'categories',
  });
}

async function renderForm(req: Request, res: Response, row: CategoryRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tree = await listCategoryTree(req.ctx.db, tenantOf(req));
  const excluded = row ? subtreeOf(tree, row.id) : new Set<number>();
  const parents = tree.filter((c) => !excluded.has(c.id)).map((c) => ({ value: c.id, label: `${'\u00a0\u00a0'.repeat(c.depth)}${c.name}` }));
  const presets = PRESET_CODES.map((code) => ({ value: code, label: req.t(`equipment.preset.${code}`) }));
  await renderScreen(req, res, 'equipment/catalogue/_category_form', {
    title: req.t(row ? 'equipment.catalogue.category.edit_title' : 'equipment.catalogue.category.new_title'),
    form: CATEGORY_FORM, values, errors, parents, presets,
    action: row ? req.ctx.routes.path('vgp_category_edit', { id: row.id }) : req.ctx.routes.path('vgp_category_add'),
  });
}

async function submit(req: Request, res: Response, row: CategoryRow | null): Promise<void> {
  const form = parseForm(categorySchema, req.body, CATEGORY_FORM);
  if (!form.ok) return renderForm(req, res, row, form.values, form.errors);
  const result = await saveCategory(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'equipment.catalogue.category.flash.updated' : 'equipment.catalogue.category.flash.created', { name: form.data.name });
}

/** `GET|POST /equipment/categories/new` (vgp_category_add); `?parent=` preselects the parent. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  const parent = typeof req.query.parent === 'string' && /^\d{1,10}$/.test(req.query.parent) ? req.query.parent : '';
  await renderForm(req, res, null, { name: '', parentId: parent, isEquipment: '1', preset: '', version: 0 });
}

/** `GET|POST /equipment/categories/{id}/edit` (vgp_category_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findCategory(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderForm(req, res, row, { name: row.name, parentId: row.parentId ?? '', isEquipment: row.isEquipment ? '1' : '', preset: row.preset ?? '', version: row.version });
}

/** `POST /equipment/categories/{id}/delete` (vgp_category_delete): 409 while sub-categories, families, equipment or controls use it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findCategory(req.ctx.db, tenantOf(req), routeId(req)));
  const outcome = await removeCategory(req.ctx.db, tenantOf(req), row.id);
  answerRemoval(req, res, outcome, row.name, 'equipment.catalogue.category.errors.in_use', 'equipment.catalogue.category.flash.removed');
}
