import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { planTabUrl, requirePlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { findPlanCompany, type PlanCompanyRow } from '../core/plan-company.service';
import { EXTERNAL_STAFF_FORM, STAFF_CREATE_FORM, STAFF_FORM, externalStaffSchema, staffAddSchema, staffCreateSchema } from '../core/plan-staff.schema';
import { addExternalStaff, addStaff, availableContacts, availableUsers, createStaff, findPlanStaff, functionOptions, removeStaff } from '../core/plan-staff.service';
import { routeId, saved, tenantOf } from '../../../kernel/http/respond';
import { MAX_STAFF_LINES, STAFF_LINES_FORM, STAFF_LINE_FIELDS, addStaffLines, pastedLines, typedLines, type StaffLine } from '../core/plan-staff-lines.service';

/** The plan company `{id}` of the tenant, its plan checked for edit (404 / 403). */
async function companyForEdit(req: Request): Promise<{ company: PlanCompanyRow; plan: PlanRef }> {
  const company = await findPlanCompany(req.ctx.db, tenantOf(req), routeId(req));
  if (!company) throw new HttpError(404, 'errors.not_found.title');
  return { company, plan: await requirePlan(req, company.planId, 'edit') };
}

function staffSaved(req: Request, res: Response, plan: PlanRef, key: string, name: string): void {
  saved(req, res, key, { name }, planTabUrl(req, plan.id, 'staff'));
}

async function renderAdd(req: Request, res: Response, company: PlanCompanyRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const db = req.ctx.db;
  const contacts = company.tiersId != null ? await availableContacts(db, tenantOf(req), company) : null;
  const users = company.tiersId == null ? await availableUsers(db, tenantOf(req), company) : null;
  await renderScreen(req, res, 'prevention-plan/staff/_staff_form', { title: req.t('plan-company.staff.add_title', { company: company.name }), company, contacts, users, values, errors });
}

/** `GET|POST /prevention-plan/company/{id}/staff/add` (pdp_staff_add): add a contact of the company (or a user for the user company). */
export async function staffAdd(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyForEdit(req);
  if (req.method !== 'POST') return renderAdd(req, res, company, {});
  const form = parseForm(staffAddSchema, req.body, STAFF_FORM);
  if (!form.ok) return renderAdd(req, res, company, form.values, form.errors);
  const result = await addStaff(req.ctx.db, plan, req.authUser!.id, company, form.data);
  if (!result.ok) return renderAdd(req, res, company, form.values, result.errors);
  const staff = await findPlanStaff(req.ctx.db, tenantOf(req), result.id);
  staffSaved(req, res, plan, 'plan-company.flash.staff_added', `${staff?.firstName ?? ''} ${staff?.lastName ?? ''}`.trim());
}

async function renderCreate(req: Request, res: Response, company: PlanCompanyRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const functions = await functionOptions(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'prevention-plan/staff/_staff_create_form', { title: req.t('plan-company.staff.create_title', { company: company.name }), company, functions, values, errors });
}

/** `GET|POST /prevention-plan/company/{id}/staff/create` (pdp_staff_create): create a contact in the CRM and add him. */
export async function staffCreate(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyForEdit(req);
  if (company.tiersId == null) throw new HttpError(404, 'errors.not_found.title');
  if (req.method !== 'POST') return renderCreate(req, res, company, {});
  const form = parseForm(staffCreateSchema, req.body, STAFF_CREATE_FORM);
  if (!form.ok) return renderCreate(req, res, company, form.values, form.errors);
  const result = await createStaff(req.ctx.db, plan, req.authUser!.id, company, form.data);
  if (!result.ok) return renderCreate(req, res, company, form.values, result.errors);
  staffSaved(req, res, plan, 'plan-company.flash.staff_created', `${form.data.firstName} ${form.data.lastName}`.trim());
}

async function renderExternal(req: Request, res: Response, company: PlanCompanyRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'prevention-plan/staff/_staff_external_form', { title: req.t('plan-company.staff.external_title', { company: company.name }), company, values, errors });
}

