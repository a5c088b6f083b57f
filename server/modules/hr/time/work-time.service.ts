import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { employeeVisibility } from '../employee-access';
import { unavailability } from './availability';
import { addDays, dayToMs, isWorkingDay } from './working-days';
import { personName } from '../../../kernel/person-name';

type Db = DataSource | EntityManager;

/** One cell of the week grid: hours worked and overtime of an employee on a day (strings as typed or stored). */
export interface WorkTimeCell { hours: string; overtime: string }

/** Why an employee does not work on a day: approved leave (its type) or an interruption (its type). */
export interface WorkTimeAbsence { kind: 'leave' | 'interruption'; label: string }

/** Hours of a standard working day: the legal 35-hour week over five days. */
export const STANDARD_DAY_HOURS = 7;

/** One line of the week grid. */
export interface WorkTimeLine {
  employeeId: number;
  name: string;
  cells: Record<string, WorkTimeCell>;
  /** Days of the week on which the employee is on approved leave or interrupted. */
  absences: Record<string, WorkTimeAbsence>;
}

/** The Monday of the week holding `iso`. */
export function mondayOf(iso: string): string {
  const weekday = (new Date(dayToMs(iso)).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The employees the user sees that are present during the week (entered before its end, not gone
 * before its start), one page of them by name, with their recorded work time of the week.
 */
export async function weekGrid(db: Db, user: AuthUser, monday: string, page: { offset: number; perPage: number }): Promise<{ lines: WorkTimeLine[]; total: number; readAt: string }> {
  const sunday = addDays(monday, 6);
  const vis = employeeVisibility(user, 'e', 4);
  const where = `e.tenant_id = $1 AND e.deleted_at IS NULL AND (e.entry_date IS NULL OR e.entry_date <= $3) AND (e.exit_date IS NULL OR e.exit_date >= $2) AND ${vis.sql}`;
  const params = [user.tenantId, monday, sunday, ...vis.params];
  const [{ n, now }] = await db.query(`SELECT count(*)::int AS n, now()::text AS now FROM employee e WHERE ${where}`, params);
  const emps: Array<{ id: number; first_name: string; last_name: string }> = await db.query(
    `SELECT e.id, e.first_name, e.last_name FROM employee e WHERE ${where} ORDER BY e.last_name, e.first_name, e.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  const ids = emps.map((e) => e.id);
  const times: Array<{ employee_id: number; day: string; hours_worked: string; overtime: string }> = ids.length ? await db.query(
    'SELECT employee_id, day::text AS day, hours_worked, overtime FROM work_time WHERE tenant_id = $1 AND employee_id = ANY($2::int[]) AND day BETWEEN $3 AND $4',
    [user.tenantId, ids, monday, sunday]) : [];
  const lines: WorkTimeLine[] = emps.map((e) => ({ employeeId: e.id, name: personName(e.first_name, e.last_name), cells: {}, absences: {} }));
  const byId = new Map(lines.map((l) => [l.employeeId, l]));
  for (const u of await unavailability(db, user.tenantId, ids, monday, sunday)) {
    const line = byId.get(u.employeeId)!;
    for (let d = u.start < monday ? monday : u.start; d <= u.end && d <= sunday; d = addDays(d, 1)) line.absences[d] ??= { kind: u.kind, label: u.label };
  }
  for (const t of times) {
    const line = byId.get(t.employee_id)!;
    line.cells[t.day] = { hours: formatHours(Number(t.hours_worked)), overtime: formatHours(Number(t.overtime)) };
  }
  return { lines, total: n, readAt: now };
}

/**
 * Proposes a standard day in every empty cell of a working day (Monday to Friday, not a public
 * holiday) on which the employee is not absent; cells already filled stay as they are. Nothing is
 * saved: the grid shows the proposal for the user to check and save.
 */
export function prefillStandardDays(lines: WorkTimeLine[], days: string[]): number {
  let filled = 0;
  for (const l of lines) {
    for (const d of days) {
      if (!isWorkingDay(d) || l.absences[d] || l.cells[d]) continue;
      l.cells[d] = { hours: formatHours(STANDARD_DAY_HOURS), overtime: '' };
      filled += 1;
    }
  }
  return filled;
}

/** `7.5` → `7,5` (French decimal comma, no useless zeros). */
export function formatHours(h: number): string {
  return String(Math.round(h * 100) / 100).replace('.', ',');
}

/** A typed number of hours: blank → null, `7,5` or `7.5` → 7.5, anything else or outside 0–24 → NaN. */
export function parseHours(raw: unknown): number | null {
  const s = typeof raw === 'string' ? raw.trim().replace(',', '.') : '';
  if (s === '') return null;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(s)) return Number.NaN;
  const n = Number(s);
  return n <= 24 ? n : Number.NaN;
}

/** One cell to store: both null removes the day's row. */
export interface WorkTimeEntry { employeeId: number; day: string; hours: number | null; overtime: number | null }

/**
 * Writes the week's cells of the given employees in one transaction. Refused as stale (false) when
 * one of those employees' rows of the week changed after `readAt` (another person saved the grid).
 */
export async function saveWeek(db: DataSource, tenantId: number, employeeIds: number[], monday: string, readAt: string, entries: WorkTimeEntry[]): Promise<boolean> {
  const sunday = addDays(monday, 6);
  return db.transaction(async (m) => {
    await m.query('SELECT id FROM employee WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY id FOR UPDATE', [tenantId, employeeIds]);
    const [changed] = await m.query(
      'SELECT 1 FROM work_time WHERE tenant_id = $1 AND employee_id = ANY($2::int[]) AND day BETWEEN $3 AND $4 AND updated_at > $5::timestamptz LIMIT 1',
      [tenantId, employeeIds, monday, sunday, readAt]);
    if (changed) return false;
    for (const e of entries) {
      if (e.hours === null && e.overtime === null) {
        await m.query('DELETE FROM work_time WHERE tenant_id = $1 AND employee_id = $2 AND day = $3', [tenantId, e.employeeId, e.day]);
        continue;
      }
      await m.query(
        `INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime, updated_at) VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (employee_id, day) DO UPDATE SET hours_worked = EXCLUDED.hours_worked, overtime = EXCLUDED.overtime, updated_at = now()
         WHERE (work_time.hours_worked, work_time.overtime) IS DISTINCT FROM (EXCLUDED.hours_worked, EXCLUDED.overtime)`,
        [tenantId, e.employeeId, e.day, e.hours ?? 0, e.overtime ?? 0]);
    }
    return true;
  });
}
