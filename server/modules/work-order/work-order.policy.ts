import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { sameSigner, type SignerIdentity } from '../user-signature/same-signer';

/** What the rules read of a work order's plan for one user. */
export interface WorkOrderPlanFacts {
  orderingCustomerId: number | null;
  substituteIds: number[];
  archived: boolean;
}

/** What the signature rules read of a work order. */
export interface WorkOrderSignFacts extends WorkOrderPlanFacts {
  /** The user account of the company's contact, if he has one. */
  contactUserId: number | null;
}

const isOrderingCustomer = (u: AuthUser, p: WorkOrderPlanFacts) => p.orderingCustomerId != null && Number(p.orderingCustomerId) === u.id;
const isSubstitute = (u: AuthUser, p: WorkOrderPlanFacts) => p.substituteIds.map(Number).includes(u.id);

/*
 * Rights table of a work order (docs/work-order.md). Seeing a work order is seeing its plan
 * (plan-access.ts `requirePlan(req, id, 'view')`), then:
 *
 * | ability            | allowed when                                                                  |
 * |--------------------|-------------------------------------------------------------------------------|
 * | add                | plan not archived, and pdp.add_work_orders, the ordering customer or a substitute |
 * | edit               | add, and the work order is a draft                                            |
 * | sign as customer   | the plan's ordering customer or a substitute                                  |
 * | sign as contact    | the contact himself (his account), or whoever may add (the site's device)      |
 * | validate           | pdp.validate_work_orders (with both start signatures, the plan in operation)  |
 *
 * Separation of duties (docs/separation-of-duties.md): at each moment (start, intermediate, end)
 * the ordering customer's and the contact's signatures come from two people — see
 * {@link secondRoleRefusal}.
 */
export const workOrderPolicy = {
  add: (u: AuthUser, p: WorkOrderPlanFacts): boolean => !p.archived && (can(u, 'pdp.add_work_orders') || isOrderingCustomer(u, p) || isSubstitute(u, p)),
  edit: (u: AuthUser, p: WorkOrderPlanFacts, state: string): boolean => state === 'draft' && workOrderPolicy.add(u, p),
  signAsCustomer: (u: AuthUser, p: WorkOrderPlanFacts): boolean => !p.archived && (isOrderingCustomer(u, p) || isSubstitute(u, p)),
  signAsContact: (u: AuthUser, p: WorkOrderSignFacts): boolean => !p.archived && ((p.contactUserId != null && Number(p.contactUserId) === u.id) || workOrderPolicy.add(u, p)),
  validate: (u: AuthUser): boolean => can(u, 'pdp.validate_work_orders'),
  /** Does `u` sign `role` as themself (their account), rather than collect someone else's signature on their device? */
  signsAsSelf: (u: AuthUser, p: Pick<WorkOrderSignFacts, 'contactUserId'>, role: string): boolean =>
    role === 'ordering_customer' || (p.contactUserId != null && Number(p.contactUserId) === u.id),
};

/** A given signature as the duty rule reads it. */
export interface GivenSignature { moment: string; signerRole: string; signerName: string; userId: number | null }

/**
 * The translation key of why `signer` may not sign `role` at `moment`: they already signed the
 * other role at that moment (same account, or same name); null otherwise.
 */
export function secondRoleRefusal(given: GivenSignature[], slot: { moment: string; role: string }, signer: SignerIdentity): string | null {
  const twice = given.some((g) => g.moment === slot.moment && g.signerRole !== slot.role && sameSigner({ userId: g.userId, name: g.signerName }, signer));
  return twice ? 'work-order.duties.two_roles' : null;
}
