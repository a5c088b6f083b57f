import type { AuthUser } from '../../../kernel/rights/auth-user';

/** A manager's decision on an asked leave request. */
export type LeaveDecision = 'approve' | 'refuse';

/** What the decision rules read of a request. */
export interface LeaveDecisionSubject {
  /** The user account linked to the request's employee record, if any. */
  employeeUserId: number | null;
}

const isOwn = (u: AuthUser, l: LeaveDecisionSubject) => l.employeeUserId != null && Number(l.employeeUserId) === u.id;

/*
 * Separation of duties on leave (docs/separation-of-duties.md), read as a table: the right
 * `hr.leave_manage` is held first, then a rule below refuses the decision with its reason.
 *
 * | decision | refused when                                  | so the request goes to                              |
 * |----------|-----------------------------------------------|-----------------------------------------------------|
 * | approve  | the request is the manager's own (employee)    | their supervisor or another holder of the right     |
 * | refuse   | the request is the manager's own (employee)    | the same; the manager may cancel it instead          |
 */
const DECISION_RULES: Array<{ decision: LeaveDecision; refuses: (u: AuthUser, l: LeaveDecisionSubject) => boolean; reason: string }> = [
  { decision: 'approve', refuses: isOwn, reason: 'hr-time.leave.own_request.validate' },
  { decision: 'refuse', refuses: isOwn, reason: 'hr-time.leave.own_request.refuse' },
];

/** The translation key saying why `user` may not take `decision` on `leave`, or null when they may. */
export function decisionRefusal(user: AuthUser, leave: LeaveDecisionSubject, decision: LeaveDecision): string | null {
  return DECISION_RULES.find((r) => r.decision === decision && r.refuses(user, leave))?.reason ?? null;
}
