import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FieldError } from '../../../kernel/http/forms';
import type { PageRequest } from '../../../kernel/http/pagination';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { intSetting } from '../../../kernel/settings/settings';
import { employeeVisibility } from '../employee-access';
import { addMonthsIso } from './health-dates';
import type { CheckupInput } from './health.schema';
import { personName } from '../../../kernel/person-name';

/** Where an employee stands with the medical check-ups. */
export const CHECKUP_STATUSES = ['up_to_date', 'due_soon', 'overdue', 'none'] as const;
export type CheckupStatus = (typeof CHECKUP_STATUSES)[number];

/**
 * The status of a next check-up date on `today`: none without a date, overdue once passed, due
 * soon within `alertDays` days (the day itself included), up to date otherwise.
 */
export function checkupStatus(nextDate: string | null, today: string, alertDays: number): CheckupStatus {
  if (!nextDate) return 'none';
  if (nextDate < today) return 'overdue';
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + alertDays);
  return nextDate <= limit.toISOString().slice(0, 10) ? 'due_soon' : 'up_to_date';
}

/** SQL of the status, for filters: `next`, `alert` (days) and `$today` given by the caller. */
function statusSql(next: string, alert: string, today: string): string {
  return `CASE WHEN ${next} IS NULL THEN 'none' WHEN ${next} < ${today}::date THEN 'overdue'
    WHEN ${next} <= ${today}::date + ${alert} THEN 'due_soon' ELSE 'up_to_date' END`;
}

/** One line of the monitoring page: an employee and his check-up dates. */
export interface MonitoringRow {
  employeeId: number; employeeName: string; serviceName: string | null; typeId: number | null; typeName: string | null;
  lastDate: string | null; nextDate: string | null; alertDays: number; status: CheckupStatus;
}

/** Filters of `rh_medical_checkup_index`. */
export interface MonitoringFilters { q: string; status: string; type: number | null; service: number | null }

/**
 * Employees the user sees, still present today, with their last and next check-up (the
 * employee's own columns, kept in step by {@link saveCheckup}), the alert delay (the type's, else
 * the `medical_alert_days` setting) and the status; overdue first, then by next date.
 */
