import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../../kernel/http/forms';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { inTransaction, rowsOf } from '../../../kernel/db/sql';
import { employeeVisibility } from '../employee-access';
import { enqueueLeaveDecisionMail } from './leave-mail';
import type { LeaveState } from '../paid-leave-request.entity';
import { addDays, workingDaysBetween } from './working-days';
import type { LeaveInput } from './leave.schema';
import { personName } from '../../../kernel/person-name';

type Db = DataSource | EntityManager;

/** Month and day of the paid-leave year start when the employee has none: 1 June. */
export const DEFAULT_RESET = '06-01';

/** A leave request as the lists show it. */
export interface LeaveRow {
  id: number;
  employeeId: number;
  employeeName: string;
  employeeUserId: number | null;
  type: string;
  startDate: string;
  endDate: string;
  restTimeCount: string | null;
  state: LeaveState;
  comment: string | null;
  decisionComment: string | null;
  decidedByName: string | null;
  workingDays: number;
  requestedById: number | null;
  version: number;
  /**
   * For an asked paid leave: the balance of its paid-leave year once it is approved (other asked
   * requests not counted); negative when it goes beyond the entitlement. Null otherwise.
   */
  balanceAfter: number | null;
}

/** The paid-leave balance of an employee on a day. */
export interface LeaveBalance {
  /** Yearly entitlement in working days (`paid_leave_number`). */
  entitlement: number;
  /** Approved paid-leave working days since `since`. */
  taken: number;
  /** Working days still asked (state requested), not yet deducted. */
  pending: number;
  balance: number;
  /** First day of the current paid-leave year (the last reset date ≤ today). */
  since: string;
  /** Last day of that year (the day before the next reset). */
  until: string;
}

/**
 * First day of the paid-leave year containing `today`: the most recent occurrence, on or before
 * today, of the month and day of `resetDate` (1 June when absent). 29 February becomes 28 February
 * in other years.
 */
export function lastResetDay(resetDate: string | null, today: string): string {
  const md = resetDate ? resetDate.slice(5, 10) : DEFAULT_RESET;
  const at = (year: number) => {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return `${year}-${md === '02-29' && !leap ? '02-28' : md}`;
  };
  const year = Number(today.slice(0, 4));
  return at(year) <= today ? at(year) : at(year - 1);
}

/** The day before the paid-leave year after the one starting on `since`. */
function yearEnd(resetDate: string | null, since: string): string {
  const next = lastResetDay(resetDate, `${Number(since.slice(0, 4)) + 1}${since.slice(4)}`);
  return addDays(next, -1);
}

/** Working days of the part of [start, end] inside [from, to]. */
function workingDaysWithin(start: string, end: string, from: string, to: string): number {
  const a = start > from ? start : from;
  const b = end < to ? end : to;
  return a <= b ? workingDaysBetween(a, b) : 0;
}

/**
 * Balance = entitlement − approved `paid_leave` working days (Monday–Friday without French public
 * holidays) taken in the current paid-leave year (from the last reset date to the day before the next).
 */
