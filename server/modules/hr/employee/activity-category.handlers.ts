import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { CATEGORY_FORM, categorySchema } from './employee.schema';
import { findCategory, listCategories, saveCategory, trashCategory, type CategoryRow } from './activity-category.service';

/** `GET /rh/activity-categories` (rh_activity_category_index): code, name and how many employees carry each. */
export async function index(req: Request, res: Response): Promise<void> {
  const rows = await listCategories(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'hr/employee/category_index', { title: req.t('hr.category.title'), hideTitle: true, rows });
}

async function renderCategoryForm(req: Request, res: Response, row: CategoryRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hr/employee/_category_form', {
    title: req.t(row ? 'hr.category.edit_title' : 'hr.category.new_title'), values, errors, form: CATEGORY_FORM,
    action: row ? req.ctx.routes.path('rh_activity_category_edit', { id: row.id }) : req.ctx.routes.path('rh_activity_category_add'),
  });
}

async function submit(req: Request, res: Response, row: CategoryRow | null): Promise<void> {
  const form = parseForm(categorySchema, req.body, CATEGORY_FORM);
  if (!form.ok) return renderCategoryForm(req, res, row, form.values, form.errors);
  const result = await saveCategory(req.ctx.db, tenantOf(req), row?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderCategoryForm(req, res, row, form.values, result.errors);
  saved(req, res, row ? 'hr.category.flash.updated' : 'hr.category.flash.created', { name: form.data.name });
}

/** `GET|POST /rh/activity-categories/new` (rh_activity_category_add). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderCategoryForm(req, res, null, { code: '', name: '', version: 0 });
}

/** `GET|POST /rh/activity-categories/{id}/edit` (rh_activity_category_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findCategory(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submit(req, res, row);
  await renderCategoryForm(req, res, row, { code: row.code, name: row.name, version: row.version });
}

/** `POST /rh/activity-categories/{id}/delete` (rh_activity_category_delete): to the trash; 409 while an employee carries it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const row = orNotFound(await findCategory(req.ctx.db, tenantOf(req), routeId(req)));
  const outcome = await trashCategory(req.ctx.db, tenantOf(req), row.id, req.authUser!.id);
  if (outcome === 'not_found') orNotFound(null);
  if (outcome === 'in_use') { res.status(409).json({ message: req.t('hr.category.errors.in_use', { name: row.name, count: row.uses }) }); return; }
  removedWith(req, res, 'hr.category.flash.removed', { name: row.name });
}
