import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import type { PlanSubject } from './prevention-plan.policy';

/** States from which an amendment may be asked (the plan is signed or being validated). */
export const AMENDABLE_STATES: readonly string[] = ['in_operation', 'waiting_internal'];

/** States in which a staff change makes an automatic amendment (the companies have the plan to sign, or signed it). */
export const STAFF_AMENDMENT_STATES: readonly string[] = ['waiting_tiers', 'waiting_internal', 'in_operation'];

/**
 * May `user` amend the plan (besides seeing it)? Holders of pdp.amend, the ordering customer,
 * his substitutes and the companies on the plan always may (seed 002 section 6). The state (and
 * the archive) is checked when amending, under the row lock: see {@link isAmendableState}.
 */
export function amendRule(user: AuthUser, plan: PlanSubject): boolean {
  return can(user, 'pdp.amend')
    || (plan.orderingCustomerId != null && Number(plan.orderingCustomerId) === user.id)
    || plan.substituteIds.includes(user.id)
    || plan.isCompanyMember;
}

/** May the plan in `status` be amended now? */
export function isAmendableState(status: string, archived = false): boolean {
  return !archived && AMENDABLE_STATES.includes(status);
}
