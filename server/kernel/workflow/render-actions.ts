import path from 'node:path';
import { renderTemplate } from '../http/templates';
import { ROOT_DIR } from '../config';
import type { AuthUser } from '../rights/auth-user';
import type { Workflow } from './workflow';

/** The shared partial of workflow buttons. */
export const ACTIONS_PARTIAL = path.join(ROOT_DIR, 'views', 'partials', '_actions.ejs');

/** A translator: key (and its parameters) in, text out (i18next's `t` fits). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Input of {@link renderActions}. */
export interface RenderActionsInput<S extends object> {
  workflow: Workflow<S>;
  subject: S;
  user: AuthUser;
  /** URL of the transition route (built by `path()`), e.g. `pdp_apply_transition`. */
  transitionUrl: (transition: string) => string;
  t: Translate;
  csrfToken: string;
}

/**
 * HTML of the buttons `user` may press on `subject` (views/partials/_actions.ejs). Only the
 * transitions the workflow offers are rendered, so templates never repeat guard logic.
 */
export async function renderActions<S extends object>(input: RenderActionsInput<S>): Promise<string> {
  const transitions = input.workflow.transitions(input.subject, input.user);
  return renderTemplate(ACTIONS_PARTIAL, {
    transitions,
    subject: input.subject,
    transitionUrl: input.transitionUrl,
    t: input.t,
    csrfToken: input.csrfToken,
    workflowName: input.workflow.name,
  });
}
