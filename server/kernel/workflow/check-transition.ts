import { can } from '../rights/registry';
import type { AuthUser } from '../rights/auth-user';
import type { CanResult, TransitionSpec, WorkflowDefinition, WorkflowSubject } from './workflow.types';

/** The engine's refusal reasons, as translation keys (guards bring their own keys). */
export const WORKFLOW_MESSAGES = {
  notFound: 'workflow.refusal.not_found',
  unknownTransition: 'workflow.refusal.unknown_transition',
  staleState: 'workflow.refusal.stale_state',
  forbidden: 'workflow.refusal.forbidden',
  required: 'workflow.refusal.required',
  signatureRequired: 'workflow.refusal.signature_required',
} as const;

/** True for null, undefined, blank strings and empty arrays: what `requires` refuses. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Which checks to run besides state, right and guards. */
export interface CheckOptions {
  /** Check `requires` fields (the buttons list skips them, apply does not). */
  requires: boolean;
  /** Check the comment when given (`undefined`: the comment is not known yet). */
  comment?: string | null;
}

/** A translation key: no blank, dot-separated words (`event.duties.own_validate`). */
const KEY = /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/i;

/**
 * A guard's reason is read in the user's language, so it must be a translation key: a sentence
 * would reach German or Polish users in French. Tests run every guard, so a guard returning a
 * sentence fails them; production still shows the reason rather than answer a 500.
 */
function asKey(reason: string, workflow: string, transition: string): string {
  if (!KEY.test(reason) && process.env.NODE_ENV !== 'production') {
    throw new Error(`Workflow « ${workflow} », transition « ${transition} » : le motif de refus doit être une clé de traduction, pas « ${reason} »`);
  }
  return reason;
}

/**
 * Runs the checks of one transition on a subject, in the order a user would want to hear
 * them: state, right, guards, required fields, comment.
 */
export function checkTransition(
  def: WorkflowDefinition<any>,
  subject: WorkflowSubject,
  name: string,
  user: AuthUser,
  opts: CheckOptions,
): CanResult {
  const spec: TransitionSpec<any> | undefined = Object.prototype.hasOwnProperty.call(def.transitions, name) ? def.transitions[name] : undefined;
  if (!spec) return { ok: false, reason: WORKFLOW_MESSAGES.unknownTransition, status: 404 };
  const state = subject[def.property];
  if (typeof state !== 'string' || !spec.from.includes(state)) return { ok: false, reason: WORKFLOW_MESSAGES.staleState, status: 409 };
  if (spec.right && !can(user, spec.right, subject)) return { ok: false, reason: WORKFLOW_MESSAGES.forbidden, status: 403 };
  for (const guard of spec.guards ?? []) {
    const reason = guard(subject, { user, workflow: def.name, transition: name });
    if (reason) return { ok: false, reason: asKey(reason, def.name, name), status: 403 };
  }
  if (opts.requires) {
    for (const rule of spec.preconditions ?? []) {
      const reason = rule(subject, { user, workflow: def.name, transition: name });
      if (reason) return { ok: false, reason: asKey(reason, def.name, name), status: 403 };
    }
    for (const field of spec.requires ?? []) {
      if (isBlank(subject[field])) return { ok: false, reason: WORKFLOW_MESSAGES.required, status: 403, field };
    }
  }
  if (opts.comment !== undefined && spec.comment === 'required' && isBlank(opts.comment)) {
    return { ok: false, reason: WORKFLOW_MESSAGES.required, status: 403, field: 'comment' };
  }
  return { ok: true };
}

/**
 * Every precondition of transition `name` that `subject` fails now, as translation keys in the
 * declared order: the same functions {@link checkTransition} runs when applying, so the page says
 * what blocks a button before the click and the refusal at the click cannot say otherwise.
 */
export function transitionBlockers(def: WorkflowDefinition<any>, subject: WorkflowSubject, name: string, user: AuthUser): string[] {
  const spec: TransitionSpec<any> | undefined = Object.prototype.hasOwnProperty.call(def.transitions, name) ? def.transitions[name] : undefined;
  const reasons: string[] = [];
  for (const rule of spec?.preconditions ?? []) {
    const reason = rule(subject, { user, workflow: def.name, transition: name });
    if (reason && !reasons.includes(reason)) reasons.push(asKey(reason, def.name, name));
  }
  return reasons;
}
