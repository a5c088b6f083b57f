import { todayIso } from '../../../kernel/clock';
import type { Db } from './plan-checks';

/** Hours from which an operation is "long works" (Code du travail R4512-7: 400 hours over 12 months). */
export const LONG_WORKS_HOURS = 400;

/** A plan counted for an outside company. */
export interface CountedPlan { id: number; pdpNumber: string; hours: number; startDate: string | null; endDate: string | null }

/** The hours of one outside company of the plan on the plan's site over the 12 months window. */
export interface CompanyHours {
  /** `t<tiersId>` for a CRM company, `n<name>` for a company typed by hand. */
  key: string;
  name: string;
  hours: number;
  long: boolean;
  plans: CountedPlan[];
}

/** The 400-hour rule for a plan, with its reason. */
export interface LongWorks {
  long: boolean;
  /** The window counted: 12 months ending on the plan's end date (ISO dates). */
  from: string;
  to: string;
  /** Every EE/ST company of the plan, most hours first. */
  companies: CompanyHours[];
}

/** The dangerous-works rule for a plan, with its reason. */
export interface Danger {
  dangerous: boolean;
  workTypes: Array<{ id: number; label: string; isRoofWork: boolean }>;
}

/** The flags of a plan in a list. */
export interface PlanFlags { long: boolean; dangerous: boolean; roofWork: boolean }

const validIds = (ids: number[]) => [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];

/**
 * Per target plan and outside company (EE or ST, same CRM tiers or, without one, same name), the
 * plans of the same site whose dates overlap the 12 months ending on the target's end date (the
 * target itself always counts). A plan's `hours_worked` is its total, subcontractors included, so
 * it counts in full for each of its EE/ST companies; plans in the trash are left out. See
 * docs/prevention-admin.md.
 */
const WHO = `CASE WHEN c.tiers_id IS NOT NULL THEN 't' || c.tiers_id ELSE 'n' || lower(btrim(c.name)) END`;
// Starts from the plans asked for and reaches the same company's other plans through the indexes of
// migration LongWorksCompanyIndexes (by CRM tiers, or by name without one): the cost follows the
// plans shown and their companies' plans, not every pair of rows of the company (issue 21).
const HOURS_SQL = `
WITH target AS (
  SELECT p.id, p.hierarchy_item_id, coalesce(p.end_date, p.start_date, $3::date) AS ref_end
    FROM prevention_plan p WHERE p.tenant_id = $1 AND p.id = ANY($2::int[]) AND p.deleted_at IS NULL
), tc AS (
  SELECT DISTINCT t.id AS target_id, t.hierarchy_item_id, t.ref_end, c.tiers_id,
         CASE WHEN c.tiers_id IS NULL THEN lower(btrim(c.name)) END AS lname, ${WHO} AS who
    FROM target t JOIN plan_company c ON c.tenant_id = $1 AND c.plan_id = t.id AND c.kind IN ('EE', 'ST')
), same AS (
  SELECT tc.target_id, tc.hierarchy_item_id, tc.ref_end, tc.who, qc.plan_id
    FROM tc JOIN plan_company qc ON qc.tenant_id = $1 AND qc.kind IN ('EE', 'ST') AND qc.tiers_id = tc.tiers_id
   WHERE tc.tiers_id IS NOT NULL
  UNION ALL
  SELECT tc.target_id, tc.hierarchy_item_id, tc.ref_end, tc.who, qc.plan_id
    FROM tc JOIN plan_company qc ON qc.tenant_id = $1 AND qc.kind IN ('EE', 'ST') AND qc.tiers_id IS NULL AND lower(btrim(qc.name)) = tc.lname
   WHERE tc.tiers_id IS NULL
), pairs AS (
  SELECT DISTINCT sm.target_id, sm.ref_end, sm.who, q.id AS plan_id, q.pdp_number, q.hours, q.s, q.e
    FROM same sm
    CROSS JOIN LATERAL (
      SELECT q.id, q.pdp_number, coalesce(q.hours_worked, 0) AS hours,
             coalesce(q.start_date, q.end_date) AS s, coalesce(q.end_date, q.start_date) AS e
        FROM prevention_plan q
       WHERE q.id = sm.plan_id AND q.tenant_id = $1 AND q.deleted_at IS NULL
         AND (q.id = sm.target_id OR (sm.hierarchy_item_id IS NOT NULL AND q.hierarchy_item_id = sm.hierarchy_item_id
              AND coalesce(q.start_date, q.end_date) <= sm.ref_end
              AND coalesce(q.end_date, q.start_date) > (sm.ref_end - interval '12 months')::date))
      -- OFFSET 0 keeps this a lookup by primary key per plan reached: joined plainly, the planner
      -- hashes every plan of the company once the tenant is large (a sequential scan growing with it).
      OFFSET 0) q
)
SELECT target_id, who, to_char(min(ref_end), 'YYYY-MM-DD') AS ref_end,
       (SELECT min(c.name) FROM plan_company c WHERE c.tenant_id = $1 AND c.plan_id = pairs.target_id AND c.kind IN ('EE', 'ST') AND ${WHO} = pairs.who) AS name,
       sum(hours)::int AS hours,
       json_agg(json_build_object('id', plan_id, 'pdpNumber', pdp_number, 'hours', hours,
                'startDate', to_char(s, 'YYYY-MM-DD'), 'endDate', to_char(e, 'YYYY-MM-DD')) ORDER BY s NULLS FIRST, plan_id) AS plans
  FROM pairs GROUP BY target_id, who`;

