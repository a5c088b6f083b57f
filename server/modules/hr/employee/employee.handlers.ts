import type { Request, Response } from 'express';
import { sendExport, type ExportColumn, type ExportFormat } from '../../../kernel/table-export';
import { todayIso } from '../../../kernel/clock';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { addFlash } from '../../../kernel/http/flash';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { StoredFile, sendStoredFile } from '../../../kernel/storage';
import { CONTRACT_TYPES, EMPLOYEE_CIVILITIES, MARITAL_STATUSES } from '../employee.entity';
import { requireEmployee, seesAllEmployees } from '../employee-access';
import { visibleEmployeeTabs } from '../employee-tabs';
import { EMPLOYEE_FORM, employeeDateErrors, employeeFilterSchema, employeeSchema } from './employee.schema';
import {
  employeeChoices, employeeFormValues, findEmployee, listEmployees, saveEmployee, setEmployeeFile, trashEmployee, type EmployeeRecord,
} from './employee.service';
import { employeeUploadError, keepEmployeeUploads, storage } from './employee.uploads';

const MANAGE = 'hr.manage_employees';

/** `GET /rh/employees` (rh_employee_index): search, filters, pager; only the employees the user may see. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const filters = employeeFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listEmployees(req.ctx.db, user, filters, todayIso(), page);
  const choices = await employeeChoices(req.ctx.db, user.tenantId, false);
  await renderScreen(req, res, 'hr/employee/index', {
    title: req.t('hr.employee.title'), hideTitle: true, rows, filters, choices, pager: buildPager(req, page, total),
    filtered: !!(filters.q || filters.service || filters.category || filters.presence !== 'present'), canManage: can(user, MANAGE), today: todayIso(),
    // Without hr.view_all an empty list is a scope limit, not an empty company: say so (issue 25 item 8).
    scoped: !seesAllEmployees(user),
    exportQuery: exportQuery(filters),
  });
}

/** The list's filters as query parameters of the export (only those set). */
function exportQuery(f: ReturnType<typeof employeeFilterSchema.parse>): Record<string, string> {
  const q: Record<string, string> = { presence: f.presence };
  if (f.q) q.q = f.q;
  if (f.service) q.service = String(f.service);
  if (f.category) q.category = String(f.category);
  return q;
}

/** The filtered list, every page of it, as a table for both exports (docs/services.md, « Exports CSV et Excel »). */
async function exportEmployees(req: Request, res: Response, format: ExportFormat): Promise<void> {
  const filters = employeeFilterSchema.parse(req.query);
  const f = (k: string) => req.t(`hr.employee.fields.${k}`);
  const perPage = 500;
  async function* batches() {
    for (let page = 1; ; page++) {
      const { rows } = await listEmployees(req.ctx.db, req.authUser!, filters, todayIso(), { page, perPage, offset: (page - 1) * perPage });
      yield rows.map((r) => [r.matricule ?? '', r.lastName, r.firstName ?? '', r.position ?? '', r.serviceName ?? '', r.categoryName ?? '', r.entryDate, r.exitDate, r.userName ?? '']);
      if (rows.length < perPage) return;
    }
  }
  const text = (header: string): ExportColumn => ({ header });
  const day = (header: string): ExportColumn => ({ header, type: 'date' });
  await sendExport(res, format, {
    base: 'salaries', sheet: req.t('hr.employee.title'),
    columns: [text(f('matricule')), text(f('lastName')), text(f('firstName')), text(f('position')), text(f('serviceId')), text(f('activityCategoryId')),
      day(f('entryDate')), day(f('exitDate')), text(req.t('hr.employee.account'))],
    batches: batches(),
  });
}

/** `GET /rh/employees/export.csv` (rh_employee_export): the filtered list for French Excel. */
export const exportCsv = (req: Request, res: Response) => exportEmployees(req, res, 'csv');
/** `GET /rh/employees/export.xlsx` (rh_employee_export_xlsx): the same list, filters and columns as an Excel workbook. */
export const exportXlsx = (req: Request, res: Response) => exportEmployees(req, res, 'xlsx');

interface FormState { employee: EmployeeRecord | null; values: Record<string, unknown>; errors: Record<string, FieldError> }

async function renderEmployeeForm(req: Request, res: Response, s: FormState): Promise<void> {
  const choices = await employeeChoices(req.ctx.db, tenantOf(req), true);
  await renderScreen(req, res, 'hr/employee/_form', {
    title: s.employee ? req.t('hr.employee.edit_title', { name: s.employee.fullName }) : req.t('hr.employee.new_title'),
    form: EMPLOYEE_FORM, values: s.values, errors: s.errors, choices,
    civilities: EMPLOYEE_CIVILITIES, maritalStatuses: MARITAL_STATUSES, contracts: CONTRACT_TYPES,
    action: s.employee ? req.ctx.routes.path('rh_employee_edit', { id: s.employee.id }) : req.ctx.routes.path('rh_employee_add'),
  });
}

