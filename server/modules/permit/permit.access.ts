import type { Request } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { can } from '../../kernel/rights/registry';
import { loadPlanSubject, resolvePlan, type PlanRef } from '../prevention-plan';
import type { ResponseAccessDef } from '../questionnaire/questionnaire.service';
import { PERMIT_STEPS, permitType, stepSubject, type PermitTypeDef } from './permit-types';

/** The columns of a permit the rules and the pages read. */
export interface PermitRef {
  id: number;
  tenantId: number;
  type: string;
  number: string;
  state: string;
  planId: number | null;
  workOrderId: number | null;
  /** The machine worked on (choices and rule from `permitChecks`), or null. */
  machineId: number | null;
  description: string;
  startAt: Date;
  endAt: Date;
  sectorId: number | null;
  managerId: number | null;
  lastCheckDueAt: Date | null;
  createdById: number | null;
  version: number;
}

/** What a user may do on a permit. */
export type PermitAbility = 'view' | 'edit' | 'steps';

export const PERMIT_REF_COLUMNS = `p.id, p.tenant_id AS "tenantId", p.type, p.number, p.state, p.plan_id AS "planId", p.work_order_id AS "workOrderId",
  p.description, p.start_at AS "startAt", p.end_at AS "endAt", p.sector_id AS "sectorId", p.machine_id AS "machineId", p.manager_id AS "managerId",
  p.last_check_due_at AS "lastCheckDueAt", p.created_by_id AS "createdById", p.version`;

/** The permit `id` of the company, or null. */
export async function loadPermitRef(db: Db, tenantId: number, id: number): Promise<PermitRef | null> {
  if (!Number.isSafeInteger(Number(id)) || Number(id) > 2_147_483_647) return null;
  const [row] = rowsOf<PermitRef>(await db.query(`SELECT ${PERMIT_REF_COLUMNS} FROM permit p WHERE p.id = $1 AND p.tenant_id = $2`, [Number(id), tenantId]));
  return row ?? null;
}

/**
 * May the request's user add permits of `type` to `plan` (or outside plans when `plan` is null)?
 * On a plan: he sees the plan, it is not archived, and he is its ordering customer, one of its
 * substitutes, or holds `pdp.add_work_orders`. Outside plans (fire permit only): he holds
 * `pdp.view_fire_permits` and `pdp.add_work_orders`.
 */
export async function mayAddPermit(req: Request, type: PermitTypeDef, plan: PlanRef | null): Promise<boolean> {
  const user = req.authUser!;
  if (!plan) return type.outsidePlans && can(user, 'pdp.view_fire_permits') && can(user, 'pdp.add_work_orders');
  if (plan.archived) return false;
  if (can(user, 'pdp.add_work_orders') || Number(plan.orderingCustomerId) === user.id) return true;
  const subject = await loadPlanSubject(req.ctx.db, user, plan);
  return subject.substituteIds.includes(user.id);
}

/** The users named on the permit (supervisors, workers, post-work supervisors). */
async function personUserIds(db: Db, tenantId: number, permitId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await db.query('SELECT user_id AS id FROM permit_person WHERE permit_id = $1 AND tenant_id = $2 AND user_id IS NOT NULL', [permitId, tenantId]));
  return rows.map((r) => Number(r.id));
}

/**
 * The permit `id` of `type` for the request's user, with his abilities (docs/permit.md "Rights"):
 * 404 for an unknown id, another company's, another type's, or one he may not see (a permit of a
 * plan he does not see; a permit outside plans without `pdp.view_fire_permits`); 403 when
 * `ability` is refused. `edit` = may add permits there, or created / manages it, and not closed;
 * `steps` = edit, or named on the permit (manager, supervisor, worker, post-work supervisor).
 */
export async function resolvePermit(req: Request, id: number | string, type: PermitTypeDef | null, ability: PermitAbility):
Promise<{ permit: PermitRef; type: PermitTypeDef; plan: PlanRef | null; abilities: Record<PermitAbility, boolean> }> {
  const user = req.authUser!;
  const permit = await loadPermitRef(req.ctx.db, user.tenantId, Number(id));
  if (!permit || (type && permit.type !== type.key)) throw new HttpError(404, 'errors.not_found.title');
  const def = permitType(permit.type)!;
  let plan: PlanRef | null = null;
  if (permit.planId != null) plan = (await resolvePlan(req, permit.planId, 'view')).plan;
  else if (!(def.outsidePlans && can(user, 'pdp.view_fire_permits'))) throw new HttpError(404, 'errors.not_found.title');
  const open = permit.state !== 'closed';
  const own = Number(permit.createdById) === user.id || Number(permit.managerId) === user.id;
  const edit = open && (own || await mayAddPermit(req, def, plan));
  const steps = open && (edit || (await personUserIds(req.ctx.db, user.tenantId, permit.id)).includes(user.id));
  const abilities = { view: true, edit, steps };
  if (!abilities[ability]) throw new HttpError(403, 'errors.forbidden.message');
  return { permit, type: def, plan, abilities };
}

/**
 * Who downloads a file or signature answered on a permit's step checklist
 * (`questionnaire_response_file`): whoever sees the permit, by {@link resolvePermit}'s rule.
 */
export const PERMIT_RESPONSE_ACCESS: ResponseAccessDef[] = PERMIT_STEPS.map((step) => ({
  subjectType: stepSubject(step),
  check: async (req: Request, permitId: number) => {
    try {
      await resolvePermit(req, permitId, null, 'view');
      return true;
    } catch {
      return false;
    }
  },
}));
