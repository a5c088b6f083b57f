import { todayIso } from '../../kernel/clock';
import { rowsOf, type Db } from '../../kernel/db/sql';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { loadToggles } from '../../kernel/toggles/toggles';
import { loadScope } from '../action-plan/action-scope';
import { toIsoDate } from '../action-plan/action-plan.schema';
import { visibleSql } from '../prevention-plan';
import { WORK_ORDER_STATES } from './work-order.entity';
import { workOrderFilterSchema } from './work-order.schema';

/** Filters of the global list (query string); `machine` is set by the lockout module's machine page. */
export interface WorkOrderFilters { q: string; state: string; on: string; plan: number | null; machine?: number | null }

/** One line of a work order list. */
export interface WorkOrderRow {
  id: number; number: string; state: string; waitingRole: string | null; startDate: string; endDate: string; nature: string | null;
  companyName: string | null; sectorName: string | null; planId: number; pdpNumber: string; planSubject: string; orderNumber: string | null;
}

/** Reads the filters from a query string (unknown values dropped). */
export function readFilters(query: Record<string, unknown>): WorkOrderFilters {
  return workOrderFilterSchema.parse(query);
}

/** WHERE of the work orders `user` sees (those of the plans he sees), filtered; pushes its params. */
async function whereOf(db: Db, user: AuthUser, f: Partial<WorkOrderFilters>, params: unknown[]): Promise<string> {
  params.push(user.tenantId);
  const where = ['w.tenant_id = $1', 'p.deleted_at IS NULL', visibleSql(user, await loadScope(db, user), params)];
  const add = (sql: (n: string) => string, value: unknown) => { params.push(value); where.push(sql(`$${params.length}`)); };
  if (f.q) add((n) => `(w.number ILIKE ${n} OR w.nature ILIKE ${n} OR w.order_number ILIKE ${n} OR pc.name ILIKE ${n} OR p.pdp_number ILIKE ${n})`, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.state) add((n) => `w.state = ${n}`, f.state);
  if (f.on) add((n) => `${n}::date BETWEEN w.start_date AND w.end_date`, toIsoDate(f.on));
  if (f.plan) add((n) => `w.plan_id = ${n}`, f.plan);
  if (f.machine) add((n) => `w.machine_id = ${n}`, f.machine);
  return where.join(' AND ');
}

const FROM = `FROM work_order w JOIN prevention_plan p ON p.id = w.plan_id LEFT JOIN plan_company pc ON pc.id = w.plan_company_id LEFT JOIN sector s ON s.id = w.sector_id`;
const SELECT_ROW = `SELECT w.id, w.number, w.state, w.waiting_role AS "waitingRole", to_char(w.start_date, 'YYYY-MM-DD') AS "startDate",
    to_char(w.end_date, 'YYYY-MM-DD') AS "endDate", w.nature, w.order_number AS "orderNumber", pc.name AS "companyName", s.name AS "sectorName",
    p.id AS "planId", p.pdp_number AS "pdpNumber", p.subject AS "planSubject" ${FROM}`;

/** One page of the work orders `user` sees, newest start first. */
export async function listWorkOrders(db: Db, user: AuthUser, f: Partial<WorkOrderFilters>, page: { perPage: number; offset: number }): Promise<{ rows: WorkOrderRow[]; total: number }> {
  const params: unknown[] = [];
  const where = await whereOf(db, user, f, params);
  const [{ n }] = await db.query(`SELECT count(*)::int AS n ${FROM} WHERE ${where}`, params);
  const rows = rowsOf<WorkOrderRow>(await db.query(
    `${SELECT_ROW} WHERE ${where} ORDER BY w.start_date DESC, w.id DESC LIMIT ${Number(page.perPage)} OFFSET ${Number(page.offset)}`, params));
  return { rows, total: Number(n) };
}

/**
 * The work orders naming a machine that `user` sees (those of the plans he sees), newest start
 * first, at most `limit`, with their total; null when he may not see work orders (no `pdp.view`,
 * or the prevention plan module off: `toggles` are the request's).
 */
