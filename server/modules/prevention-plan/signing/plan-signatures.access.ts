import type { Request } from 'express';
import { can } from '../../../kernel/rights/registry';
import { resolvePlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { isOrderingSide } from './plan-signatures.service';

/**
 * Who may have a plan signed (spec: the page gives the signature widgets `granted` and
 * `addGranted`): `granted` = the user may edit the plan, is its ordering customer or a
 * substitute, or holds pdp.sign (the internal signers; the plan not archived); `addGranted` = granted and the plan is in a state
 * where this signer signs ({@link mayCompanySign}, {@link mayStaffSign}).
 */
export interface SigningRights {
  granted: boolean;
  /** The request's user. */
  userId: number;
}

/** The signing rights of the request's user on a plan he sees. */
export async function signingRights(req: Request, plan: PlanRef): Promise<SigningRights> {
  const { abilities } = await resolvePlan(req, plan.id, 'view');
  const user = req.authUser!;
  const granted = !plan.archived && (abilities.edit || can(user, 'pdp.sign') || await isOrderingSide(req.ctx.db, user, plan));
  return { granted, userId: user.id };
}

/**
 * May the user have an outside company sign on the site's device? Only while the plan waits for
 * on-site signatures, by a granted user or the company's contact himself (his account).
 */
export function mayCompanySign(plan: PlanRef, rights: SigningRights, contactUserId: number | null): boolean {
  if (plan.archived || plan.status !== 'waiting_sign') return false;
  return rights.granted || (contactUserId != null && contactUserId === rights.userId);
}

/** May the user have a staff member sign? In every state but expired, granted users or the staff member himself. */
export function mayStaffSign(plan: PlanRef, rights: SigningRights, staffUserId: number | null): boolean {
  if (plan.archived || plan.status === 'expired') return false;
  return rights.granted || (staffUserId != null && staffUserId === rights.userId);
}
