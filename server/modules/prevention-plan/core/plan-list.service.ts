import type { DataSource, EntityManager } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import type { ActionScope } from '../../action-plan/action-scope';
import { longPlanIds } from './plan-long-works.service';
import type { PlanFeature } from './prevention-plan.schema';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';

type Db = DataSource | EntityManager;

/** Validity of a plan (docs/prevention-plan.md): only plans not yet expired have one. */
export const VALIDITIES = ['up_to_date', 'expiring', 'late'] as const;
export type Validity = (typeof VALIDITIES)[number];

/** A plan ending within this many days is `expiring`. */
export const EXPIRING_DAYS = 30;

/**
 * SQL expression of a plan's validity (alias `p`, `$today` a `YYYY-MM-DD` parameter): `late`
 * when its end date has passed while it is not expired, `expiring` when it ends within 30 days,
 * `up_to_date` otherwise; NULL for an expired plan. Shared with the indicators.
 */
export function validitySql(alias: string, todayParam: string): string {
  return `CASE WHEN ${alias}.status = 'expired' THEN NULL
    WHEN ${alias}.end_date < ${todayParam}::date THEN 'late'
    WHEN ${alias}.end_date <= ${todayParam}::date + ${EXPIRING_DAYS} THEN 'expiring'
    ELSE 'up_to_date' END`;
}

/**
 * SQL condition (alias `p`) of a plan having a work type with `flag` (`dangerous` or `is_roof_work`):
 * the list's « Particularités » filter and the dangerous / roof-works figures count with it.
 */
export function workTypeFlagSql(flag: 'dangerous' | 'is_roof_work'): string {
  return `EXISTS (SELECT 1 FROM plan_work_type pw JOIN work_type w ON w.id = pw.work_type_id AND w.tenant_id = pw.tenant_id
      WHERE pw.plan_id = p.id AND w.${flag})`;
}

/** The same rule in TypeScript, for one plan. */
export function planValidity(plan: { status: string; endDate: string | null }, today = todayIso()): Validity | null {
  if (plan.status === 'expired') return null;
  if (!plan.endDate) return 'up_to_date';
  if (plan.endDate < today) return 'late';
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + EXPIRING_DAYS);
  return plan.endDate <= limit.toISOString().slice(0, 10) ? 'expiring' : 'up_to_date';
}

/** Filters of the list, as read from the query string. */
export interface PlanFilters {
  q: string;
  status: string;
  item: number | null;
  customer: number | null;
  from: string;
  to: string;
  archived: 'no' | 'yes' | 'all';
  validity: string;
  /** "Particularités": dangerous works, long works (400 h) or roof works; '' for all plans. */
  feature: PlanFeature | '';
  /** Part of an outside company's name (EE or ST on the plan); '' for all. */
  company: string;
  /** Part of the name of an outside company's contact; '' for all. */
  contact: string;
}

/** An outside company of a plan (EE or ST) and its contact, as the list shows them. */
export interface PlanRowCompany { name: string; contact: string | null }

/** One row of the list. */
export interface PlanRow {
  id: number;
  pdpNumber: string;
  subject: string;
  status: string;
  archived: boolean;
  startDate: string | null;
  endDate: string | null;
  itemName: string | null;
  customerName: string | null;
  validity: Validity | null;
  companies: PlanRowCompany[];
}

/** `%text%` for ILIKE, its wildcards escaped. */
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL (alias `pc`) of an outside company contact's full name. */
const CONTACT_NAME = "NULLIF(trim(coalesce(pc.first_name, '') || ' ' || coalesce(pc.last_name, '')), '')";

/**
 * SQL restriction (alias `p`) to the plans the user may see, mirroring the `view` rule of
 * prevention-plan.policy.ts: involved (creator, ordering customer, substitute, staff or manager
 * of a company on the plan), or pdp.view_all within his scope.
 * Pushes its parameters onto `params`.
 */
export function visibleSql(user: AuthUser, scope: ActionScope, params: unknown[]): string {
  if (can(user, 'pdp.view_all') && scope.unrestricted) return 'TRUE';
  params.push(user.id);
  const me = `$${params.length}`;
  const involved = `(p.created_by_id = ${me} OR p.ordering_customer_id = ${me}
    OR EXISTS (SELECT 1 FROM plan_substitute s WHERE s.plan_id = p.id AND s.user_id = ${me})
    OR EXISTS (SELECT 1 FROM plan_staff ps LEFT JOIN contact c ON c.id = ps.contact_id WHERE ps.plan_id = p.id AND (ps.user_id = ${me} OR c.user_id = ${me}))
    OR EXISTS (SELECT 1 FROM plan_company pc JOIN contact c ON c.id = pc.contact_id WHERE pc.plan_id = p.id AND c.user_id = ${me}))`;
  if (!can(user, 'pdp.view_all')) return involved;
  params.push(scope.itemIds);
  const items = `$${params.length}`;
  return `(${involved} OR (p.hierarchy_item_id IS NULL AND NOT EXISTS (SELECT 1 FROM plan_hierarchy_item x WHERE x.plan_id = p.id))
    OR p.hierarchy_item_id = ANY(${items}::int[])
    OR EXISTS (SELECT 1 FROM plan_hierarchy_item x WHERE x.plan_id = p.id AND x.hierarchy_item_id = ANY(${items}::int[])))`;
}

