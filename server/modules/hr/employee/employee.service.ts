import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../../kernel/http/forms';
import type { PageRequest } from '../../../kernel/http/pagination';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import { personNameSql } from '../../../kernel/person-name';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { employeeVisibility } from '../employee-access';
import type { EmployeeFilters, EmployeeInput } from './employee.schema';
import { userInTenant } from '../../../kernel/tenancy';

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Outcome of a removal: removed, refused because something uses it (with what), or unknown in this company. */
export type RemoveResult = { status: 'removed' } | { status: 'not_found' } | { status: 'in_use'; uses: string[] };

/** A line of the employee list. */
export interface EmployeeRow {
  id: number;
  matricule: string | null;
  lastName: string;
  firstName: string;
  position: string | null;
  serviceName: string | null;
  categoryName: string | null;
  entryDate: string | null;
  exitDate: string | null;
  userName: string | null;
}

/** Every field of an employee with the names of what it points to. */
export interface EmployeeRecord {
  id: number;
  tenantId: number;
  version: number;
  fields: Record<string, unknown>;
  serviceName: string | null;
  /** « code – name » of the activity category (the name as stored: French for seeded ones). */
  categoryName: string | null;
  /** The activity category's code and stored name, to show the name in the reader's language. */
  category: { code: string; name: string } | null;
  hierarchyItemName: string | null;
  medicalCheckupTypeName: string | null;
  userName: string | null;
  cvFile: { id: number; name: string } | null;
  jobSheetFile: { id: number; name: string } | null;
  fullName: string;
}

/** Column of each form field (snake_case), in form order. */
export const EMPLOYEE_COLUMNS: Record<keyof Omit<EmployeeInput, 'version'>, string> = {
  matricule: 'matricule', civility: 'civility', lastName: 'last_name', firstName: 'first_name', email: 'email', phone: 'phone', mobile: 'mobile',
  entryDate: 'entry_date', exitDate: 'exit_date', position: 'position', socialSecurityNumber: 'social_security_number', birthPlace: 'birth_place',
  birthDate: 'birth_date', maritalStatus: 'marital_status', nationality: 'nationality', contract: 'contract', qualification: 'qualification',
  inseeCode: 'insee_code', coefficient: 'coefficient', medicalCheckupDate: 'medical_checkup_date', nextMedicalCheckupDate: 'next_medical_checkup_date',
  medicalCheckupTypeId: 'medical_checkup_type_id', welcomeBooklet: 'welcome_booklet', btpCard: 'btp_card', company: 'company', rtt: 'rtt',
  paidLeaveNumber: 'paid_leave_number', restTime: 'rest_time', paidLeaveResetDate: 'paid_leave_reset_date', activityCategoryId: 'activity_category_id',
  serviceId: 'service_id', hierarchyItemId: 'hierarchy_item_id', userId: 'user_id',
};
const FIELDS = Object.keys(EMPLOYEE_COLUMNS) as Array<keyof typeof EMPLOYEE_COLUMNS>;
const DATE_COLUMNS = new Set(['entry_date', 'exit_date', 'birth_date', 'medical_checkup_date', 'next_medical_checkup_date', 'paid_leave_reset_date']);

const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
const nul = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Escapes a search text for ILIKE. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The employees the user may see, filtered (name or matricule, service, activity category,
 * present / gone at `today` / all) and paged, by name.
 */
