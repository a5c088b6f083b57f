import { todayIso } from '../../../kernel/clock';
import type { WidgetData } from '../../../kernel/dashboard/widget';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import type { ActionScope } from '../../action-plan/action-scope';
import type { Db } from '../core/plan-checks';
import { longPlanIds } from '../core/plan-long-works.service';
import { EXPIRING_DAYS, VALIDITIES, validitySql, visibleSql, workTypeFlagSql, type Validity } from '../core/plan-list.service';
import { PLAN_STATUSES } from '../core/prevention-plan.entity';

/** A `figure` widget: the number and its caption; a click opens the list when one is given (also the PPSPS figures). */
export function figure(label: string, total: number, link?: string): WidgetData {
  const data: WidgetData = { labels: [label], series: [{ label, data: [total] }], total };
  if (link) data.links = [link];
  return data;
}

/** Who asks: the figures count only the plans this user may see (H2's list rule). */
export interface Viewer { user: AuthUser; scope: ActionScope }

/** A plan of today's interventions table. */
export interface TodayPlan { id: number; pdpNumber: string; subject: string; itemName: string | null; startDate: string | null; endDate: string | null }

/**
 * Another signed document counted by the state / validity / in-operation figures (PPSPS, protocol):
 * its table (alias `p`, with tenant_id, deleted_at, archived, status, end_date), its states in
 * workflow order, and the viewer's visibility rule (its list's SQL, pushing onto `params`).
 */
export interface CountedDocuments {
  table: string;
  statuses: readonly string[];
  tenantId: number;
  visible(params: unknown[]): string;
}

const planDocuments = (v: Viewer): CountedDocuments => ({
  table: 'prevention_plan', statuses: PLAN_STATUSES, tenantId: v.user.tenantId, visible: (params) => visibleSql(v.user, v.scope, params),
});

/**
 * The FROM/WHERE of the documents (plans unless told) the viewer sees, in the trash excluded; `archived`
 * picks archived or current ones. `$1` is the tenant, `$2` today; further parameters are pushed onto `params`.
 */
function scopeOf(v: Viewer | CountedDocuments, archived: boolean, today: string): { table: string; statuses: readonly string[]; where: string; params: unknown[] } {
  const d = 'table' in v ? v : planDocuments(v);
  const params: unknown[] = [d.tenantId, today];
  const visible = d.visible(params);
  return { table: d.table, statuses: d.statuses, where: `p.tenant_id = $1 AND p.deleted_at IS NULL AND ${archived ? 'p.archived' : 'NOT p.archived'} AND ${visible}`, params };
}

/** Ids of the current (not archived) plans the viewer sees. */
async function currentPlanIds(db: Db, v: Viewer, today: string): Promise<number[]> {
  const s = scopeOf(v, false, today);
  const rows: Array<{ id: number }> = await db.query(`SELECT p.id FROM prevention_plan p WHERE ${s.where} AND $2::date IS NOT NULL`, s.params);
  return rows.map((r) => Number(r.id));
}

/** Current plans with at least one dangerous work type (arrêté du 19 mars 1993, roof works ...). */
export async function countDangerous(db: Db, v: Viewer, today = todayIso()): Promise<number> {
  return countWithWorkType(db, v, 'dangerous', today);
}

/** Current plans with a roof-work type. */
export async function countRoofWorks(db: Db, v: Viewer, today = todayIso()): Promise<number> {
  return countWithWorkType(db, v, 'is_roof_work', today);
}

async function countWithWorkType(db: Db, v: Viewer, flag: 'dangerous' | 'is_roof_work', today: string): Promise<number> {
  const s = scopeOf(v, false, today);
  const [r] = await db.query(`SELECT count(*)::int AS n FROM prevention_plan p WHERE ${s.where} AND $2::date IS NOT NULL AND ${workTypeFlagSql(flag)}`, s.params);
  return Number(r.n);
}

/** Current plans that are long works (400 hours or more for an outside company, see plan-long-works.service.ts). */
export async function countLongWorks(db: Db, v: Viewer, today = todayIso()): Promise<number> {
  const ids = await currentPlanIds(db, v, today);
  return (await longPlanIds(db, v.user.tenantId, ids)).size;
}

/** Archived plans the viewer sees. */
export async function countArchived(db: Db, v: Viewer, today = todayIso()): Promise<number> {
  const s = scopeOf(v, true, today);
  const [r] = await db.query(`SELECT count(*)::int AS n FROM prevention_plan p WHERE ${s.where} AND $2::date IS NOT NULL`, s.params);
  return Number(r.n);
}

/** Current plans whose period holds today (start on or before today, end on or after it), earliest end first. */
export async function todayPlans(db: Db, v: Viewer, limit: number, today = todayIso()): Promise<{ rows: TodayPlan[]; total: number }> {
  const s = scopeOf(v, false, today);
  const where = `${s.where} AND p.start_date <= $2::date AND coalesce(p.end_date, p.start_date) >= $2::date`;
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM prevention_plan p WHERE ${where}`, s.params);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.pdp_number, p.subject, hi.name AS item_name, to_char(p.start_date, 'YYYY-MM-DD') AS s, to_char(p.end_date, 'YYYY-MM-DD') AS e
       FROM prevention_plan p LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
      WHERE ${where} ORDER BY p.end_date NULLS LAST, p.pdp_number LIMIT ${Math.max(1, Math.floor(limit))}`, s.params);
  return { total: Number(n), rows: rows.map((r) => ({ id: r.id, pdpNumber: r.pdp_number, subject: r.subject, itemName: r.item_name, startDate: r.s, endDate: r.e })) };
}

