import type { Request, Response } from 'express';
import { parseForm } from '../../../kernel/http/forms';
import { renderForm } from '../../../kernel/http/render';
import { planTabUrl, resolvePlan } from '../core/plan-access';
import { addAdvice, adviceSchema } from '../core/plan-advice.service';
import { saved } from '../../../kernel/http/respond';

/**
 * `POST /prevention-plan/{id}/advice` (pdp_advice_add): a notice or a comment by the ordering
 * customer, his substitutes or a holder of pdp.comment (the companies' contacts). GET gives the modal form.
 */
export async function adviceAdd(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'comment');
  const action = req.ctx.routes.path('pdp_advice_add', { id: plan.id });
  const title = req.t('prevention-plan.advice.add');
  if (req.method !== 'POST') return renderForm(req, res, 'prevention-plan/plan/_advice_form', { title, action, values: { kind: 'comment' }, errors: {} });
  const form = parseForm(adviceSchema, req.body, 'plan_advice');
  if (!form.ok) return renderForm(req, res, 'prevention-plan/plan/_advice_form', { title, action, values: form.values, errors: form.errors });
  await addAdvice(req.ctx.db, plan.tenantId, plan.id, req.authUser!.id, form.data);
  saved(req, res, 'prevention-plan.flash.advice_added', {}, planTabUrl(req, plan.id, 'advice'));
}
