import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { resolvePlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { planHistory } from './plan-history.service';

/** HTML of the plan's history (amendments, then every row with its signatures) for the history tab. */
export async function renderPlanHistoryTab(req: Request, plan: PlanRef): Promise<string> {
  return renderView(req.res!, 'prevention-plan/plan/_history', { ...(await planHistory(req.ctx.db, plan.tenantId, plan.id)) });
}

/**
 * `GET /prevention-plan/{id}/history` (pdp_history): the plan's history as an HTML fragment
 * (or page). A plan not found (unknown, another company's, not visible) answers 404 with the
 * spec's « Une erreur est survenue, le PDP n'a pas été trouvé ».
 */
export async function history(req: Request, res: Response): Promise<void> {
  let plan: PlanRef;
  try {
    ({ plan } = await resolvePlan(req, req.routeParams.id, 'view'));
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 404) throw err;
    return renderScreen(req, res, 'prevention-plan/plan/_not_found', { title: req.t('plan-amendment.history.title') }, 404);
  }
  await renderScreen(req, res, 'prevention-plan/plan/history', {
    title: req.t('prevention-plan.history_title', { number: plan.pdpNumber }), plan, ...(await planHistory(req.ctx.db, plan.tenantId, plan.id)),
  });
}