/** `GET|POST /prevention-plan/company/{id}/external-staff/add` (pdp_external_staff_add): a person without CRM contact. */
export async function externalStaffAdd(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyForEdit(req);
  if (req.method !== 'POST') return renderExternal(req, res, company, {});
  const form = parseForm(externalStaffSchema, req.body, EXTERNAL_STAFF_FORM);
  if (!form.ok) return renderExternal(req, res, company, form.values, form.errors);
  await addExternalStaff(req.ctx.db, plan, req.authUser!.id, company, form.data);
  staffSaved(req, res, plan, 'plan-company.flash.staff_added', `${form.data.firstName} ${form.data.lastName}`.trim());
}

async function remove(req: Request, res: Response, external: boolean): Promise<void> {
  const staff = await findPlanStaff(req.ctx.db, tenantOf(req), routeId(req));
  if (!staff || staff.external !== external) throw new HttpError(404, 'errors.not_found.title');
  const company = await findPlanCompany(req.ctx.db, tenantOf(req), staff.planCompanyId);
  if (!company) throw new HttpError(404, 'errors.not_found.title');
  const plan = await requirePlan(req, staff.planId, 'edit');
  await removeStaff(req.ctx.db, plan, req.authUser!.id, company, staff);
  res.status(200).json({ message: req.t('plan-company.flash.staff_removed', { name: `${staff.firstName ?? ''} ${staff.lastName}`.trim() }) });
}

/** `POST /prevention-plan/staff/{id}/remove` (pdp_staff_remove): 200 when removed. */
export async function staffRemove(req: Request, res: Response): Promise<void> {
  await remove(req, res, false);
}

/** `POST /prevention-plan/external-staff/{id}/remove` (pdp_external_staff_remove): 200 when removed. */
export async function externalStaffRemove(req: Request, res: Response): Promise<void> {
  await remove(req, res, true);
}

interface LinesState { lines: StaffLine[]; paste: string; formError?: FieldError; lineErrors: Array<Record<string, FieldError>> }

async function renderLines(req: Request, res: Response, company: PlanCompanyRow, s: LinesState): Promise<void> {
  // Three empty rows to start with; « Ajouter une ligne » adds more in the browser.
  const lines = s.lines.length ? s.lines : Array.from({ length: 3 }, () => Object.fromEntries(STAFF_LINE_FIELDS.map((f) => [f, ''])) as StaffLine);
  await renderScreen(req, res, 'prevention-plan/staff/_staff_lines_form', {
    title: req.t('plan-company.lines.title', { company: company.name }), company, lines, paste: s.paste, formError: s.formError ?? null,
    lineErrors: s.lineErrors, max: MAX_STAFF_LINES, withContact: company.tiersId != null,
  });
}

/**
 * `GET|POST /prevention-plan/company/{id}/staff/lines` (pdp_staff_lines): several workers at once,
 * typed line by line or pasted from a spreadsheet; all saved in one transaction or none, the
 * errors shown on their line with what was typed (the pasted rows become lines).
 */
export async function staffLines(req: Request, res: Response): Promise<void> {
  const { company, plan } = await companyForEdit(req);
  if (req.method !== 'POST') return renderLines(req, res, company, { lines: [], paste: '', lineErrors: [] });
  const raw = (req.body?.[STAFF_LINES_FORM] ?? {}) as Record<string, unknown>;
  const lines = [...typedLines(raw.lines), ...pastedLines(typeof raw.paste === 'string' ? raw.paste : '')];
  const result = await addStaffLines(req.ctx.db, plan, req.authUser!.id, company, lines);
  if (!result.ok) return renderLines(req, res, company, { lines, paste: '', formError: result.formError, lineErrors: result.lineErrors });
  saved(req, res, 'plan-company.flash.staff_lines_added', { count: result.count, company: company.name }, planTabUrl(req, plan.id, 'staff'));
}