export async function listMonitoring(db: Db, user: AuthUser, f: MonitoringFilters, page: PageRequest): Promise<{ rows: MonitoringRow[]; total: number; counts: Record<CheckupStatus, number> }> {
  const today = todayIso();
  const fallback = await intSetting(db, user.tenantId, 'medical_alert_days');
  const params: unknown[] = [user.tenantId, today, fallback];
  const vis = employeeVisibility(user, 'e', params.length + 1);
  params.push(...vis.params);
  const status = statusSql('e.next_medical_checkup_date', 'coalesce(t.alert_days, $3)', '$2');
  const where = [`e.tenant_id = $1`, 'e.deleted_at IS NULL', '(e.exit_date IS NULL OR e.exit_date >= $2::date)', vis.sql];
  if (f.q) { params.push(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`); where.push(`(e.last_name || ' ' || e.first_name ILIKE $${params.length} OR e.first_name || ' ' || e.last_name ILIKE $${params.length} OR e.matricule ILIKE $${params.length})`); }
  if (f.type) { params.push(f.type); where.push(`e.medical_checkup_type_id = $${params.length}`); }
  if (f.service) { params.push(f.service); where.push(`e.service_id = $${params.length}`); }
  const base = `FROM employee e LEFT JOIN medical_checkup_type t ON t.id = e.medical_checkup_type_id LEFT JOIN service s ON s.id = e.service_id WHERE ${where.join(' AND ')}`;
  const countRows: Array<{ status: CheckupStatus; n: number }> = await db.query(`SELECT ${status} AS status, count(*)::int AS n ${base} GROUP BY 1`, params);
  const counts = Object.fromEntries(CHECKUP_STATUSES.map((s) => [s, 0])) as Record<CheckupStatus, number>;
  for (const r of countRows) counts[r.status] = r.n;
  const filtered = (CHECKUP_STATUSES as readonly string[]).includes(f.status) ? f.status : '';
  if (filtered) params.push(filtered);
  const statusWhere = filtered ? ` AND ${status} = $${params.length}` : '';
  const total = filtered ? counts[filtered as CheckupStatus] : Object.values(counts).reduce((a, b) => a + b, 0);
  const rows = await db.query(
    `SELECT e.id, e.first_name, e.last_name, s.name AS service_name, t.id AS type_id, t.name AS type_name,
            e.medical_checkup_date::text AS last_date, e.next_medical_checkup_date::text AS next_date, coalesce(t.alert_days, $3)::int AS alert_days, ${status} AS status
       ${base}${statusWhere}
      ORDER BY CASE ${status} WHEN 'overdue' THEN 0 WHEN 'due_soon' THEN 1 WHEN 'up_to_date' THEN 2 ELSE 3 END, e.next_medical_checkup_date NULLS LAST, e.last_name, e.first_name, e.id
      LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return {
    total, counts,
    rows: rows.map((r: Record<string, any>) => ({
      employeeId: r.id, employeeName: personName(r.first_name, r.last_name), serviceName: r.service_name, typeId: r.type_id, typeName: r.type_name,
      lastDate: r.last_date, nextDate: r.next_date, alertDays: r.alert_days, status: r.status,
    })),
  };
}

/** A recorded check-up. */
export interface CheckupRow { id: number; employeeId: number; employeeName: string; typeId: number; typeName: string; date: string; nextDate: string; comment: string | null; version: number }

const CHECKUP_SELECT = `SELECT c.id, c.employee_id, c.type_id, t.name AS type_name, c.checkup_date::text AS date, c.next_date::text AS next_date, c.comment, c.version,
    e.first_name, e.last_name
  FROM employee_medical_checkup c JOIN medical_checkup_type t ON t.id = c.type_id JOIN employee e ON e.id = c.employee_id`;
const toCheckup = (r: Record<string, any>): CheckupRow => ({
  id: r.id, employeeId: r.employee_id, employeeName: `${r.first_name ?? ''} ${r.last_name}`.trim(), typeId: r.type_id, typeName: r.type_name,
  date: r.date, nextDate: r.next_date, comment: r.comment, version: r.version,
});

/** The check-ups of one employee, newest first. */
export async function listEmployeeCheckups(db: Db, tenantId: number, employeeId: number): Promise<CheckupRow[]> {
  const rows = await db.query(`${CHECKUP_SELECT} WHERE c.tenant_id = $1 AND c.employee_id = $2 ORDER BY c.checkup_date DESC, c.id DESC`, [tenantId, employeeId]);
  return rows.map(toCheckup);
}

/** One check-up of the company whose employee the user sees, or null. */
export async function findCheckup(db: Db, user: AuthUser, id: number): Promise<CheckupRow | null> {
  const vis = employeeVisibility(user, 'e', 3);
  const [r] = await db.query(`${CHECKUP_SELECT} WHERE c.id = $1 AND c.tenant_id = $2 AND e.deleted_at IS NULL AND ${vis.sql}`, [id, user.tenantId, ...vis.params]);
  return r ? toCheckup(r) : null;
}

/** Outcome of a check-up save. */
export type CheckupSaveResult = { ok: true; id: number; nextDate: string } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/**
 * Records a check-up (`id` null) or an edit: the employee must be one the user sees and the type
 * the company's; the next date is the date plus the type's frequency. The employee's last check-up
 * date, next date and type then follow his most recent check-up (and his version moves, so an
 * employee form opened before is refused as stale rather than putting old dates back).
 */
export async function saveCheckup(db: DataSource, user: AuthUser, id: number | null, input: CheckupInput): Promise<CheckupSaveResult> {
  const tenantId = user.tenantId;
  const vis = employeeVisibility(user, 'e', 3);
  return db.transaction(async (m) => {
    const errors: Record<string, FieldError> = {};
    const [employee] = await m.query(`SELECT e.id FROM employee e WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL AND ${vis.sql}`, [input.employee, tenantId, ...vis.params]);
    if (!employee) errors.employee = 'validation.choice';
    const [type] = await m.query('SELECT frequency_months FROM medical_checkup_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [input.type, tenantId]);
    if (!type) errors.type = 'validation.choice';
    if (input.date > todayIso()) errors.date = 'hr-health.validation.future';
    if (Object.keys(errors).length) return { ok: false, errors };
    const nextDate = addMonthsIso(input.date, type.frequency_months);
    const comment = input.comment === '' ? null : input.comment;
    const now = clock.now();
    let checkupId: number;
    let previousEmployee: number | null = null;
    if (id === null) {
      const [r] = await m.query(
        `INSERT INTO employee_medical_checkup (tenant_id, employee_id, type_id, checkup_date, next_date, comment, created_by_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`, [tenantId, input.employee, input.type, input.date, nextDate, comment, user.id, now]);
      checkupId = r.id;
    } else {
      const [before] = await m.query('SELECT employee_id FROM employee_medical_checkup WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
      previousEmployee = before?.employee_id ?? null;
      // New dates: the alert of the old next date no longer applies.
      const updated = rowsOf(await m.query(
        `UPDATE employee_medical_checkup SET employee_id = $1, type_id = $2, checkup_date = $3, next_date = $4, comment = $5, updated_at = $6,
                alert_sent_at = CASE WHEN next_date = $4 THEN alert_sent_at ELSE NULL END, version = version + 1
          WHERE id = $7 AND tenant_id = $8 AND version = $9 RETURNING id`, [input.employee, input.type, input.date, nextDate, comment, now, id, tenantId, input.version]));
      if (!updated.length) return { ok: false, stale: true };
      checkupId = id;
    }
    for (const employeeId of new Set([input.employee, previousEmployee].filter((x): x is number => x !== null))) await syncEmployee(m, tenantId, employeeId);
    return { ok: true, id: checkupId, nextDate };
  });
}

/** Copies an employee's most recent check-up onto his record (dates and type). */
export async function syncEmployee(m: Db, tenantId: number, employeeId: number): Promise<void> {
  await m.query(
    `UPDATE employee e SET medical_checkup_date = last.checkup_date, next_medical_checkup_date = last.next_date, medical_checkup_type_id = last.type_id,
            version = e.version + 1, updated_at = $3
       FROM (SELECT checkup_date, next_date, type_id FROM employee_medical_checkup WHERE tenant_id = $1 AND employee_id = $2
              ORDER BY checkup_date DESC, id DESC LIMIT 1) last
      WHERE e.id = $2 AND e.tenant_id = $1`, [tenantId, employeeId, clock.now()]);
}
