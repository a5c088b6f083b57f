import type { Request, Response } from 'express';
import { addFlash } from '../../../kernel/http/flash';
import { isFragmentRequest } from '../../../kernel/http/render';
import { saved } from '../../../kernel/http/respond';
import { resolvePlan } from '../core/plan-access';
import { duplicatePlan, renewPlan } from './plan-actions.service';

/** 201 with a redirect for the client's fetch, a 303 for a form posted without script; a flash either way. */
function doneTo(req: Request, res: Response, key: string, params: Record<string, unknown>, url: string): void {
  if (isFragmentRequest(req)) return saved(req, res, key, params, url);
  addFlash(req, 'success', key, params);
  res.redirect(303, url);
}

/**
 * `POST /prevention-plan/{id}/duplicate` (pdp_duplicate): a new draft copying the plan without its
 * staff, signatures, history, amendments or documents. Route right pdp.add; the plan must be visible.
 */
export async function duplicate(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'view');
  const copy = await duplicatePlan(req.ctx.db, plan.tenantId, req.authUser!.id, plan);
  doneTo(req, res, 'plan-actions.flash.duplicated', { number: copy.pdpNumber, source: plan.pdpNumber }, req.ctx.routes.path('pdp_show', { id: copy.id }));
}

/**
 * `POST /prevention-plan/{id}/renew` (pdp_renew, pdp.manage): the plan again, staff included, for
 * the following period of the same length; the old plan is archived when it has expired.
 */
export async function renew(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'manage');
  const result = await renewPlan(req.ctx.db, plan.tenantId, req.authUser!.id, plan);
  if (!result.ok) {
    res.status(409).json({ message: req.t('plan-actions.renew_no_period') });
    return;
  }
  doneTo(req, res, 'plan-actions.flash.renewed', { number: result.plan.pdpNumber, source: plan.pdpNumber }, req.ctx.routes.path('pdp_show', { id: result.plan.id }));
}