export async function listEmployees(db: Db, user: AuthUser, filters: EmployeeFilters, today: string, page: PageRequest): Promise<{ rows: EmployeeRow[]; total: number }> {
  const vis = employeeVisibility(user, 'e', 2);
  const params: unknown[] = [user.tenantId, ...vis.params];
  const where = ['e.tenant_id = $1', 'e.deleted_at IS NULL', vis.sql];
  if (filters.q) {
    params.push(likePattern(filters.q));
    const p = `$${params.length}`;
    where.push(`(e.last_name ILIKE ${p} OR e.first_name ILIKE ${p} OR (e.first_name || ' ' || e.last_name) ILIKE ${p} OR (e.last_name || ' ' || e.first_name) ILIKE ${p} OR e.matricule ILIKE ${p})`);
  }
  if (filters.service) { params.push(filters.service); where.push(`e.service_id = $${params.length}`); }
  if (filters.category) { params.push(filters.category); where.push(`e.activity_category_id = $${params.length}`); }
  if (filters.presence !== 'all') {
    params.push(today);
    where.push(filters.presence === 'present' ? `(e.exit_date IS NULL OR e.exit_date >= $${params.length})` : `e.exit_date < $${params.length}`);
  }
  const sql = `FROM employee e LEFT JOIN service s ON s.id = e.service_id LEFT JOIN activity_category c ON c.id = e.activity_category_id
    LEFT JOIN app_user u ON u.id = e.user_id WHERE ${where.join(' AND ')}`;
  const [{ total }] = await db.query(`SELECT count(*)::int AS total ${sql}`, params);
  const rows = await db.query(
    `SELECT e.id, e.matricule, e.last_name, e.first_name, e.position, s.name AS service_name, c.name AS category_name,
            e.entry_date::text AS entry_date, e.exit_date::text AS exit_date, NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS user_name
       ${sql} ORDER BY lower(e.last_name), lower(e.first_name), e.id LIMIT ${page.perPage} OFFSET ${page.offset}`,
    params,
  );
  return {
    total,
    rows: rows.map((r: Record<string, any>) => ({
      id: r.id, matricule: r.matricule, lastName: r.last_name, firstName: r.first_name, position: r.position, serviceName: r.service_name,
      categoryName: r.category_name, entryDate: r.entry_date, exitDate: r.exit_date, userName: r.user_name,
    })),
  };
}

/** Every field of the employee `id` of the company (not in the trash), or null. Scope is checked by `requireEmployee` first. */
export async function findEmployee(db: Db, tenantId: number, id: number): Promise<EmployeeRecord | null> {
  if (!validId(id)) return null;
  const cols = FIELDS.map((f) => {
    const c = EMPLOYEE_COLUMNS[f];
    return DATE_COLUMNS.has(c) ? `e.${c}::text AS "${f}"` : `e.${c} AS "${f}"`;
  }).join(', ');
  const [r] = await db.query(
    `SELECT e.id, e.tenant_id, e.version, ${cols}, s.name AS service_name, c.code || ' – ' || c.name AS category_name, c.code AS category_code, c.name AS category_label, h.name AS item_name,
            mt.name AS checkup_type_name, NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS user_name, u.username,
            e.cv_file_id, cv.original_name AS cv_name, e.job_sheet_file_id, js.original_name AS job_sheet_name
       FROM employee e
       LEFT JOIN service s ON s.id = e.service_id LEFT JOIN activity_category c ON c.id = e.activity_category_id
       LEFT JOIN hierarchy_item h ON h.id = e.hierarchy_item_id LEFT JOIN medical_checkup_type mt ON mt.id = e.medical_checkup_type_id
       LEFT JOIN app_user u ON u.id = e.user_id
       LEFT JOIN stored_file cv ON cv.id = e.cv_file_id LEFT JOIN stored_file js ON js.id = e.job_sheet_file_id
      WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL`,
    [id, tenantId],
  );
  if (!r) return null;
  const fields: Record<string, unknown> = {};
  for (const f of FIELDS) fields[f] = r[f];
  return {
    id: r.id, tenantId: r.tenant_id, version: r.version, fields, serviceName: r.service_name, categoryName: r.category_name,
    category: r.category_code === null ? null : { code: r.category_code, name: r.category_label },
    hierarchyItemName: r.item_name, medicalCheckupTypeName: r.checkup_type_name,
    userName: r.user_id === null ? null : (r.user_name ? `${r.user_name} (${r.username})` : r.username),
    cvFile: r.cv_file_id ? { id: r.cv_file_id, name: r.cv_name } : null,
    jobSheetFile: r.job_sheet_file_id ? { id: r.job_sheet_file_id, name: r.job_sheet_name } : null,
    fullName: `${r.firstName ?? ''} ${r.lastName}`.trim(),
  };
}

