import type { Request, Response } from 'express';
import { clock } from '../../kernel/clock';
import { csrfToken } from '../../kernel/http/csrf';
import { renderView } from '../../kernel/http/render';
import { displayName } from '../../kernel/rights/auth-user';
import { workflowReply, WORKFLOW_MESSAGES, type ApplyResult } from '../../kernel/workflow';
import { hasSignatureForm, parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../user-signature/signature-form';
import { forgetPlan, resolvePlan } from './plan-access';
import type { PlanRef } from './plan-ref';
import { planWorkflow, type PlanWorkflowSubject } from './prevention-plan.workflow';
import './plan-transition.listeners';

/** The form a signing transition asks first, posted back to the same transition URL. */
async function signatureForm(req: Request, res: Response, plan: PlanRef, transition: string, comment: string,
  state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const user = req.authUser!;
  const locals = await signatureFormLocals(req, {
    action: req.ctx.routes.path('pdp_apply_transition', { id: plan.id, transition }),
    title: req.t(`prevention-plan.transitions.${transition}`),
    intro: req.t('prevention-plan.signing.intro', { number: plan.pdpNumber, subject: plan.subject || '' }),
    signerName: displayName(user),
    nameEnabled: true,
    offerSaved: true,
    hidden: { comment },
    ...state,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * `POST /prevention-plan/{id}/apply/{transition}` (pdp_apply_transition): applies a transition of
 * the plan's workflow. JSON `{state, buttons, result}`; a signing transition first answers
 * `{result: false, signatureForm}`, and the form posted back here answers the same JSON, or the
 * form again with its errors (nothing kept).
 */
export async function applyTransition(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'view');
  const user = req.authUser!;
  const name = String(req.routeParams.transition ?? '');
  const ref = { id: plan.id, tenantId: plan.tenantId };
  const comment = typeof req.body?.comment === 'string' ? req.body.comment.slice(0, 5000) : '';
  const reply = async (outcome: ApplyResult<PlanWorkflowSubject>, form?: string) => {
    const subject = await planWorkflow.load(req.ctx.db, ref);
    const fresh = outcome.result && subject ? { ...outcome, subject } : outcome;
    await workflowReply(res, {
      workflow: planWorkflow, outcome: fresh, subject, user, t: req.t, csrfToken: csrfToken(req), signatureForm: form,
      transitionUrl: (transition) => req.ctx.routes.path('pdp_apply_transition', { id: plan.id, transition }),
    });
  };
  if (!Object.prototype.hasOwnProperty.call(planWorkflow.definition.transitions, name)) {
    res.status(404).json({ result: false, message: WORKFLOW_MESSAGES.unknownTransition });
    return;
  }
  let signature: Record<string, unknown> | null = null;
  if (planWorkflow.describe(name).signature && hasSignatureForm(req)) {
    const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: displayName(user), watermark: false });
    if (!parsed.ok) {
      const form = await signatureForm(req, res, plan, name, comment, { errors: parsed.errors, values: parsed.values });
      await reply({ result: false, reason: WORKFLOW_MESSAGES.signatureRequired, status: 200, signatureRequired: true, subject: (await planWorkflow.load(req.ctx.db, ref))! }, form);
      return;
    }
    signature = { ...parsed.signature, signedAt: clock.now().toISOString() };
  }
  const outcome = await planWorkflow.apply(req.ctx.db, ref, name, { user, comment, signature });
  forgetPlan(req);
  const form = !outcome.result && 'signatureRequired' in outcome ? await signatureForm(req, res, plan, name, comment) : undefined;
  await reply(outcome, form);
}
