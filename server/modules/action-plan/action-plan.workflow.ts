import { defineWorkflow, WORKFLOW_MESSAGES, type Guard } from '../../kernel/workflow';
import { ACTION_STATUSES } from './action.entity';
import { mayPress, ownClosureRefusal, type ActionSubject } from './action-plan.policy';

/** Refuses the transition unless the user plays one of its actors (action-plan.policy.ts). */
const actors: Guard<ActionSubject> = (subject, ctx) => (mayPress(ctx.user, ctx.transition, subject) ? null : WORKFLOW_MESSAGES.forbidden);
/** Nobody closes the action assigned to them without `action.close_assigned`, and they are told why. */
const notOwnAction: Guard<ActionSubject> = (subject, ctx) => ownClosureRefusal(ctx.user, subject);

/**
 * The action workflow (seed 000 section 4; the pairs are ours, see docs/action-plan.md):
 * the creator sends the action to its assignee (waiting), who takes it into account, works
 * on it and marks it processed (explaining the resolution); a closer then closes it (efficiency synthesis and closure
 * date) or sends it back (waiting). It may be reassigned while open and abandoned (with an
 * explanation) until it is closed.
 */
export const actionWorkflow = defineWorkflow<ActionSubject>({
  name: 'action',
  property: 'status',
  initial: 'DRAFT',
  places: [...ACTION_STATUSES],
  labels: Object.fromEntries(ACTION_STATUSES.map((s) => [s, `action-plan.status.${s}`])),
  subjectTable: 'action',
  subjectType: 'action',
  transitions: {
    take_into_account: { from: ['WAITING', 'REASSIGNED'], to: 'IN_PROGRESS', right: 'action.view', guards: [actors], style: 'primary', label: 'action-plan.transitions.take_into_account' },
    waiting: { from: ['DRAFT', 'PROCESSED'], to: 'WAITING', right: 'action.view', guards: [actors], requires: ['assigneeId'], style: 'primary', label: 'action-plan.transitions.waiting' },
    reassign: { from: ['WAITING', 'REASSIGNED', 'IN_PROGRESS'], to: 'REASSIGNED', right: 'action.reassign', requires: ['assigneeId'], style: 'outline-primary', label: 'action-plan.transitions.reassign' },
    processed: { from: ['IN_PROGRESS'], to: 'PROCESSED', right: 'action.view', guards: [actors], requires: ['resolutionExplanation'], style: 'success', label: 'action-plan.transitions.processed' },
    close: { from: ['IN_PROGRESS', 'PROCESSED'], to: 'CLOSED', right: 'action.view', guards: [notOwnAction, actors], requires: ['efficiencySynthesisId', 'closureDate'], style: 'success', label: 'action-plan.transitions.close' },
    abandon: { from: ['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS', 'PROCESSED'], to: 'ABANDONED', right: 'action.view', guards: [actors], requires: ['abandonExplanation'], style: 'outline-danger', label: 'action-plan.transitions.abandon' },
  },
});

/** Form fields behind the subject properties a transition requires (for the error under the right field). */
export const REQUIRED_FIELD_OF: Record<string, string> = {
  assigneeId: 'assignee',
  efficiencySynthesisId: 'efficiencySynthesis',
  closureDate: 'closureDate',
  abandonExplanation: 'abandonExplanation',
  resolutionExplanation: 'resolutionExplanation',
};