export async function leaveBalance(db: Db, tenantId: number, employeeId: number, today: string): Promise<LeaveBalance | null> {
  const [emp] = await db.query('SELECT paid_leave_number, paid_leave_reset_date::text AS reset FROM employee WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [employeeId, tenantId]);
  if (!emp) return null;
  const since = lastResetDay(emp.reset, today);
  const until = yearEnd(emp.reset, since);
  const rows: Array<{ start: string; end: string; state: string }> = await db.query(
    `SELECT start_date::text AS start, end_date::text AS "end", state FROM paid_leave_request
      WHERE tenant_id = $1 AND employee_id = $2 AND type = 'paid_leave' AND state IN ('approved', 'requested')
        AND end_date >= $3 AND start_date <= $4`,
    [tenantId, employeeId, since, until]);
  let taken = 0;
  let pending = 0;
  for (const r of rows) {
    const n = workingDaysWithin(r.start, r.end, since, until);
    if (r.state === 'approved') taken += n; else pending += n;
  }
  const entitlement = Number(emp.paid_leave_number);
  return { entitlement, taken, pending, balance: entitlement - taken, since, until };
}

const SELECT_ROW = `SELECT r.id, r.employee_id, e.first_name, e.last_name, e.user_id AS employee_user_id, r.type,
    r.start_date::text AS start_date, r.end_date::text AS end_date, r.rest_time_count, r.state, r.comment, r.decision_comment,
    r.requested_by_id, r.version, trim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')) AS decided_by
  FROM paid_leave_request r JOIN employee e ON e.id = r.employee_id LEFT JOIN app_user d ON d.id = r.decided_by_id`;

const toRow = (r: Record<string, any>): LeaveRow => ({
  id: r.id, employeeId: r.employee_id, employeeName: personName(r.first_name, r.last_name), employeeUserId: r.employee_user_id,
  type: r.type, startDate: r.start_date, endDate: r.end_date, restTimeCount: r.rest_time_count, state: r.state, comment: r.comment,
  decisionComment: r.decision_comment, decidedByName: r.decided_by || null, requestedById: r.requested_by_id, version: r.version,
  workingDays: workingDaysBetween(r.start_date, r.end_date), balanceAfter: null,
});

/**
 * Fills `balanceAfter` on the asked paid-leave rows: the balance of the paid-leave year holding the
 * request's first day, minus its working days in that year. Asked rows are few on a page: one
 * balance each.
 */
export async function withBalanceAfter(db: Db, tenantId: number, rows: LeaveRow[]): Promise<LeaveRow[]> {
  for (const r of rows) {
    if (r.state !== 'requested' || r.type !== 'paid_leave') continue;
    const b = await leaveBalance(db, tenantId, r.employeeId, r.startDate);
    if (b) r.balanceAfter = b.balance - workingDaysWithin(r.startDate, r.endDate, b.since, b.until);
  }
  return rows;
}

/** Filters of the managers' list. */
export interface LeaveFilters {
  state?: string;
  type?: string;
  employeeId?: number;
  /** Only the requests of this employee (a user's own list). */
  ownEmployeeId?: number;
  /** Leave out the requests of the employee linked to this user (what waits for them to decide). */
  notOfUserId?: number;
}

/**
 * Requests of employees the user sees, newest first, one page. `ownEmployeeId` limits them to one
 * employee (the list of a user without `hr.leave_manage`).
 */
export async function listLeave(db: Db, user: AuthUser, filters: LeaveFilters, page: { offset: number; perPage: number }): Promise<{ rows: LeaveRow[]; total: number }> {
  const params: unknown[] = [user.tenantId];
  const where = ['r.tenant_id = $1', 'e.deleted_at IS NULL'];
  if (filters.ownEmployeeId !== undefined) {
    params.push(filters.ownEmployeeId);
    where.push(`r.employee_id = $${params.length}`);
  } else {
    const vis = employeeVisibility(user, 'e', params.length + 1);
    params.push(...vis.params);
    where.push(vis.sql);
    if (filters.employeeId) { params.push(filters.employeeId); where.push(`r.employee_id = $${params.length}`); }
  }
  if (filters.notOfUserId !== undefined) { params.push(filters.notOfUserId); where.push(`e.user_id IS DISTINCT FROM $${params.length}`); }
  if (filters.state) { params.push(filters.state); where.push(`r.state = $${params.length}`); }
  if (filters.type) { params.push(filters.type); where.push(`r.type = $${params.length}`); }
  const sqlWhere = where.join(' AND ');
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM paid_leave_request r JOIN employee e ON e.id = r.employee_id WHERE ${sqlWhere}`, params);
  const rows = await db.query(`${SELECT_ROW} WHERE ${sqlWhere} ORDER BY r.start_date DESC, r.id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { rows: rows.map(toRow), total: n };
}

/** Requests of one employee, newest first (the employee page tab). */
export async function employeeLeave(db: Db, tenantId: number, employeeId: number, limit = 50): Promise<LeaveRow[]> {
  const rows = await db.query(`${SELECT_ROW} WHERE r.tenant_id = $1 AND r.employee_id = $2 ORDER BY r.start_date DESC, r.id DESC LIMIT ${limit}`, [tenantId, employeeId]);
  return rows.map(toRow);
}

/** One request of the company whose employee the user sees, or null. */
export async function findLeave(db: Db, user: AuthUser, id: number): Promise<LeaveRow | null> {
  const vis = employeeVisibility(user, 'e', 3);
  const [r] = await db.query(`${SELECT_ROW} WHERE r.id = $1 AND r.tenant_id = $2 AND e.deleted_at IS NULL AND ${vis.sql}`, [id, user.tenantId, ...vis.params]);
  return r ? toRow(r) : null;
}

/** Outcome of a creation. */
export type CreateLeaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> };

