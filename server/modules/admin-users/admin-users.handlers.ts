import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';
import { recordAudit } from '../../kernel/audit/audit';
import { checkPasswords, userFilterSchema, userSchema } from './admin-users.schema';
import { findUserForm, listRoles, listUsers, saveUser, setUserEnabled } from './admin-users.service';
import { killUserSessions } from '../../kernel/auth/sessions';
import { itemOptions } from '../hierarchy/hierarchy.service';
import { buildFilterSelects, readSelection } from '../hierarchy/hierarchy-filter.service';
import { serviceOptions } from '../hierarchy/user-organisation.service';
import { passwordMinLength } from '../../kernel/auth/password-policy';
import { tenantCached } from '../../kernel/tenant-cache';

/** `GET /admin/users`: list with search (activated, role, results per page). */
export async function index(req: Request, res: Response): Promise<void> {
  const filters = userFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const tenantId = req.authUser!.tenantId;
  const selection = readSelection(req.query.selected);
  const itemIds = [...selection.values()].flat();
  const { rows, total } = await listUsers(req.ctx.db, tenantId, { ...filters, itemIds }, page);
  const hierarchySelects = await buildFilterSelects(req.ctx.db, tenantId, { rootItem: 0, restricted: false, userId: req.authUser!.id, selection, cached: tenantCached(req) });
  await renderScreen(req, res, 'admin-users/index', {
    title: req.t('users.title'), hideTitle: true, rows, filters, roles: await listRoles(req.ctx.db, req.authUser!.tenantId), pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES,
    services: await serviceOptions(req.ctx.db, req.authUser!.tenantId), hierarchySelects,
  });
}

async function renderForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'admin-users/_form', {
    title: req.t(id ? 'users.edit_title' : 'users.new_title'), id, values, errors,
    roles: await listRoles(req.ctx.db, req.authUser!.tenantId), locales: SUPPORTED_LOCALES,
    items: await itemOptions(req.ctx.db, req.authUser!.tenantId), services: await serviceOptions(req.ctx.db, req.authUser!.tenantId),
  });
}

/** `GET /admin/users/new`. */
export async function newForm(req: Request, res: Response): Promise<void> {
  await renderForm(req, res, null, { enabled: true, locale: 'fr', roles: ['user'], actionProcessedMail: true, version: 0 });
}

/** `GET /admin/users/{id}/edit`. */
export async function editForm(req: Request, res: Response): Promise<void> {
  const values = await findUserForm(req.ctx.db, req.authUser!.tenantId, Number(req.routeParams.id));
  if (!values) throw new HttpError(404, 'errors.not_found.title');
  await renderForm(req, res, Number(req.routeParams.id), values);
}

async function save(req: Request, res: Response, id: number | null): Promise<void> {
  if (id !== null && !(await findUserForm(req.ctx.db, req.authUser!.tenantId, id))) throw new HttpError(404, 'errors.not_found.title');
  const form = parseForm(userSchema, req.body, 'user');
  // Keep the supervisor's name shown in the autocomplete when the form comes back.
  const values = { ...form.values, supervisorLabel: (req.body?.user_supervisor_label as string) ?? '' };
  if (!form.ok) return renderForm(req, res, id, values, form.errors);
  const passwordErrors = checkPasswords(form.data, id === null, await passwordMinLength(req.ctx.db, { tenantId: req.authUser!.tenantId }));
  if (Object.keys(passwordErrors).length) return renderForm(req, res, id, values, passwordErrors);
  const result = await saveUser(req.ctx.db, req.authUser!, id, form.data);
  if (!result.ok && 'stale' in result) {
    res.status(409).json({ message: req.t('errors.stale') });
    return;
  }
  if (!result.ok) return renderForm(req, res, id, values, result.errors);
  if (id !== null && !form.data.enabled) await killUserSessions(req.ctx.db, id);
  addFlash(req, 'success', id ? 'users.flash.updated' : 'users.flash.created', { name: `${form.data.firstName} ${form.data.lastName}` });
  res.status(201).json({ message: req.t(id ? 'users.flash.updated' : 'users.flash.created', { name: `${form.data.firstName} ${form.data.lastName}` }) });
}

/** `POST /admin/users/new`. */
export const create = (req: Request, res: Response) => save(req, res, null);
/** `POST /admin/users/{id}/edit`. */
export const update = (req: Request, res: Response) => save(req, res, Number(req.routeParams.id));

/** `POST /admin/users/{id}/toggle`: enables or disables (sessions of a disabled user end at once). */
export async function toggle(req: Request, res: Response): Promise<void> {
  const id = Number(req.routeParams.id);
  const enable = req.body?.enabled === '1';
  if (id === req.authUser!.id && !enable) {
    addFlash(req, 'danger', 'users.validation.not_yourself');
    res.redirect(req.ctx.routes.path('admin_user_index'));
    return;
  }
  if (!(await setUserEnabled(req.ctx.db, req.authUser!.tenantId, id, enable))) throw new HttpError(404, 'errors.not_found.title');
  if (!enable) await killUserSessions(req.ctx.db, id);
  await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { user: id, enabled: enable } }).catch(() => undefined);
  addFlash(req, 'success', enable ? 'users.flash.enabled' : 'users.flash.disabled');
  const back = typeof req.body?._back === 'string' && req.body._back.startsWith('/admin/users') ? req.body._back : req.ctx.routes.path('admin_user_index');
  res.redirect(back);
}