export async function workOrdersOfMachine(db: Db, user: AuthUser, toggles: Record<string, boolean> | undefined, machineId: number, limit = 20): Promise<{ rows: WorkOrderRow[]; total: number } | null> {
  if (!can(user, 'pdp.view') || toggles?.module_prevention_plan === false) return null;
  return listWorkOrders(db, user, { machine: machineId }, { perPage: limit, offset: 0 });
}

/** How many work orders `user` sees, by state (the "work orders" indicator). */
export async function countByState(db: Db, user: AuthUser): Promise<Record<string, number>> {
  const params: unknown[] = [];
  const where = await whereOf(db, user, {}, params);
  const rows = rowsOf<{ state: string; n: number }>(await db.query(`SELECT w.state, count(*)::int AS n ${FROM} WHERE ${where} GROUP BY w.state`, params));
  return Object.fromEntries(WORK_ORDER_STATES.map((s) => [s, Number(rows.find((r) => r.state === s)?.n ?? 0)]));
}

/** The work orders `user` sees that are active (sent, signed or in operation) on `iso` (the work order widget). */
export async function activeOn(db: Db, user: AuthUser, iso = todayIso(), limit = 20): Promise<{ rows: WorkOrderRow[]; total: number }> {
  const params: unknown[] = [];
  const where = await whereOf(db, user, {}, params);
  params.push(iso);
  const cond = `${where} AND w.state IN ('waiting_sign', 'in_operation') AND $${params.length}::date BETWEEN w.start_date AND w.end_date`;
  const [{ n }] = await db.query(`SELECT count(*)::int AS n ${FROM} WHERE ${cond}`, params);
  const rows = rowsOf<WorkOrderRow>(await db.query(
    `${SELECT_ROW} WHERE ${cond} ORDER BY w.start_date, w.number LIMIT ${Number(limit)}`, params));
  return { rows, total: Number(n) };
}

/** A work order of the weekly recap, with the contact of its company. */
export interface RecapRow extends WorkOrderRow { planCompanyId: number | null; contactName: string | null; contactEmail: string | null }

/** The live work orders `user` sees whose period meets [from, to] (the weekly recap), by company. */
export async function workOrdersBetween(db: Db, user: AuthUser, from: string, to: string): Promise<RecapRow[]> {
  const params: unknown[] = [];
  const where = await whereOf(db, user, {}, params);
  params.push(from, to);
  return rowsOf<RecapRow>(await db.query(
    `${SELECT_ROW.replace(' FROM work_order', `, w.plan_company_id AS "planCompanyId", NULLIF(trim(coalesce(pc.first_name, '') || ' ' || coalesce(pc.last_name, '')), '') AS "contactName",
        coalesce(NULLIF(pc.email, ''), ct.email) AS "contactEmail" FROM work_order`)} LEFT JOIN contact ct ON ct.id = pc.contact_id
      WHERE ${where} AND w.state <> 'expired' AND w.start_date <= $${params.length}::date AND w.end_date >= $${params.length - 1}::date
      ORDER BY pc.name NULLS LAST, w.start_date, w.number`, params));
}

/**
 * The plans `user` may add work orders to now: he sees them, they are not archived, in operation
 * (or not expired with the toggle `work_order_before_validation`), and he holds
 * `pdp.add_work_orders` or is their ordering customer or a substitute.
 */
export async function plansOpenForAdding(db: Db, user: AuthUser): Promise<Array<{ id: number; label: string }>> {
  const params: unknown[] = [user.tenantId];
  const visible = visibleSql(user, await loadScope(db, user), params);
  let rule = 'TRUE';
  if (!can(user, 'pdp.add_work_orders')) {
    params.push(user.id);
    const me = `$${params.length}`;
    rule = `(p.ordering_customer_id = ${me} OR EXISTS (SELECT 1 FROM plan_substitute s WHERE s.plan_id = p.id AND s.user_id = ${me}))`;
  }
  const states = (await loadToggles(db, user.tenantId)).work_order_before_validation ? `p.status <> 'expired'` : `p.status = 'in_operation'`;
  return rowsOf<{ id: number; label: string }>(await db.query(
    `SELECT p.id, p.pdp_number || ' – ' || p.subject AS label FROM prevention_plan p
      WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND NOT p.archived AND ${states} AND ${visible} AND ${rule}
      ORDER BY p.pdp_number LIMIT 500`, params));
}