/**
 * Records a request (state requested) for the employee. Refused with a field error when another
 * asked or approved request of the employee overlaps the dates, or when a paid leave holds no
 * working day. A lock per employee makes two simultaneous requests see each other.
 */
export async function createLeave(db: DataSource, tenantId: number, employeeId: number, userId: number, input: LeaveInput): Promise<CreateLeaveResult> {
  if (input.type === 'paid_leave' && workingDaysBetween(input.startDate, input.endDate) === 0) {
    return { ok: false, errors: { endDate: 'hr-time.leave.validation.no_working_day' } };
  }
  return db.transaction(async (m) => {
    await m.query('SELECT id FROM employee WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [employeeId, tenantId]);
    const [overlap] = await m.query(
      `SELECT start_date::text AS start, end_date::text AS "end" FROM paid_leave_request
        WHERE tenant_id = $1 AND employee_id = $2 AND state IN ('requested', 'approved') AND start_date <= $4 AND end_date >= $3
        ORDER BY start_date LIMIT 1`,
      [tenantId, employeeId, input.startDate, input.endDate]);
    if (overlap) return { ok: false as const, errors: { startDate: { key: 'hr-time.leave.validation.overlap', params: { start: fr(overlap.start), end: fr(overlap.end) } } } };
    const [row] = await m.query(
      `INSERT INTO paid_leave_request (tenant_id, employee_id, type, rest_time_count, start_date, end_date, state, comment, requested_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'requested', $7, $8) RETURNING id`,
      [tenantId, employeeId, input.type, input.restTimeCount, input.startDate, input.endDate, input.comment || null, userId]);
    return { ok: true as const, id: row.id };
  });
}

const fr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Moves a request from `from` to `to` (approve, refuse: by a manager; cancel: by its employee),
 * recording who decided. An approval or a refusal queues, in the same transaction, the mail telling
 * the employee (a rolled-back decision sends nothing). False when the request is no longer in state
 * `from` (someone acted first).
 */
export async function decideLeave(db: Db, tenantId: number, id: number, from: LeaveState, to: LeaveState, userId: number, comment: string | null = null): Promise<boolean> {
  const decision = to === 'cancelled' ? '' : ', decided_by_id = $5, decided_at = now(), decision_comment = $6';
  const params: unknown[] = [to, id, tenantId, from];
  if (to !== 'cancelled') params.push(userId, comment);
  const run = async (m: EntityManager): Promise<boolean> => {
    const updated = rowsOf(await m.query(
      `UPDATE paid_leave_request SET state = $1${decision}, version = version + 1, updated_at = now()
        WHERE id = $2 AND tenant_id = $3 AND state = $4 RETURNING id`, params));
    if (!updated.length) return false;
    if (to === 'approved' || to === 'refused') await enqueueLeaveDecisionMail(m, { tenantId, leaveId: id, decision: to });
    return true;
  };
  return inTransaction(db, run);
}