const frDay = (iso: unknown) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const frNumber = (v: unknown) => (v === null || v === undefined ? '' : String(Number(v)).replace('.', ','));

/** The values the form shows for a stored employee (dates DD/MM/YYYY, numbers with a comma). */
export function employeeFormValues(e: EmployeeRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { version: e.version };
  for (const f of FIELDS) {
    const v = e.fields[f];
    const c = EMPLOYEE_COLUMNS[f];
    if (DATE_COLUMNS.has(c)) out[f] = frDay(v);
    else if (f === 'rtt' || f === 'paidLeaveNumber' || f === 'restTime') out[f] = frNumber(v);
    else if (f === 'welcomeBooklet') out[f] = v ? '1' : '0';
    else out[f] = v ?? '';
  }
  return out;
}

/** Checks that the chosen service, category, hierarchy item, check-up type and user belong to the company. */
async function foreignErrors(m: EntityManager, tenantId: number, input: EmployeeInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const checks: Array<[keyof EmployeeInput, string]> = [
    ['serviceId', 'SELECT 1 FROM service WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL'],
    ['activityCategoryId', 'SELECT 1 FROM activity_category WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL'],
    ['hierarchyItemId', 'SELECT 1 FROM hierarchy_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL'],
    ['medicalCheckupTypeId', 'SELECT 1 FROM medical_checkup_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL'],
    ['userId', 'SELECT 1 FROM app_user u WHERE u.id = $1 AND (u.tenant_id = $2 OR EXISTS (SELECT 1 FROM user_tenant ut WHERE ut.user_id = u.id AND ut.tenant_id = $2))'],
  ];
  for (const [field, sql] of checks) {
    const id = input[field] as number | null;
    if (id !== null && !(await m.query(sql, [id, tenantId])).length) errors[field] = 'validation.choice';
  }
  return errors;
}

/**
 * Creates or updates an employee. A user account is linked to at most one employee (the error
 * names the holder, even one in the trash); a matricule is unique in the company; an edit
 * carries the version it was read at (0 rows updated → stale).
 */
export async function saveEmployee(db: DataSource, tenantId: number, id: number | null, input: EmployeeInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    // Two saves choosing the same account or matricule at once: the second waits and sees the first.
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'employee']);
    const errors = await foreignErrors(m, tenantId, input);
    if (input.userId !== null && !errors.userId) {
      const [holder] = await m.query(
        `SELECT e.first_name, e.last_name, e.deleted_at IS NOT NULL AS trashed FROM employee e WHERE e.user_id = $1 AND e.id <> $2`, [input.userId, id ?? 0]);
      if (holder) errors.userId = { key: holder.trashed ? 'hr.employee.errors.user_taken_trashed' : 'hr.employee.errors.user_taken', params: { name: `${holder.first_name} ${holder.last_name}`.trim() } };
    }
    if (input.matricule) {
      const [holder] = await m.query(
        'SELECT first_name, last_name FROM employee WHERE tenant_id = $1 AND matricule = $2 AND deleted_at IS NULL AND id <> $3', [tenantId, input.matricule, id ?? 0]);
      if (holder) errors.matricule = { key: 'hr.employee.errors.matricule_taken', params: { name: `${holder.first_name} ${holder.last_name}`.trim() } };
    }
    if (Object.keys(errors).length) return { ok: false, errors };
    const cols = FIELDS.map((f) => EMPLOYEE_COLUMNS[f]);
    // first_name is NOT NULL (empty when unknown); every other blank field is stored as NULL.
    const values = FIELDS.map((f) => (f === 'welcomeBooklet' || f === 'firstName' ? input[f] : nul(input[f])));
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO employee (tenant_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
        [tenantId, ...values],
      );
      return { ok: true, id: row.id };
    }
    const set = cols.map((c, i) => `${c} = $${i + 4}`).join(', ');
    const updated = rowsOf(await m.query(
      `UPDATE employee SET ${set}, version = version + 1, updated_at = now() WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id`,
      [id, tenantId, input.version, ...values],
    ));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Sets the CV or the job sheet of an employee (the previous file stays in storage for the trash/audit). */
