import type { AuthUser } from '../../kernel/rights/auth-user';
import { can, type RecordRule } from '../../kernel/rights/registry';
import { inScope, scopeOf } from './action-scope';

/** What the record rules read from an action. */
export interface ActionSubject {
  id?: number;
  status: string;
  creatorId: number | null;
  assigneeId: number | null;
  hierarchyItemId?: number | null;
  serviceId?: number | null;
}

/** Statuses where the work is still to be done or checked. */
export const OPEN_STATUSES = ['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS', 'PROCESSED'];
/** SQL condition: the action (alias `a`) is open. */
export const OPEN_STATUS_SQL = `a.status IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;
/** Statuses where the assignee still has something to do (deadline colours, reminders). */
export const PENDING_STATUSES = ['DRAFT', 'WAITING', 'REASSIGNED', 'IN_PROGRESS'];
/** Statuses of a finished action (archivable). */
export const FINISHED_STATUSES = ['CLOSED', 'ABANDONED'];

const isCreator = (u: AuthUser, a: ActionSubject) => a.creatorId != null && Number(a.creatorId) === u.id;
const isAssignee = (u: AuthUser, a: ActionSubject) => a.assigneeId != null && Number(a.assigneeId) === u.id;
const withinScope = (u: AuthUser, a: ActionSubject) => inScope(scopeOf(u), a);

/**
 * The action's record rules, contributed by the module (the right is first held through a role, then):
 *
 * | right                 | on this action when                                              |
 * |-----------------------|------------------------------------------------------------------|
 * | action.view           | creator, assignee, or action.view_all applies                   |
 * | action.view_all       | the action is within the user's scope (action-scope.ts)         |
 * | action.edit_all       | within scope, or creator / assignee                              |
 * | action.close          | not the assignee, and within scope or creator                    |
 * | action.close_assigned | assignee                                                         |
 * | action.reassign       | within scope, or creator / assignee                              |
 * | action.delete_drafts  | status DRAFT, and creator or action.edit_all applies             |
 * | action.archive        | status CLOSED or ABANDONED, and action.view applies              |
 */
export const ACTION_RECORD_RULES: Array<RecordRule<ActionSubject>> = [
  { right: 'action.view', policy: (u, a) => isCreator(u, a) || isAssignee(u, a) || can(u, 'action.view_all', a) },
  { right: 'action.view_all', policy: (u, a) => withinScope(u, a) },
  { right: 'action.edit_all', policy: (u, a) => withinScope(u, a) || isCreator(u, a) || isAssignee(u, a) },
  // Separation of duties: action.close is for the actions of others; one's own needs action.close_assigned.
  { right: 'action.close', policy: (u, a) => !isAssignee(u, a) && (withinScope(u, a) || isCreator(u, a)) },
  { right: 'action.close_assigned', policy: (u, a) => isAssignee(u, a) },
  { right: 'action.reassign', policy: (u, a) => withinScope(u, a) || isCreator(u, a) || isAssignee(u, a) },
  { right: 'action.delete_drafts', policy: (u, a) => a.status === 'DRAFT' && (isCreator(u, a) || can(u, 'action.edit_all', a)) },
  { right: 'action.archive', policy: (u, a) => FINISHED_STATUSES.includes(a.status) && can(u, 'action.view', a) },
];

/** The parts a user plays on one action. */
export type Actor = 'creator' | 'assignee' | 'editor' | 'closer' | 'reassigner';

/** Does `user` play `actor` on `action`? */
export function plays(user: AuthUser, actor: Actor, action: ActionSubject): boolean {
  switch (actor) {
    case 'creator': return isCreator(user, action);
    case 'assignee': return isAssignee(user, action);
    case 'editor': return can(user, 'action.edit_all', action);
    case 'closer': return can(user, 'action.close', action) || can(user, 'action.close_assigned', action);
    case 'reassigner': return can(user, 'action.reassign', action);
  }
}

/**
 * Separation of duties (docs/separation-of-duties.md): the translation key of why `user` may not
 * close `action`, when it is assigned to them and they hold `action.close` (the actions of others)
 * but not `action.close_assigned`; null otherwise.
 */
export function ownClosureRefusal(user: AuthUser, action: ActionSubject): string | null {
  return isAssignee(user, action) && can(user, 'action.close') && !can(user, 'action.close_assigned', action) ? 'action-plan.duties.own_close' : null;
}

/** May `user` see `action` at all? */
export function canSee(user: AuthUser, action: ActionSubject): boolean {
  return can(user, 'action.view', action);
}

/** Who may press each transition of the action workflow (besides its from-states and required fields). */
export const TRANSITION_ACTORS: Record<string, Record<string, Actor[]>> = {
  waiting: { DRAFT: ['creator', 'editor'], PROCESSED: ['closer', 'creator', 'editor'] },
  take_into_account: { '*': ['assignee', 'editor'] },
  reassign: { '*': ['reassigner'] },
  processed: { '*': ['assignee', 'editor'] },
  close: { '*': ['closer'] },
  abandon: { '*': ['closer', 'creator', 'editor'] },
};

/** May `user` press `transition` on `action` (actors only; the workflow checks the state)? */
export function mayPress(user: AuthUser, transition: string, action: ActionSubject): boolean {
  const byState = TRANSITION_ACTORS[transition];
  if (!byState) return false;
  const actors = byState[action.status] ?? byState['*'] ?? [];
  return actors.some((actor) => plays(user, actor, action));
}

/** The form fields of `mfpreventionbundle_action`, by group. */
export const FIELD_GROUPS = {
  definition: ['comments', 'complement', 'immediate', 'level', 'deadline', 'attachmentFile1', 'attachmentFile2', 'hierarchyItem', 'service'],
  assignee: ['assignee'],
  resolution: ['resolutionExplanation'],
  efficiency: ['efficiencySynthesis'],
  closing: ['closureDate', 'closeFile', 'newAction'],
  abandon: ['abandonExplanation', 'abandonFile'],
} as const;
export type FieldGroup = keyof typeof FIELD_GROUPS;

/**
 * Who may edit which fields in which status. When CLOSED, only the efficiency synthesis stays
 * editable; when ABANDONED, nothing is.
 */
export const FIELD_RULES: Array<{ group: FieldGroup; states: string[]; actors: Actor[] }> = [
  { group: 'definition', states: OPEN_STATUSES, actors: ['creator', 'editor'] },
  { group: 'assignee', states: ['DRAFT'], actors: ['creator', 'editor'] },
  { group: 'assignee', states: ['WAITING', 'REASSIGNED', 'IN_PROGRESS'], actors: ['reassigner'] },
  // The resolution is written while the work is done (taken into account), not before; once
  // processed it is what the closer checks, so it stays as written (sent back: written again).
  { group: 'resolution', states: ['IN_PROGRESS'], actors: ['assignee', 'editor'] },
  { group: 'efficiency', states: ['IN_PROGRESS', 'PROCESSED', 'CLOSED'], actors: ['closer', 'editor'] },
  { group: 'closing', states: ['IN_PROGRESS', 'PROCESSED'], actors: ['closer'] },
  { group: 'abandon', states: OPEN_STATUSES, actors: ['closer', 'creator', 'editor'] },
];

/** The fields `user` may change on `action` now. */
export function editableFields(user: AuthUser, action: ActionSubject): Set<string> {
  const out = new Set<string>();
  for (const rule of FIELD_RULES) {
    if (!rule.states.includes(action.status)) continue;
    if (!rule.actors.some((actor) => plays(user, actor, action))) continue;
    for (const f of FIELD_GROUPS[rule.group]) out.add(f);
  }
  return out;
}

/** May `user` add a progress comment (an open action they follow or may edit)? */
export function mayComment(user: AuthUser, action: ActionSubject): boolean {
  return OPEN_STATUSES.includes(action.status) && (isCreator(user, action) || isAssignee(user, action) || plays(user, 'editor', action));
}
