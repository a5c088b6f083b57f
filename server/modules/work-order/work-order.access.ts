import type { Request } from 'express';
import type { Db } from '../../kernel/db/sql';
import { HttpError } from '../../kernel/http/errors';
import { rowsOf } from '../../kernel/db/sql';
import { resolvePlan, type PlanRef } from '../prevention-plan';
import { workOrderPolicy, type WorkOrderPlanFacts } from './work-order.policy';
import { findWorkOrder, type WorkOrderRecord } from './work-order.service';

/** What a user may do on one work order. */
export interface WorkOrderAbilities { view: boolean; edit: boolean; add: boolean; signAsCustomer: boolean; signAsContact: boolean; validate: boolean }

/** The plan facts the work order rules read (ordering customer, substitutes, archived). */
export async function planFacts(db: Db, plan: PlanRef): Promise<WorkOrderPlanFacts> {
  const subs = rowsOf<{ id: number }>(await db.query('SELECT user_id AS id FROM plan_substitute WHERE plan_id = $1 AND tenant_id = $2', [plan.id, plan.tenantId]));
  return { orderingCustomerId: plan.orderingCustomerId, substituteIds: subs.map((r) => Number(r.id)), archived: plan.archived };
}

/** May the request's user add work orders on this plan (he sees it)? */
export async function mayAddOnPlan(req: Request, plan: PlanRef): Promise<boolean> {
  return workOrderPolicy.add(req.authUser!, await planFacts(req.ctx.db, plan));
}

/**
 * The work order `id` for the request's user: 404 for an unknown id, another company's or one
 * whose plan he may not see; 403 when `ability` is refused.
 */
export async function resolveWorkOrder(req: Request, id: number | string, ability: keyof WorkOrderAbilities = 'view'): Promise<{ wo: WorkOrderRecord; plan: PlanRef; abilities: WorkOrderAbilities }> {
  const user = req.authUser!;
  const wo = /^\d{1,9}$/.test(String(id)) ? await findWorkOrder(req.ctx.db, user.tenantId, Number(id)) : null;
  if (!wo) throw new HttpError(404, 'errors.not_found.title');
  const { plan } = await resolvePlan(req, wo.planId, 'view');
  const facts = await planFacts(req.ctx.db, plan);
  const abilities: WorkOrderAbilities = {
    view: true,
    add: workOrderPolicy.add(user, facts),
    edit: workOrderPolicy.edit(user, facts, wo.state),
    signAsCustomer: workOrderPolicy.signAsCustomer(user, facts),
    signAsContact: workOrderPolicy.signAsContact(user, { ...facts, contactUserId: wo.contactUserId }),
    validate: workOrderPolicy.validate(user),
  };
  if (!abilities[ability]) throw new HttpError(403, 'errors.forbidden.message');
  return { wo, plan, abilities };
}
