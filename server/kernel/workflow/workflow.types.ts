import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../rights/auth-user';

/** A subject seen by the workflow: its properties in camelCase (entity shape). */
export type WorkflowSubject = Record<string, unknown>;

/** What a guard knows besides the subject. */
export interface GuardContext {
  user: AuthUser;
  workflow: string;
  transition: string;
}

/**
 * A business rule on a transition: returns a French reason (a translation key or a sentence)
 * when the transition is refused, null when it may go ahead.
 */
export type Guard<S = WorkflowSubject> = (subject: S, ctx: GuardContext) => string | null;

/** Whether the transition asks the user for a comment. */
export type CommentMode = 'none' | 'optional' | 'required';

/** Bootstrap colour of a transition button (`btn-<style>`). */
export type ButtonStyle = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'outline-primary' | 'outline-secondary' | 'outline-danger' | 'outline-success';

/** One transition as written in a definition. */
export interface TransitionSpec<S = WorkflowSubject> {
  from: string[];
  to: string;
  /** Named right checked with `can(user, right, subject)`, so the right's policy applies too. */
  right?: string;
  guards?: Guard<S>[];
  /**
   * Rules checked only when applying: the button stays visible and the user reads why the
   * transition is refused (an incomplete plan, a missing signature ...). Guards hide the button.
   */
  preconditions?: Guard<S>[];
  /** Subject properties that must be non-empty ('Veuillez renseigner ce champ.'). */
  requires?: string[];
  comment?: CommentMode;
  /** The transition first answers with a signature form; it applies once a signature is given. */
  signature?: boolean;
  /** Translation key of the confirmation question shown before posting. */
  confirm?: string;
  /** Button colour; `outline-primary` by default. */
  style?: ButtonStyle;
  /** Translation key of the button label; `workflow.<name>.transitions.<transition>` by default. */
  label?: string;
}

/** The data a module writes in `<module>.workflow.ts`. */
export interface WorkflowDefinition<S = WorkflowSubject> {
  /** snake_case name, used in translation keys and history rows. */
  name: string;
  /** The subject property holding the state. */
  property: string;
  /** Database column of the state; the snake_case of `property` by default. */
  column?: string;
  initial: string;
  places: string[];
  /** Translation keys of places, when not `workflow.<name>.places.<place>`. */
  labels?: Record<string, string>;
  transitions: Record<string, TransitionSpec<S>>;
  /** Table of the subjects (has `id`, `tenant_id` and the state column; `version` is bumped when present). */
  subjectTable: string;
  /** Subject type written in history rows (e.g. `prevention_plan`). */
  subjectType: string;
  /**
   * Adds what guards read besides the row (counts, signatures ...) to the subject, after the row
   * lock and before the checks. Handlers drawing buttons pass a subject enriched the same way.
   * A reason that needs parameters (« La machine {{machine}} … ») finds them in the subject's
   * `refusalParams[key]`, which the buttons and the reply pass to the translation.
   */
  enrich?: (subject: WorkflowSubject, manager: EntityManager) => Promise<void>;
}

/** A transition resolved for display: what a button needs. */
export interface TransitionView {
  name: string;
  from: string[];
  to: string;
  /** Translation key of the button label. */
  label: string;
  right?: string;
  comment: CommentMode;
  signature: boolean;
  /** Translation key of the confirmation question, when any. */
  confirm?: string;
  style: ButtonStyle;
  requires: string[];
  /**
   * Translation keys of the preconditions the subject fails now (empty when it may go ahead):
   * the button is drawn disabled with these reasons beside it (`transitions()` fills it).
   */
  blockedBy: string[];
}

/** Answer of `workflow.can`. */
export type CanResult = { ok: true } | { ok: false; reason: string; status: 403 | 404 | 409; field?: string };

/** A state as sent to the client: `label` is a translation key until a reply translates it. */
export interface StateRef {
  name: string;
  label: string;
}

/** Input of `workflow.apply`. */
export interface ApplyOptions {
  user: AuthUser;
  comment?: string | null;
  /** Signature data (signer, image, date ...) kept as JSON in the history row. */
  signature?: Record<string, unknown> | null;
}

/** Outcome of `workflow.apply`. */
export type ApplyResult<S = WorkflowSubject> =
  | { result: true; state: StateRef; subject: S; historyId: number }
  | { result: false; reason: string; status: 403 | 404 | 409; field?: string }
  /** A `signature: true` transition posted without a signature: show the signature form. */
  | { result: false; reason: string; status: 200; signatureRequired: true; subject: S };

/** What listeners receive, inside the transaction of the transition. */
export interface TransitionEvent {
  workflow: string;
  transition: string;
  from: string;
  to: string;
  subjectType: string;
  subjectId: number;
  tenantId: number;
  /** The subject after the state change. */
  subject: WorkflowSubject;
  user: AuthUser;
  comment: string | null;
  signature: Record<string, unknown> | null;
  historyId: number;
}

/** A side effect of a transition; throwing rolls the whole transition back. */
export type TransitionListener = (event: TransitionEvent, manager: EntityManager) => void | Promise<void>;