interface HoursRow { target_id: number; who: string; ref_end: string; name: string; hours: number; plans: CountedPlan[] | string }

async function hoursRows(db: Db, tenantId: number, planIds: number[]): Promise<HoursRow[]> {
  const ids = validIds(planIds);
  if (!ids.length) return [];
  return db.query(HOURS_SQL, [tenantId, ids, todayIso()]);
}

/** First day of the 12-month window ending on `to` (ISO): the day after `to` minus 12 months. */
export function windowStart(to: string): string {
  const d = new Date(`${to}T12:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last) + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The 400-hour rule for the plan: for each outside company of the plan (EE or ST), the hours of
 * every plan of the same site where that company works (as EE or ST) overlapping the 12 months
 * ending on the plan's end date (today when it has no date). Long as soon as one company reaches
 * 400 hours, even when the plan itself is shorter. Null for an unknown plan of the tenant.
 */
export async function longWorksOf(db: Db, tenantId: number, planId: number): Promise<LongWorks | null> {
  const [plan] = await db.query(
    `SELECT to_char(coalesce(end_date, start_date, $3::date), 'YYYY-MM-DD') AS ref_end FROM prevention_plan WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`,
    [planId, tenantId, todayIso()]);
  if (!plan) return null;
  const rows = await hoursRows(db, tenantId, [planId]);
  const companies = rows.map((r) => ({
    key: r.who, name: r.name, hours: Number(r.hours), long: Number(r.hours) >= LONG_WORKS_HOURS,
    plans: (typeof r.plans === 'string' ? JSON.parse(r.plans) : r.plans).map((p: CountedPlan) => ({ ...p, hours: Number(p.hours) })),
  })).sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name, 'fr'));
  return { long: companies.some((c) => c.long), from: windowStart(plan.ref_end), to: plan.ref_end, companies };
}

/** The dangerous-works rule: the plan's work types flagged dangerous (arrêté du 19 mars 1993, roof works ...). */
export async function dangerOf(db: Db, tenantId: number, planId: number): Promise<Danger> {
  const rows: Array<{ id: number; label: string; is_roof_work: boolean }> = await db.query(
    `SELECT w.id, w.label, w.is_roof_work FROM plan_work_type pw JOIN work_type w ON w.id = pw.work_type_id AND w.tenant_id = pw.tenant_id
      WHERE pw.tenant_id = $1 AND pw.plan_id = $2 AND w.dangerous ORDER BY w.position, lower(w.label), w.id`, [tenantId, planId]);
  return { dangerous: rows.length > 0, workTypes: rows.map((r) => ({ id: r.id, label: r.label, isRoofWork: r.is_roof_work })) };
}

/** The ids among `planIds` that are long works (one query, for lists and indicators). */
export async function longPlanIds(db: Db, tenantId: number, planIds: number[]): Promise<Set<number>> {
  const rows = await hoursRows(db, tenantId, planIds);
  return new Set(rows.filter((r) => Number(r.hours) >= LONG_WORKS_HOURS).map((r) => Number(r.target_id)));
}

/** The long / dangerous / roof-work flags of the plans `planIds` of the tenant, for the list page. */
export async function planFlags(db: Db, tenantId: number, planIds: number[]): Promise<Map<number, PlanFlags>> {
  const ids = validIds(planIds);
  const out = new Map<number, PlanFlags>(ids.map((id) => [id, { long: false, dangerous: false, roofWork: false }]));
  if (!ids.length) return out;
  for (const id of await longPlanIds(db, tenantId, ids)) out.get(id)!.long = true;
  const types: Array<{ plan_id: number; dangerous: boolean; roof: boolean }> = await db.query(
    `SELECT pw.plan_id, bool_or(w.dangerous) AS dangerous, bool_or(w.is_roof_work) AS roof
       FROM plan_work_type pw JOIN work_type w ON w.id = pw.work_type_id AND w.tenant_id = pw.tenant_id
      WHERE pw.tenant_id = $1 AND pw.plan_id = ANY($2::int[]) GROUP BY pw.plan_id`, [tenantId, ids]);
  for (const r of types) {
    const f = out.get(Number(r.plan_id));
    if (f) { f.dangerous = r.dangerous; f.roofWork = r.roof; }
  }
  return out;
}

/** "Alpha : 450 h (PDP-1 : 250 h, PDP-2 : 200 h)" for each company at or over 400 hours. */
export function longWorksReason(long: LongWorks): string {
  return long.companies.filter((c) => c.long)
    .map((c) => `${c.name} : ${c.hours} h (${c.plans.map((p) => `${p.pdpNumber} : ${p.hours} h`).join(', ')})`)
    .join(' ; ');
}

/** The dangerous work types' labels, for the warning. */
export function dangerReason(danger: Danger): string {
  return danger.workTypes.map((w) => w.label).join(' ; ');
}
