import { can } from '../../kernel/rights/registry';
import type { AuthUser } from '../../kernel/rights/auth-user';

/** What the record rules read of an event. */
export interface EventAccessSubject {
  creatorId: number | null;
  supervisorId: number | null;
  /** Unknown (empty) when read from the bare row, as in workflow guards. */
  collaboratorIds?: number[];
  performerIds?: number[];
  confidential: boolean;
  status: string;
}

/** States in which an event may still be edited. */
export const OPEN_STATUSES = ['DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR'];

const isCreator = (u: AuthUser, e: EventAccessSubject) => e.creatorId === u.id;
const isSupervisor = (u: AuthUser, e: EventAccessSubject) => e.supervisorId === u.id;
const isCollaborator = (u: AuthUser, e: EventAccessSubject) => (e.collaboratorIds ?? []).includes(u.id);
const isPerformer = (u: AuthUser, e: EventAccessSubject) => (e.performerIds ?? []).includes(u.id);

/*
 * Record rules of an event, one line per ability (every line also needs `event.view`):
 *
 * | ability  | creator           | supervisor | collaborator | performer          | event.list_all | event.edit_all | event.validate | event.delete |
 * |----------|-------------------|------------|--------------|--------------------|----------------|----------------|----------------|--------------|
 * | see      | yes               | yes        | yes          | yes, unless conf.  | yes            | —              | —              | —            |
 * | edit     | until submitted, or + edit | + edit | + edit  | no                 | —              | yes (open)     | —              | —            |
 * | progress | yes               | + edit     | no           | no                 | —              | yes            | —              | —            |
 * | validate | no                | yes        | no           | no                 | —              | —              | yes            | —            |
 * | abandon  | yes               | yes        | no           | no                 | —              | yes            | yes            | —            |
 * | delete   | —                 | —          | —            | —                  | —              | —              | —              | yes (seen)   |
 *
 * "+ edit": with the `event.edit` right. The creator completes his own event (observations, files,
 * answers) until he submits it to the supervisor; after that he needs `event.edit`. Editing is for
 * open events only (draft, in progress, waiting for the supervisor); closed or abandoned events are
 * reopened first. "conf.": a
 * confidential event is seen only by its creator, supervisor, collaborators and `event.list_all`.
 */
export const eventPolicy = {
  see: (u: AuthUser, e: EventAccessSubject): boolean => can(u, 'event.view') && (
    can(u, 'event.list_all') || isCreator(u, e) || isSupervisor(u, e) || isCollaborator(u, e) || (isPerformer(u, e) && !e.confidential)),

  edit: (u: AuthUser, e: EventAccessSubject): boolean => eventPolicy.see(u, e) && OPEN_STATUSES.includes(e.status) && (
    can(u, 'event.edit_all')
    || (isCreator(u, e) && (e.status === 'DRAFT' || e.status === 'IN_PROGRESS'))
    || (can(u, 'event.edit') && (isCreator(u, e) || isSupervisor(u, e) || isCollaborator(u, e)))),

  /** Move the event forward (out of draft, to the supervisor): rules on the row only, as workflow guards see it. */
  progress: (u: AuthUser, e: EventAccessSubject): boolean => can(u, 'event.view') && (
    can(u, 'event.edit_all') || isCreator(u, e) || (can(u, 'event.edit') && isSupervisor(u, e))),

  validate: (u: AuthUser, e: EventAccessSubject): boolean => can(u, 'event.view') && (can(u, 'event.validate') || isSupervisor(u, e)),

  abandon: (u: AuthUser, e: EventAccessSubject): boolean => can(u, 'event.view') && (
    can(u, 'event.edit_all') || can(u, 'event.validate') || isCreator(u, e) || isSupervisor(u, e)),

  delete: (u: AuthUser, e: EventAccessSubject): boolean => can(u, 'event.delete') && eventPolicy.see(u, e),
};

/**
 * Separation of duties (docs/separation-of-duties.md): nobody validates the event he reported,
 * whatever his rights; his supervisor or another holder of `event.validate` does. Returns the
 * refusal's translation key, or null.
 */
export function ownValidationRefusal(user: AuthUser, event: EventAccessSubject): string | null {
  return isCreator(user, event) ? 'event.duties.own_validate' : null;
}

/**
 * SQL condition on the event aliased `e` matching {@link eventPolicy.see} for a user who holds
 * `event.view` (`$user` placeholder: the user id). Everything when the user lists all.
 */
export function visibleEventsSql(user: AuthUser, userParam: string): string {
  // The placeholder is still used, so the caller's parameters stay the same.
  if (can(user, 'event.list_all')) return `${userParam}::int IS NOT NULL`;
  const person = (role: string) => `EXISTS (SELECT 1 FROM event_person p WHERE p.event_id = e.id AND p.user_id = ${userParam} AND p.role = '${role}')`;
  return `(e.creator_id = ${userParam} OR e.supervisor_id = ${userParam} OR ${person('collaborator')} OR (NOT e.confidential AND ${person('performer')}))`;
}
