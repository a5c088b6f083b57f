import { defineWorkflow } from '../../kernel/workflow';
import { EVENT_STATUSES } from './event.kinds';
import { eventPolicy, ownValidationRefusal, type EventAccessSubject } from './event.policy';

const NOT_ALLOWED = 'event.workflow.not_allowed';
const NO_SUPERVISOR = 'event.workflow.no_supervisor';

/**
 * Event statuses (seed 002 §4) and the pairs we chose (docs/event.md): a draft is started,
 * submitted to the supervisor, validated (closed) by the supervisor or `event.validate`, sent
 * back with a comment, abandoned with a comment, reopened with a comment.
 */
export const eventWorkflow = defineWorkflow<EventAccessSubject & Record<string, unknown>>({
  name: 'event',
  property: 'status',
  initial: 'DRAFT',
  places: [...EVENT_STATUSES],
  labels: Object.fromEntries(EVENT_STATUSES.map((s) => [s, `event.status.${s}`])),
  subjectTable: 'event',
  subjectType: 'event',
  transitions: {
    start: {
      from: ['DRAFT'], to: 'IN_PROGRESS', right: 'event.view', style: 'primary', label: 'event.transitions.start', requires: ['subject', 'eventDate'],
      guards: [(e, { user }) => (eventPolicy.progress(user, e) ? null : NOT_ALLOWED)],
    },
    submit: {
      from: ['DRAFT', 'IN_PROGRESS'], to: 'WAITING_SUPERVISOR', right: 'event.view', style: 'primary', label: 'event.transitions.submit', requires: ['subject', 'eventDate'],
      guards: [
        (e, { user }) => (eventPolicy.progress(user, e) ? null : NOT_ALLOWED),
        (e) => (e.supervisorId ? null : NO_SUPERVISOR),
        // The supervisor does not submit to himself: he validates.
        (e, { user }) => (e.supervisorId === user.id ? NOT_ALLOWED : null),
      ],
    },
    validate: {
      from: ['IN_PROGRESS', 'WAITING_SUPERVISOR'], to: 'CLOSED', right: 'event.view', style: 'success', comment: 'optional', label: 'event.transitions.validate',
      guards: [(e, { user }) => (eventPolicy.validate(user, e) ? null : NOT_ALLOWED), (e, { user }) => ownValidationRefusal(user, e)],
    },
    send_back: {
      from: ['WAITING_SUPERVISOR'], to: 'IN_PROGRESS', right: 'event.view', style: 'outline-secondary', comment: 'required', label: 'event.transitions.send_back',
      guards: [(e, { user }) => (eventPolicy.validate(user, e) ? null : NOT_ALLOWED)],
    },
    abandon: {
      from: ['DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR'], to: 'ABANDONED', right: 'event.view', style: 'outline-danger', comment: 'required',
      confirm: 'event.transitions.abandon_confirm', label: 'event.transitions.abandon',
      guards: [(e, { user }) => (eventPolicy.abandon(user, e) ? null : NOT_ALLOWED)],
    },
    reopen: {
      from: ['CLOSED', 'ABANDONED'], to: 'IN_PROGRESS', right: 'event.view', style: 'outline-primary', comment: 'required', label: 'event.transitions.reopen',
      guards: [(e, { user }) => (eventPolicy.validate(user, e) ? null : NOT_ALLOWED)],
    },
  },
});
