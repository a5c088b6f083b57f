import type { Request, Response } from 'express';
import { recordAudit } from '../../kernel/audit/audit';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { NAMED_COLORS } from '../../kernel/palette';
import { RIGHTS_CATALOGUE } from '../../kernel/rights/catalogue';
import { SUPER_ADMIN } from '../../kernel/rights/registry';
import { badgeStyle } from './admin-roles.colors';
import { matrixKey, parseMatrix, roleSchema, systemRoleSchema } from './admin-roles.schema';
import { createRole, deleteRole, findRole, listRoles, rightsMatrix, saveMatrix, updateRole, type RoleRow } from './admin-roles.service';

/** Shown label of a role: the translation for a system role, the typed label otherwise. */
function roleLabel(req: Request, role: Pick<RoleRow, 'code' | 'label' | 'isSystem'>): string {
  return role.isSystem ? req.t(`roles.${role.code}`, { defaultValue: role.label }) : role.label;
}

/** The active company: every screen here shows and changes its roles only. */
function companyOf(req: Request): number {
  return req.authUser!.tenantId;
}

/** The sentence telling whose roles the screen shows. */
function companyScope(req: Request): string {
  const user = req.authUser!;
  return req.t('roles.ui.company_scope', { company: user.tenants.find((c) => c.id === user.tenantId)?.name ?? '' });
}

/** `GET /admin/roles`: the company's system roles then its custom ones. */
export async function index(req: Request, res: Response): Promise<void> {
  const roles = (await listRoles(req.ctx.db, companyOf(req))).map((r) => ({ ...r, shownLabel: roleLabel(req, r) }));
  await renderScreen(req, res, 'admin-roles/index', { title: req.t('roles.ui.title'), hideTitle: true, roles, badgeStyle, companyScope: companyScope(req) });
}

async function renderForm(req: Request, res: Response, role: RoleRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'admin-roles/_form', {
    title: role ? req.t('roles.ui.edit_title', { label: roleLabel(req, role) }) : req.t('roles.ui.new_title'),
    role, values, errors, colors: Object.keys(NAMED_COLORS), badgeStyle,
  });
}

async function roleOr404(req: Request): Promise<RoleRow> {
  const role = await findRole(req.ctx.db, companyOf(req), Number(req.routeParams.id));
  if (!role) throw new HttpError(404, 'errors.not_found.title');
  return role;
}

/** `GET /admin/roles/new` (modal). */
export async function newForm(req: Request, res: Response): Promise<void> {
  await renderForm(req, res, null, { label: '', color: 'blue' });
}

/** `POST /admin/roles/new`: 201 when created, 200 with the errors. */
export async function create(req: Request, res: Response): Promise<void> {
  const form = parseForm(roleSchema, req.body, 'role');
  if (!form.ok) return renderForm(req, res, null, form.values, form.errors);
  const created = await createRole(req.ctx.db, companyOf(req), form.data);
  await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { role: created.code, action: 'role_created' } }).catch(() => undefined);
  addFlash(req, 'success', 'roles.ui.flash.created', { label: form.data.label });
  res.status(201).json({ message: req.t('roles.ui.flash.created', { label: form.data.label }) });
}

/** `GET /admin/roles/{id}/edit` (modal). */
export async function editForm(req: Request, res: Response): Promise<void> {
  const role = await roleOr404(req);
  await renderForm(req, res, role, { label: role.label, color: role.color });
}

/** `POST /admin/roles/{id}/edit`: a system role keeps its translated label, only its colour changes. */
export async function update(req: Request, res: Response): Promise<void> {
  const role = await roleOr404(req);
  const form = parseForm(role.isSystem ? systemRoleSchema : roleSchema, req.body, 'role');
  if (!form.ok) return renderForm(req, res, role, { label: role.label, ...form.values }, form.errors);
  const data = form.data as { label?: string; color: string };
  await updateRole(req.ctx.db, companyOf(req), role, data);
  const label = role.isSystem ? roleLabel(req, role) : (data.label ?? role.label);
  addFlash(req, 'success', 'roles.ui.flash.updated', { label });
  res.status(201).json({ message: req.t('roles.ui.flash.updated', { label }) });
}

/** `POST /admin/roles/{id}/delete`: 200 when removed; system roles are refused with 'Action non autorisée.', another company's role is 404. */
export async function remove(req: Request, res: Response): Promise<void> {
  const id = Number(req.routeParams.id);
  const role = await findRole(req.ctx.db, companyOf(req), id);
  const outcome = await deleteRole(req.ctx.db, companyOf(req), id);
  if (outcome === 'not_found') throw new HttpError(404, 'errors.not_found.title');
  if (outcome === 'system') throw new HttpError(403, 'roles.ui.unauthorised');
  await recordAudit(req.ctx.db, { event: 'deletion', req, detail: { role: role?.code, label: role?.label, users: role?.userCount ?? 0 } }).catch(() => undefined);
  res.status(200).json({ message: req.t('roles.ui.flash.deleted', { label: role?.label ?? '' }) });
}

/** `GET /admin/roles/rights`: the matrix roles x rights grouped by module. */
export async function rightsForm(req: Request, res: Response): Promise<void> {
  const matrix = await rightsMatrix(req.ctx.db, companyOf(req));
  const roles = matrix.roles.map((r) => ({ ...r, shownLabel: roleLabel(req, r), all: r.code === SUPER_ADMIN, held: matrix.held.get(r.id) ?? new Set<string>() }));
  await renderScreen(req, res, 'admin-roles/rights', {
    title: req.t('roles.ui.rights_title'), hideTitle: true, roles, groups: Object.entries(RIGHTS_CATALOGUE), fingerprint: matrix.fingerprint, badgeStyle, matrixKey,
    companyScope: companyScope(req),
  });
}

/** `POST /admin/roles/rights`: replaces the rights of every shown role of the company, then back to the matrix (POST-redirect-GET). */
export async function rightsSave(req: Request, res: Response): Promise<void> {
  const input = parseMatrix(req.body);
  const outcome = await saveMatrix(req.ctx.db, companyOf(req), input);
  if (outcome === 'stale') {
    addFlash(req, 'warning', 'roles.ui.flash.rights_stale');
  } else {
    await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { action: 'rights_saved', roles: input.roleIds } }).catch(() => undefined);
    addFlash(req, 'success', 'roles.ui.flash.rights_saved');
  }
  res.redirect(303, req.ctx.routes.path('admin_role_rights'));
}