/** Current plans (or `v`'s documents) per status, every status in workflow order (zeros included). */
export async function countByStatus(db: Db, v: Viewer | CountedDocuments, today = todayIso()): Promise<Array<{ status: string; count: number }>> {
  const s = scopeOf(v, false, today);
  const rows: Array<{ status: string; n: number }> = await db.query(
    `SELECT p.status, count(*)::int AS n FROM ${s.table} p WHERE ${s.where} AND $2::date IS NOT NULL GROUP BY p.status`, s.params);
  const by = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return s.statuses.map((status) => ({ status, count: by.get(status) ?? 0 }));
}

/** Current plans per work type (a plan counts once for each of its work types), most used first; unused types left out. */
export async function countByWorkType(db: Db, v: Viewer, today = todayIso()): Promise<Array<{ id: number; label: string; dangerous: boolean; count: number }>> {
  const s = scopeOf(v, false, today);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT w.id, w.label, w.dangerous, count(DISTINCT p.id)::int AS n
       FROM prevention_plan p JOIN plan_work_type pw ON pw.plan_id = p.id JOIN work_type w ON w.id = pw.work_type_id AND w.tenant_id = p.tenant_id
      WHERE ${s.where} AND $2::date IS NOT NULL GROUP BY w.id, w.label, w.dangerous, w.position ORDER BY n DESC, w.position, lower(w.label)`, s.params);
  return rows.map((r) => ({ id: r.id, label: r.label, dangerous: r.dangerous, count: Number(r.n) }));
}

/** Current plans (or `v`'s documents) per validity (up to date, expiring within 30 days, late); expired ones have none. */
export async function countByValidity(db: Db, v: Viewer | CountedDocuments, today = todayIso()): Promise<Array<{ validity: Validity; count: number }>> {
  const s = scopeOf(v, false, today);
  const rows: Array<{ validity: string; n: number }> = await db.query(
    `SELECT ${validitySql('p', '$2')} AS validity, count(*)::int AS n FROM ${s.table} p WHERE ${s.where} GROUP BY 1`, s.params);
  const by = new Map(rows.map((r) => [r.validity, Number(r.n)]));
  return VALIDITIES.map((validity) => ({ validity, count: by.get(validity) ?? 0 }));
}

/**
 * Current plans with one validity: the list's badge and its validity filter use the same rule
 * ({@link validitySql}), so the figure equals the rows carrying the badge and the filtered list's total.
 */
export async function countWithValidity(db: Db, v: Viewer, validity: Validity, today = todayIso()): Promise<number> {
  return (await countByValidity(db, v, today)).find((c) => c.validity === validity)?.count ?? 0;
}

/** Current plans (or `v`'s documents) in operation the viewer sees. */
export async function countInOperation(db: Db, v: Viewer | CountedDocuments, today = todayIso()): Promise<number> {
  const s = scopeOf(v, false, today);
  const [r] = await db.query(`SELECT count(*)::int AS n FROM ${s.table} p WHERE ${s.where} AND $2::date IS NOT NULL AND p.status = 'in_operation'`, s.params);
  return Number(r.n);
}

/**
 * Current documents in operation ending within 30 days (today included): the PPSPS figure. The plans'
 * « Arrivent à échéance » figure counts with {@link countWithValidity}, as their list's badge does.
 */
export async function countExpiring(db: Db, v: Viewer | CountedDocuments, today = todayIso()): Promise<number> {
  const s = scopeOf(v, false, today);
  const [r] = await db.query(
    `SELECT count(*)::int AS n FROM ${s.table} p WHERE ${s.where} AND p.status = 'in_operation' AND p.end_date BETWEEN $2::date AND $2::date + ${EXPIRING_DAYS}`, s.params);
  return Number(r.n);
}

/** A plan in operation, with its validity. */
export interface InOperationPlan extends TodayPlan { validity: Validity | null }

/** Current plans in operation, the soonest end first (`limit` rows) and how many there are. */
export async function inOperationPlans(db: Db, v: Viewer, limit: number, today = todayIso()): Promise<{ rows: InOperationPlan[]; total: number }> {
  const s = scopeOf(v, false, today);
  const where = `${s.where} AND $2::date IS NOT NULL AND p.status = 'in_operation'`;
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM prevention_plan p WHERE ${where}`, s.params);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.pdp_number, coalesce(NULLIF(p.subject, ''), '') AS subject, coalesce(hi.name, ti.name, p.intervention_address) AS item_name,
            to_char(p.start_date, 'YYYY-MM-DD') AS s, to_char(p.end_date, 'YYYY-MM-DD') AS e, ${validitySql('p', '$2')} AS validity
       FROM prevention_plan p LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id LEFT JOIN tiers ti ON ti.id = p.host_tiers_id
      WHERE ${where} ORDER BY p.end_date NULLS LAST, p.pdp_number LIMIT ${Math.max(1, Math.floor(limit))}`, s.params);
  return {
    total: Number(n),
    rows: rows.map((r) => ({ id: r.id, pdpNumber: r.pdp_number, subject: r.subject, itemName: r.item_name, startDate: r.s, endDate: r.e, validity: r.validity })),
  };
}
