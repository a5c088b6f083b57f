import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { inScope, type ActionScope } from '../../action-plan/action-scope';
import { amendRule } from './plan-amendment.policy';
import type { PlanRef } from './plan-ref';

/** What a plan ability may be asked on a plan (`add` has no plan: see {@link mayAddPlan}). */
export type PlanAbility = 'view' | 'edit' | 'documents' | 'comment' | 'risk_analyses' | 'manage' | 'delete' | 'amend';

/**
 * What the rules read of a plan besides its PlanRef, loaded by plan-access.ts for the request's
 * user: the ordering customer's substitutes, the further entities of the plan, whether the user
 * is staff or manager of a company on the plan, and the user's hierarchy scope.
 */
export interface PlanSubject extends PlanRef {
  substituteIds: number[];
  extraItemIds: number[];
  /** The user is the manager or a staff member of a company on the plan (H3's tables). */
  isCompanyMember: boolean;
  /** The user's hierarchy scope (items below his items, services); undefined = not loaded. */
  scope: ActionScope | undefined;
}

const isCreator = (u: AuthUser, p: Pick<PlanSubject, 'createdById'>) => p.createdById != null && Number(p.createdById) === u.id;
const isOrderingCustomer = (u: AuthUser, p: Pick<PlanSubject, 'orderingCustomerId'>) => p.orderingCustomerId != null && Number(p.orderingCustomerId) === u.id;
const isSubstitute = (u: AuthUser, p: Pick<PlanSubject, 'substituteIds'>) => p.substituteIds.includes(u.id);
/** Plans on no site (outside company) concern the whole company: every scope holds them. */
const withinScope = (u: AuthUser, p: PlanSubject) =>
  [p.hierarchyItemId, ...p.extraItemIds].some((itemId) => inScope(p.scope, { hierarchyItemId: itemId }))
  || (p.hierarchyItemId == null && p.extraItemIds.length === 0 && p.scope != null);
const involved = (u: AuthUser, p: PlanSubject) => isCreator(u, p) || isOrderingCustomer(u, p) || isSubstitute(u, p) || p.isCompanyMember;

/*
 * Rights table of a plan (docs/prevention-plan.md). A right is first held through a role
 * (super_admin holds them all), then:
 *
 * | ability       | allowed when                                                                         |
 * |---------------|--------------------------------------------------------------------------------------|
 * | view          | pdp.view, and the user is involved (creator, ordering customer, substitute, member   |
 * |               | of a company on the plan) or holds pdp.view_all and the plan is in his scope          |
 * | edit          | view, not archived, pdp.edit, and creator / ordering customer / substitute or manage |
 * | documents     | view and pdp.documents                                                               |
 * | comment       | view, and pdp.comment or ordering customer or substitute                             |
 * | risk_analyses | view, not archived, and pdp.risk_analyses                                            |
 * | manage        | view and pdp.manage (archive, unarchive, edit every plan)                            |
 * | delete        | view and pdp.delete                                                                  |
 * | amend         | view, and pdp.amend, the ordering customer, a substitute or a company member; the    |
 * |               | state (in operation, waiting internal validation, not archived) is checked by amend  |
 * | add           | pdp.add (no plan yet)                                                                |
 */
/** What the edit rule reads of a plan: its row and the ordering customer's substitutes. */
export type PlanEditFacts = Pick<PlanSubject, 'archived' | 'createdById' | 'orderingCustomerId' | 'substituteIds'>;

/**
 * The one rule of who edits a plan (the `edit` line of the table above), also asked by the
 * signing guards (plan-signing.ts), so the page's buttons and the workflow agree.
 */
export function mayEditPlanFacts(u: AuthUser, p: PlanEditFacts): boolean {
  return !p.archived && can(u, 'pdp.edit') && (isCreator(u, p) || isOrderingCustomer(u, p) || isSubstitute(u, p) || can(u, 'pdp.manage'));
}

const RULES: Record<PlanAbility, (u: AuthUser, p: PlanSubject) => boolean> = {
  view: (u, p) => can(u, 'pdp.view') && (involved(u, p) || (can(u, 'pdp.view_all') && withinScope(u, p))),
  edit: mayEditPlanFacts,
  documents: (u) => can(u, 'pdp.documents'),
  comment: (u, p) => can(u, 'pdp.comment') || isOrderingCustomer(u, p) || isSubstitute(u, p),
  risk_analyses: (u, p) => !p.archived && can(u, 'pdp.risk_analyses'),
  manage: (u) => can(u, 'pdp.manage'),
  delete: (u) => can(u, 'pdp.delete'),
  amend: amendRule,
};

/** May `user` use `ability` on the plan? Every ability but `view` also needs `view`. */
export function mayOnPlan(user: AuthUser, ability: PlanAbility, plan: PlanSubject): boolean {
  if (!RULES.view(user, plan)) return false;
  return ability === 'view' || RULES[ability](user, plan);
}

/** May `user` create plans? */
export function mayAddPlan(user: AuthUser): boolean {
  return can(user, 'pdp.add');
}

/** Every ability of `user` on the plan, for templates (`abilities.edit` ...). */
export function planAbilities(user: AuthUser, plan: PlanSubject): Record<PlanAbility, boolean> {
  const out = {} as Record<PlanAbility, boolean>;
  for (const a of Object.keys(RULES) as PlanAbility[]) out[a] = mayOnPlan(user, a, plan);
  return out;
}
