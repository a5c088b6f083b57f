import type { AuthUser } from '../rights/auth-user';
import { renderActions, type Translate } from './render-actions';
import type { ApplyResult } from './workflow.types';
import type { Workflow } from './workflow';

/** The JSON a transition POST answers (docs/architecture.md « Conventions HTTP »). `message`: why when refused, what was done on success. */
export interface WorkflowReplyBody {
  state?: { name: string; label: string };
  buttons?: string;
  result: boolean;
  message?: string;
  /** The field a refusal is about (`comment`, or a `requires` field). */
  field?: string;
  signatureForm?: string;
}

/** What {@link buildWorkflowReply} needs. */
export interface WorkflowReplyInput<S extends object> {
  workflow: Workflow<S>;
  outcome: ApplyResult<S>;
  /** The subject to draw buttons for when the outcome carries none (refusals); null on 404. */
  subject: S | null;
  user: AuthUser;
  transitionUrl: (transition: string) => string;
  t: Translate;
  csrfToken: string;
  /** HTML of the signature form, when the transition asked for a signature. */
  signatureForm?: string;
  /** The transition applied: a success then carries `message` (« C'est fait : … »), the page's flash. */
  transition?: string;
}

/**
 * Status and JSON body of a transition reply: 200 with the new state and buttons on success,
 * 200 with `signatureForm` when a signature is needed first, otherwise the refusal's status
 * (403, 404, 409) with the translated `message` the client shows, plus the current buttons.
 */
export async function buildWorkflowReply<S extends object>(input: WorkflowReplyInput<S>): Promise<{ status: number; body: WorkflowReplyBody }> {
  const { workflow, outcome, t } = input;
  const subject: S | null = ('subject' in outcome && outcome.subject) ? outcome.subject : input.subject;
  const body: WorkflowReplyBody = { result: outcome.result };
  if (subject) {
    const state = workflow.state(subject);
    body.state = { name: state.name, label: t(state.label) };
    body.buttons = await renderActions({ workflow, subject, user: input.user, transitionUrl: input.transitionUrl, t, csrfToken: input.csrfToken });
  }
  if (outcome.result) {
    if (input.transition && body.state) body.message = t('workflow.applied', { transition: t(workflow.describe(input.transition).label), state: body.state.label });
    return { status: 200, body };
  }
  body.message = translateReason(t, outcome.reason, refusalParamsOf(subject)[outcome.reason]);
  if ('field' in outcome && outcome.field) body.field = outcome.field;
  if ('signatureRequired' in outcome && input.signatureForm !== undefined) body.signatureForm = input.signatureForm;
  return { status: outcome.status, body };
}

/** The part of an Express response the reply uses. */
export interface JsonResponder {
  status(code: number): JsonResponder;
  json(body: unknown): unknown;
}

/** Sends {@link buildWorkflowReply}'s answer on `res`. */
export async function workflowReply<S extends object>(res: JsonResponder, input: WorkflowReplyInput<S>): Promise<void> {
  const { status, body } = await buildWorkflowReply(input);
  res.status(status).json(body);
}

/** Reasons are translation keys (checked by the engine), read in the user's language with their parameters when any. */
export function translateReason(t: Translate, reason: string, params?: Record<string, unknown>): string {
  return params ? t(reason, params) : t(reason);
}

/**
 * The parameters of a subject's refusal reasons, by key (`subject.refusalParams`, filled by the
 * workflow's `enrich`): a reason is a key, and « La machine {{machine}} … » needs its machine.
 */
export function refusalParamsOf(subject: object | null): Record<string, Record<string, unknown>> {
  const params = (subject as { refusalParams?: unknown } | null)?.refusalParams;
  return params && typeof params === 'object' ? params as Record<string, Record<string, unknown>> : {};
}
