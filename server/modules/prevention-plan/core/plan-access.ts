import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import { HttpError } from '../../../kernel/http/errors';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { loadScope } from '../../action-plan/action-scope';
import type { PlanRef } from './plan-ref';
import { mayOnPlan, planAbilities, type PlanAbility, type PlanSubject } from './prevention-plan.policy';

type Db = DataSource | EntityManager;

/** Columns of a PlanRef, aliased (dates as ISO strings). */
const REF_COLUMNS = `p.id, p.tenant_id AS "tenantId", p.pdp_number AS "pdpNumber", p.subject, p.status, p.archived,
  p.created_by_id AS "createdById", p.ordering_customer_id AS "orderingCustomerId", p.hierarchy_item_id AS "hierarchyItemId",
  to_char(p.start_date, 'YYYY-MM-DD') AS "startDate", to_char(p.end_date, 'YYYY-MM-DD') AS "endDate", p.version`;

/** The plan `id` of the tenant (not in the trash), or null. */
export async function loadPlanRef(db: Db, tenantId: number, id: number): Promise<PlanRef | null> {
  if (!Number.isSafeInteger(Number(id))) return null;
  const rows: PlanRef[] = await db.query(
    `SELECT ${REF_COLUMNS} FROM prevention_plan p WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`,
    [Number(id), tenantId]);
  return rows[0] ?? null;
}

/** Is the user staff, or the manager's contact, of a company on the plan? */
async function isCompanyMember(db: Db, user: AuthUser, planId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM plan_staff s LEFT JOIN contact c ON c.id = s.contact_id
      WHERE s.plan_id = $1 AND s.tenant_id = $2 AND (s.user_id = $3 OR c.user_id = $3)
     UNION ALL
     SELECT 1 FROM plan_company pc JOIN contact c ON c.id = pc.contact_id
      WHERE pc.plan_id = $1 AND pc.tenant_id = $2 AND c.user_id = $3
     LIMIT 1`, [planId, user.tenantId, user.id]);
  return rows.length > 0;
}

/** The PlanRef plus what the policy reads for this user (substitutes, entities, membership, scope). */
export async function loadPlanSubject(db: Db, user: AuthUser, plan: PlanRef): Promise<PlanSubject> {
  const subs: Array<{ id: number }> = await db.query(
    'SELECT user_id AS id FROM plan_substitute WHERE plan_id = $1 AND tenant_id = $2', [plan.id, plan.tenantId]);
  const items: Array<{ id: number }> = await db.query(
    'SELECT hierarchy_item_id AS id FROM plan_hierarchy_item WHERE plan_id = $1 AND tenant_id = $2', [plan.id, plan.tenantId]);
  return {
    ...plan,
    substituteIds: subs.map((r) => Number(r.id)),
    extraItemIds: items.map((r) => Number(r.id)),
    isCompanyMember: await isCompanyMember(db, user, plan.id),
    scope: await loadScope(db, user),
  };
}

const resolved = new WeakMap<Request, Map<number, { plan: PlanRef; abilities: Record<PlanAbility, boolean> }>>();

/** May the request's user change the plan's companies and staff? */
export async function mayEditPlan(req: Request, plan: PlanRef): Promise<boolean> {
  const user = req.authUser;
  if (!user) return false;
  return mayOnPlan(user, 'edit', await loadPlanSubject(req.ctx.db, user, plan));
}

/**
 * The plan `id` for the request's user with every ability he has on it: 404 for an unknown id,
 * another company's plan or a plan he may not see; 403 when `ability` is refused. Remembered for
 * the request, so tabs and partials read the abilities without querying again.
 */
export async function resolvePlan(req: Request, id: number | string, ability: PlanAbility): Promise<{ plan: PlanRef; abilities: Record<PlanAbility, boolean> }> {
  const user = req.authUser;
  if (!user) throw new HttpError(404, 'errors.not_found.title');
  let known = resolved.get(req);
  if (!known) { known = new Map(); resolved.set(req, known); }
  let entry = known.get(Number(id));
  if (!entry) {
    const plan = await loadPlanRef(req.ctx.db, user.tenantId, Number(id));
    if (!plan) throw new HttpError(404, 'errors.not_found.title');
    const subject = await loadPlanSubject(req.ctx.db, user, plan);
    if (!mayOnPlan(user, 'view', subject)) throw new HttpError(404, 'errors.not_found.title');
    entry = { plan, abilities: planAbilities(user, subject) };
    known.set(plan.id, entry);
  }
  if (!entry.abilities[ability]) throw new HttpError(403, 'errors.forbidden.message');
  return entry;
}

/** Forgets what {@link resolvePlan} remembered (after a change of the plan in the same request). */
export function forgetPlan(req: Request): void {
  resolved.delete(req);
}

/**
 * The plan `id` for the request's user, checked for `ability`: 404 for an unknown id, another
 * company's plan or a plan the user may not see; 403 when he sees it but the ability is refused.
 * Every route about one plan starts with it.
 */
export async function requirePlan(
  req: Request, id: number | string, ability: 'view' | 'edit' | 'documents' | 'comment' | 'risk_analyses' | 'manage',
): Promise<PlanRef> {
  return (await resolvePlan(req, id, ability)).plan;
}

/** The plan page opened on one of its tabs (where the client goes after a save in that tab). */
export function planTabUrl(req: Request, planId: number, tab: string): string {
  return `${req.ctx.routes.path('pdp_show', { id: planId })}?tab=${tab}`;
}