async function submit(req: Request, res: Response, employee: EmployeeRecord | null): Promise<void> {
  const form = parseForm(employeeSchema, req.body, EMPLOYEE_FORM);
  const errors = employeeDateErrors(form.ok ? {} : form.errors, form.ok ? form.data : undefined);
  if (!form.ok || Object.keys(errors).length) return renderEmployeeForm(req, res, { employee, values: form.values, errors });
  const result = await saveEmployee(req.ctx.db, tenantOf(req), employee?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderEmployeeForm(req, res, { employee, values: form.values, errors: result.errors });
  const name = `${form.data.firstName} ${form.data.lastName}`.trim();
  saved(req, res, employee ? 'hr.employee.flash.updated' : 'hr.employee.flash.created', { name }, req.ctx.routes.path('rh_employee_show', { id: result.id }));
}

/** `GET|POST /rh/employees/new` (rh_employee_add): the employee form (modal). */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderEmployeeForm(req, res, { employee: null, values: { paidLeaveNumber: '25', welcomeBooklet: '0', version: 0 }, errors: {} });
}

async function loadEmployee(req: Request): Promise<EmployeeRecord> {
  const ref = await requireEmployee(req, routeId(req));
  return orNotFound(await findEmployee(req.ctx.db, tenantOf(req), ref.id));
}

/** `GET|POST /rh/employees/{id}/edit` (rh_employee_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const employee = await loadEmployee(req);
  if (req.method === 'POST') return submit(req, res, employee);
  await renderEmployeeForm(req, res, { employee, values: employeeFormValues(employee), errors: {} });
}

/** `GET /rh/employees/{id}?tab=` (rh_employee_show): the general tab, then the tabs the other HR parts register. */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const ref = await requireEmployee(req, routeId(req));
  const employee = orNotFound(await findEmployee(req.ctx.db, tenantOf(req), ref.id));
  const registered = visibleEmployeeTabs(user, ref, res.locals.toggles);
  const tabs = [{ key: 'general', label: req.t('hr.employee.tabs.general'), icon: 'person-vcard', badge: null as number | null }];
  for (const t of registered) tabs.push({ key: t.key, label: req.t(t.labelKey), icon: t.icon, badge: t.badge ? await t.badge(req, ref) : null });
  const asked = typeof req.query.tab === 'string' ? req.query.tab : 'general';
  const active = tabs.some((t) => t.key === asked) ? asked : 'general';
  const tab = registered.find((t) => t.key === active);
  const tabHtml = tab ? await tab.render(req, ref) : '';
  await renderScreen(req, res, 'hr/employee/show', {
    title: employee.fullName, hideTitle: true, employee, e: employee.fields, tabs, active, tabHtml, canManage: can(user, MANAGE), today: todayIso(),
  });
}

/** `POST /rh/employees/{id}/delete` (rh_employee_delete): to the trash, refused while other HR records use it. */
export async function remove(req: Request, res: Response): Promise<void> {
  const employee = await loadEmployee(req);
  const outcome = await trashEmployee(req.ctx.db, tenantOf(req), employee.id, req.authUser!.id);
  if (outcome.status === 'not_found') orNotFound(null);
  if (outcome.status === 'in_use') {
    const uses = outcome.uses.map((u) => req.t(`hr.employee.uses.${u}`)).join(', ');
    res.status(409).json({ message: req.t('hr.employee.errors.in_use', { name: employee.fullName, uses }) });
    return;
  }
  addFlash(req, 'success', 'hr.employee.flash.trashed', { name: employee.fullName });
  res.status(200).json({ message: req.t('hr.employee.flash.trashed', { name: employee.fullName }), redirect: req.ctx.routes.path('rh_employee_index') });
}

const FILE_KINDS = ['cv', 'job_sheet'] as const;
type FileKind = (typeof FILE_KINDS)[number];
const fileKind = (req: Request): FileKind => orNotFound(FILE_KINDS.find((k) => k === req.routeParams.kind));

async function renderFileForm(req: Request, res: Response, employee: EmployeeRecord, kind: FileKind, error: string | null): Promise<void> {
  await renderScreen(req, res, 'hr/employee/_file_form', {
    title: req.t(`hr.employee.files.${kind}_title`, { name: employee.fullName }), kind, error,
    action: req.ctx.routes.path('rh_employee_file_upload', { id: employee.id, kind }),
    current: kind === 'cv' ? employee.cvFile : employee.jobSheetFile,
  });
}

/** `GET|POST /rh/employees/{id}/files/{kind}` (rh_employee_file_upload): attaches the CV or the job sheet (modal). */
export async function fileUpload(req: Request, res: Response): Promise<void> {
  const kind = fileKind(req);
  const employee = await loadEmployee(req);
  if (req.method !== 'POST') return renderFileForm(req, res, employee, kind, null);
  const refused = employeeUploadError(req);
  const staged = req.uploads?.[0];
  if (refused || !staged) return renderFileForm(req, res, employee, kind, refused ?? req.t('hr.employee.files.missing'));
  const [file] = await keepEmployeeUploads(req, [staged]);
  if (!(await setEmployeeFile(req.ctx.db, tenantOf(req), employee.id, kind, file.id))) orNotFound(null);
  saved(req, res, 'hr.employee.flash.file_saved', { name: employee.fullName });
}

/** `GET /rh/employees/{id}/files/{kind}/download` (rh_employee_file_download): the CV or the job sheet, as an attachment. */
export async function fileDownload(req: Request, res: Response): Promise<void> {
  const kind = fileKind(req);
  const employee = await loadEmployee(req);
  const ref = kind === 'cv' ? employee.cvFile : employee.jobSheetFile;
  const file = orNotFound(ref ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: ref.id, tenantId: tenantOf(req) }) : null);
  await sendStoredFile(res, storage, file);
}