export async function setEmployeeFile(db: Db, tenantId: number, id: number, kind: 'cv' | 'job_sheet', fileId: number): Promise<boolean> {
  const column = kind === 'cv' ? 'cv_file_id' : 'job_sheet_file_id';
  const updated = rowsOf(await db.query(
    `UPDATE employee SET ${column} = $3, version = version + 1, updated_at = now() WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL RETURNING id`, [id, tenantId, fileId]));
  return updated.length > 0;
}

/**
 * What may point to an employee, by table: a reference in any of them refuses the deletion.
 * Tables of the other HR parts may not exist yet on a given database: they are looked up first.
 */
const EMPLOYEE_USES: Array<{ table: string; key: string; live?: string }> = [
  { table: 'session_employee', key: 'sessions' },
  { table: 'employee_formation', key: 'formations' },
  { table: 'work_interruption', key: 'interruptions', live: 'deleted_at IS NULL' },
  { table: 'paid_leave_request', key: 'leave' },
  { table: 'work_time', key: 'work_time' },
  { table: 'employee_medical_checkup', key: 'checkups' },
];

/** The kinds of records that use the employee (translation key suffixes), empty when none. */
export async function employeeUses(db: Db, id: number): Promise<string[]> {
  const uses: string[] = [];
  for (const u of EMPLOYEE_USES) {
    const [{ present }] = await db.query('SELECT to_regclass($1) IS NOT NULL AS present', [`public.${u.table}`]);
    if (!present) continue;
    const [hit] = await db.query(`SELECT 1 FROM "${u.table}" WHERE employee_id = $1${u.live ? ` AND ${u.live}` : ''} LIMIT 1`, [id]);
    if (hit) uses.push(u.key);
  }
  return uses;
}

/** Moves an employee to the trash unless sessions, interruptions, leave, work time or check-ups refer to it. */
export async function trashEmployee(db: DataSource, tenantId: number, id: number, userId: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [e] = await m.query('SELECT first_name, last_name FROM employee WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!e) return { status: 'not_found' };
    const uses = await employeeUses(m, id);
    if (uses.length) return { status: 'in_use', uses };
    const title = `${e.first_name} ${e.last_name}`.trim();
    return (await softDelete(m, { table: 'employee', id, tenantId, title, userId })) ? { status: 'removed' } : { status: 'not_found' };
  });
}

/** Options of the selects of the employee form and list filters. */
export interface EmployeeChoices {
  services: Array<{ id: number; name: string }>;
  /** Code and stored name (French for seeded ones; views show it through `refLabel`). */
  categories: Array<{ id: number; code: string; name: string }>;
  items: Array<{ id: number; name: string }>;
  checkupTypes: Array<{ id: number; name: string }>;
  users: Array<{ id: number; name: string }>;
}

/** The services, categories, hierarchy items, check-up types and user accounts of the company. */
export async function employeeChoices(db: Db, tenantId: number, withUsers: boolean): Promise<EmployeeChoices> {
  const q = async (sql: string) => (await db.query(sql, [tenantId])).map((r: Record<string, any>) => ({ id: r.id, name: r.name }));
  return {
    services: await q('SELECT id, name FROM service WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id'),
    categories: (await db.query('SELECT id, code, name FROM activity_category WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(code), id', [tenantId]))
      .map((r: Record<string, any>) => ({ id: r.id, code: r.code, name: r.name })),
    items: await q('SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id'),
    checkupTypes: await q('SELECT id, name FROM medical_checkup_type WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id'),
    users: withUsers ? await q(
      `SELECT u.id, coalesce(${personNameSql('u')} || ' (' || u.username || ')', u.username) AS name FROM app_user u
        WHERE ${userInTenant('u', '$1')}
        ORDER BY lower(u.last_name), lower(u.first_name), u.id`) : [],
  };
}