/** One page of the plans the user sees, filtered; newest start first. */
export async function listPlans(db: Db, user: AuthUser, scope: ActionScope, f: PlanFilters, page: { perPage: number; offset: number }, today = todayIso()): Promise<{ rows: PlanRow[]; total: CappedTotal }> {
  const params: unknown[] = [user.tenantId];
  const where = ['p.tenant_id = $1', 'p.deleted_at IS NULL', visibleSql(user, scope, params)];
  const add = (sql: (n: string) => string, value: unknown) => { params.push(value); where.push(sql(`$${params.length}`)); };
  if (f.q) add((n) => `(p.subject ILIKE ${n} OR p.pdp_number ILIKE ${n} OR p.order_number ILIKE ${n})`, like(f.q));
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  if (f.item) add((n) => `(p.hierarchy_item_id = ${n} OR EXISTS (SELECT 1 FROM plan_hierarchy_item x WHERE x.plan_id = p.id AND x.hierarchy_item_id = ${n}))`, f.item);
  if (f.customer) add((n) => `p.ordering_customer_id = ${n}`, f.customer);
  // A plan is kept when its period meets [from, to].
  if (f.from) add((n) => `coalesce(p.end_date, p.start_date) >= ${n}::date`, f.from);
  if (f.to) add((n) => `p.start_date <= ${n}::date`, f.to);
  if (f.archived !== 'all') where.push(f.archived === 'yes' ? 'p.archived' : 'NOT p.archived');
  if (f.validity) {
    params.push(today);
    const todayRef = `$${params.length}`;
    add((n) => `(${validitySql('p', todayRef)}) = ${n}`, f.validity);
  }
  if (f.feature === 'dangerous' || f.feature === 'roof') where.push(workTypeFlagSql(f.feature === 'roof' ? 'is_roof_work' : 'dangerous'));
  if (f.company) add((n) => `EXISTS (SELECT 1 FROM plan_company pc WHERE pc.tenant_id = p.tenant_id AND pc.plan_id = p.id AND pc.kind <> 'EU' AND pc.name ILIKE ${n})`, like(f.company));
  if (f.contact) add((n) => `EXISTS (SELECT 1 FROM plan_company pc WHERE pc.tenant_id = p.tenant_id AND pc.plan_id = p.id AND pc.kind <> 'EU' AND ${CONTACT_NAME} ILIKE ${n})`, like(f.contact));
  if (f.feature === 'long') {
    // The 400-hour rule is computed over other plans (same site, 12 months): run it on the plans the other filters keep.
    const kept: Array<{ id: number }> = await db.query(`SELECT p.id FROM prevention_plan p WHERE ${where.join(' AND ')}`, params);
    add((n) => `p.id = ANY(${n}::int[])`, [...(await longPlanIds(db, user.tenantId, kept.map((r) => Number(r.id))))]);
  }
  const sqlWhere = where.join(' AND ');
  const total = await countUpTo(db, `FROM prevention_plan p WHERE ${sqlWhere}`, params);
  params.push(today);
  const todayParam = `$${params.length}`;
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.pdp_number, p.subject, p.status, p.archived, to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso,
            coalesce(hi.name, ti.name, p.intervention_address) AS item_name, coalesce(NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) AS customer_name,
            ${validitySql('p', todayParam)} AS validity,
            (SELECT coalesce(json_agg(json_build_object('name', pc.name, 'contact', ${CONTACT_NAME}) ORDER BY pc.kind, pc.id), '[]'::json)
               FROM plan_company pc WHERE pc.tenant_id = p.tenant_id AND pc.plan_id = p.id AND pc.kind <> 'EU') AS companies
       FROM prevention_plan p
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN tiers ti ON ti.id = p.host_tiers_id
       LEFT JOIN app_user u ON u.id = p.ordering_customer_id
      WHERE ${sqlWhere}
      ORDER BY p.start_date DESC NULLS FIRST, p.id DESC
      LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, pdpNumber: r.pdp_number, subject: r.subject, status: r.status, archived: r.archived, startDate: r.start_iso, endDate: r.end_iso,
      itemName: r.item_name, customerName: r.customer_name, validity: r.validity,
      companies: r.companies ?? [],
    })),
  };
}

/** What the list's outside-company filters suggest: the companies' names, or their contacts' names. */
export type CompanySuggestionField = 'company' | 'contact';

/**
 * Up to `limit` distinct names of outside companies (EE, ST), or of their contacts, on the plans the
 * user sees, containing `term`, alphabetical: the suggestions of the list's « Entreprise extérieure »
 * and « Contact de l'entreprise » filters (the same match as those filters).
 */
export async function suggestCompanyNames(db: Db, user: AuthUser, scope: ActionScope, field: CompanySuggestionField, term: string, limit = 10): Promise<string[]> {
  const params: unknown[] = [user.tenantId];
  const visible = visibleSql(user, scope, params);
  params.push(like(term));
  const value = field === 'company' ? 'pc.name' : CONTACT_NAME;
  const rows: Array<{ label: string }> = await db.query(
    `SELECT DISTINCT ${value} AS label FROM plan_company pc JOIN prevention_plan p ON p.id = pc.plan_id AND p.tenant_id = pc.tenant_id
      WHERE pc.tenant_id = $1 AND pc.kind <> 'EU' AND p.deleted_at IS NULL AND ${visible} AND ${value} ILIKE $${params.length}
      ORDER BY 1 LIMIT ${Math.max(1, Math.floor(limit))}`, params);
  return rows.map((r) => r.label);
}
