import type { Request, Response } from 'express';
import { addFlash } from '../../../kernel/http/flash';
import { isFragmentRequest, renderForm } from '../../../kernel/http/render';
import { routeId } from '../../../kernel/http/respond';
import { forgetPlan, loadPlanRef, loadPlanSubject } from '../core/plan-access';
import { amendRule, isAmendableState } from '../core/plan-amendment.policy';
import { amendPlan, type AmendOutcome } from '../core/plan-amendment.service';
import type { PlanRef } from '../core/plan-ref';
import { mayOnPlan } from '../core/prevention-plan.policy';

const MAX_REASON = 5000;
const FLASH = {
  created: 'plan-amendment.flash.created',
  forbidden: 'plan-amendment.flash.forbidden',
  failed: 'plan-amendment.flash.failed',
  notFound: 'plan-amendment.flash.not_found',
} as const;

/**
 * A refusal: the spec's redirect with a danger flash for the browser's form, the same French
 * message as JSON (`status`) for the modal's fetch, which shows it in the form.
 */
function refuse(req: Request, res: Response, status: number, key: string, url: string): void {
  if (isFragmentRequest(req)) {
    res.status(status).json({ message: req.t(key) });
    return;
  }
  addFlash(req, 'danger', key);
  res.redirect(303, url);
}

/** The plan of the route for its user, null when unknown, another company's or not visible to him. */
async function amendablePlan(req: Request): Promise<{ plan: PlanRef; allowed: boolean } | null> {
  const user = req.authUser!;
  const plan = await loadPlanRef(req.ctx.db, user.tenantId, routeId(req));
  if (!plan) return null;
  const subject = await loadPlanSubject(req.ctx.db, user, plan);
  if (!mayOnPlan(user, 'view', subject)) return null;
  return { plan, allowed: amendRule(user, subject) };
}

/**
 * `GET|POST /prevention-plan/{id}/amend` (pdp_amend, body `comment`): GET gives the
 * justification form; POST creates the amendment (plan-amendment.service.ts) and redirects to
 * the plan with « Avenant créé ». Refusals redirect with the spec's French message (JSON with
 * 403/404/409 for the modal): no right, wrong state or failure, plan not found. An empty
 * justification re-renders the form with the field flagged; nothing is created.
 */
export async function amend(req: Request, res: Response): Promise<void> {
  const found = await amendablePlan(req);
  if (!found) return refuse(req, res, 404, FLASH.notFound, req.ctx.routes.path('pdp_index'));
  const { plan } = found;
  const planUrl = req.ctx.routes.path('pdp_show', { id: plan.id });
  if (!found.allowed) return refuse(req, res, 403, FLASH.forbidden, planUrl);
  const action = req.ctx.routes.path('pdp_amend', { id: plan.id });
  const title = req.t('plan-amendment.title', { number: plan.pdpNumber });
  if (req.method !== 'POST') {
    if (!isAmendableState(plan.status, plan.archived)) return refuse(req, res, 409, FLASH.failed, planUrl);
    return renderForm(req, res, 'prevention-plan/amendment/_form', { title, plan, action, values: {}, errors: {} });
  }
  const raw = typeof req.body?.comment === 'string' ? req.body.comment : '';
  const reason = raw.trim();
  if (!reason || reason.length > MAX_REASON) {
    return renderForm(req, res, 'prevention-plan/amendment/_form', {
      title, plan, action, values: { comment: raw.slice(0, MAX_REASON) }, errors: { comment: reason ? 'validation.too_long' : 'validation.required' },
    });
  }
  let outcome: AmendOutcome | null;
  try {
    outcome = await amendPlan(req.ctx.db, { tenantId: plan.tenantId, planId: plan.id, userId: req.authUser!.id, reason });
  } catch (err) {
    console.error('[plan-amendment] avenant non créé', err);
    outcome = null;
  }
  if (outcome && !outcome.ok && outcome.reason === 'not_found') return refuse(req, res, 404, FLASH.notFound, req.ctx.routes.path('pdp_index'));
  if (!outcome?.ok) return refuse(req, res, outcome ? 409 : 500, FLASH.failed, planUrl);
  forgetPlan(req);
  addFlash(req, 'success', FLASH.created);
  if (isFragmentRequest(req)) {
    res.status(201).json({ message: req.t(FLASH.created), redirect: planUrl });
    return;
  }
  res.redirect(303, planUrl);
}
