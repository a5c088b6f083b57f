import type { DataSource } from 'typeorm';
import { columnOf, defineCsvImport, shapeMessages, type ImportColumn, type RowOutcome } from '../../../kernel/csv-import/csv-import';
import { csvImportScreens } from '../../../kernel/csv-import/csv-import.handlers';
import type { CsvImportMessage } from '../../../kernel/csv-import/csv-import.entity';
import { employeeDateErrors, employeeSchema } from './employee.schema';
import { saveEmployee } from './employee.service';

/** Name of the background job that reads an employee import. */
export const EMPLOYEE_IMPORT_JOB = 'hr-employee-import';

/** The fixed columns of the employee file, in order (starred = required); the template has them as its first line. */
export const EMPLOYEE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { name: 'matricule', field: 'matricule', required: true },
  { name: 'nom', field: 'lastName', required: true },
  { name: 'prénom', field: 'firstName', required: true },
  { name: 'civilité', field: 'civility', required: false },
  { name: 'email', field: 'email', required: false },
  { name: 'téléphone', field: 'phone', required: false },
  { name: 'portable', field: 'mobile', required: false },
  { name: "date d'entrée", field: 'entryDate', required: false },
  { name: 'date de sortie', field: 'exitDate', required: false },
  { name: 'poste', field: 'position', required: false },
  { name: 'contrat', field: 'contract', required: false },
  { name: 'qualification', field: 'qualification', required: false },
  { name: 'coefficient', field: 'coefficient', required: false },
  { name: 'service', field: 'serviceId', required: false },
  { name: "catégorie d'activité", field: 'activityCategoryId', required: false },
  { name: 'date de naissance', field: 'birthDate', required: false },
  { name: 'lieu de naissance', field: 'birthPlace', required: false },
  { name: 'nationalité', field: 'nationality', required: false },
  { name: 'congés payés', field: 'paidLeaveNumber', required: false },
];

const CIVILITIES: Record<string, string> = { 'm.': 'mr', m: 'mr', mr: 'mr', mme: 'mrs', mrs: 'mrs', mlle: 'ms', ms: 'ms' };
const CONTRACTS: Record<string, string> = {
  cdi: 'cdi', cdd: 'cdd', interim: 'interim', 'intérim': 'interim', apprentice: 'apprentice', apprenti: 'apprentice', apprentissage: 'apprentice',
  internship: 'internship', stage: 'internship', other: 'other', autre: 'other',
};

/** Services by lower-cased name and activity categories by lower-cased code, read once per run. */
interface EmployeeImportContext {
  tenantId: number;
  services: Map<string, number>;
  categories: Map<string, number>;
}

const lower = (s: string) => s.trim().toLocaleLowerCase('fr');
const col = (field: string) => columnOf(EMPLOYEE_IMPORT_COLUMNS, field);

/** Turns a row into the employee form's input, with the messages of what could not be read. */
function rowInput(cells: string[], ctx: EmployeeImportContext): { input: Record<string, unknown>; messages: CsvImportMessage[] } {
  const messages = shapeMessages(EMPLOYEE_IMPORT_COLUMNS, cells);
  const cell = (field: string) => (cells[EMPLOYEE_IMPORT_COLUMNS.findIndex((c) => c.field === field)] ?? '').trim();
  const lookup = (field: string, map: Map<string, string | number>, key: string) => {
    const raw = cell(field);
    if (!raw) return '';
    const found = map.get(lower(raw));
    if (found === undefined) messages.push({ column: col(field), key, params: { value: raw } });
    return found ?? '';
  };
  const input: Record<string, unknown> = {};
  for (const c of EMPLOYEE_IMPORT_COLUMNS) input[c.field] = cell(c.field);
  input.civility = lookup('civility', new Map(Object.entries(CIVILITIES)), 'hr.import.errors.civility');
  input.contract = lookup('contract', new Map(Object.entries(CONTRACTS)), 'hr.import.errors.contract');
  input.serviceId = lookup('serviceId', ctx.services, 'hr.import.errors.service');
  input.activityCategoryId = lookup('activityCategoryId', ctx.categories, 'hr.import.errors.category');
  input.paidLeaveNumber = cell('paidLeaveNumber') || '25';
  input.welcomeBooklet = false;
  input.version = 0;
  return { input, messages };
}

/** Reads one row: the same rules as the form (schema, dates, unique matricule), then creates the employee. */
async function importEmployeeRow(ds: DataSource, ctx: EmployeeImportContext, cells: string[]): Promise<RowOutcome> {
  if (cells.length === 0) return { created: false, messages: shapeMessages(EMPLOYEE_IMPORT_COLUMNS, cells) };
  const { input, messages } = rowInput(cells, ctx);
  const parsed = employeeSchema.safeParse(input);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!fieldErrors[field]) fieldErrors[field] = /^[\w.]+$/.test(issue.message) ? issue.message : 'validation.invalid';
    }
  }
  const errors = employeeDateErrors(fieldErrors, parsed.success ? parsed.data : undefined);
  const told = new Set(messages.map((m) => m.column));
  for (const [field, key] of Object.entries(errors)) {
    // A starred column left empty is already reported once.
    if (key === 'validation.required' && told.has(col(field))) continue;
    messages.push({ column: col(field), key, params: {} });
  }
  if (!parsed.success || messages.length) return { created: false, messages };
  const result = await saveEmployee(ds, ctx.tenantId, null, parsed.data);
  if (result.ok) return { created: true, messages };
  if ('errors' in result) {
    for (const [field, err] of Object.entries(result.errors)) {
      const key = typeof err === 'string' ? err : err.key;
      // "Matricule already used by Jean Dupont." says which column by itself.
      messages.push({ column: key.endsWith('_taken') ? null : col(field), key, params: typeof err === 'string' ? {} : err.params });
    }
  }
  return { created: false, messages };
}

/** The employee import (seed 002: "same import rules as users"), on the shared CSV machinery. */
export const employeeImporter = defineCsvImport<EmployeeImportContext>({
  kind: 'employee',
  job: EMPLOYEE_IMPORT_JOB,
  columns: EMPLOYEE_IMPORT_COLUMNS,
  prepare: async (ds, imp) => {
    const services = await ds.query('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id DESC', [imp.tenantId]);
    const categories = await ds.query('SELECT id, code FROM activity_category WHERE tenant_id = $1 AND deleted_at IS NULL', [imp.tenantId]);
    return {
      tenantId: imp.tenantId,
      services: new Map(services.map((s: { id: number; name: string }) => [lower(s.name), s.id])),
      categories: new Map(categories.map((c: { id: number; code: string }) => [lower(c.code), c.id])),
    };
  },
  importRow: (ds, ctx, row) => importEmployeeRow(ds, ctx, row.cells),
});

/** The employee import screens: form, upload, report and JSON progress. */
export const employeeImportScreens = csvImportScreens({
  importer: employeeImporter,
  routes: { form: 'rh_employee_import', upload: 'rh_employee_import_upload', show: 'rh_employee_import_show', progress: 'rh_employee_import_progress' },
  views: { form: 'hr/employee/import_form', show: 'hr/employee/import_show' },
  titleKey: 'hr.import.title',
});
