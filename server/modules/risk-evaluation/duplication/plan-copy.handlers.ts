import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { routeId, saved, tenantOf } from '../../../kernel/http/respond';
import { requirePlan, type PlanRef } from '../../prevention-plan';
import { analysisRiskLines } from '../../risk-analysis/analysis-risks';
import { listFamilies, listScales } from '../core/du-lists.service';
import { workUnitChoices } from '../core/du-places.service';
import { itemInScope, loadDuScope } from '../core/du-scope';
import { PLAN_COPY_FORM, planCopySchema } from './plan-copy.schema';
import { copyPlanRisks } from './plan-copy.service';

async function copyForm(req: Request, res: Response, plan: PlanRef, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tenantId = tenantOf(req);
  const [lines, workUnits, families, scales, [item]] = await Promise.all([
    analysisRiskLines(req.ctx.db, tenantId, 'prevention_plan', plan.id), workUnitChoices(req.ctx.db, tenantId), listFamilies(req.ctx.db, tenantId), listScales(req.ctx.db, tenantId),
    req.ctx.db.query('SELECT name FROM hierarchy_item WHERE id = $1 AND tenant_id = $2', [plan.hierarchyItemId, tenantId]),
  ]);
  await renderScreen(req, res, 'risk-evaluation/duplication/_plan_form', {
    title: req.t('du-actions.plan_copy.title', { number: plan.pdpNumber }), form: PLAN_COPY_FORM, plan, itemName: item?.name ?? '', lines, values, errors,
    workUnits, families: families.map((f) => ({ id: f.id, label: f.label })), scales,
  });
}

/**
 * `GET|POST /unique-document/from-plan/{id}` (risk_evaluation_plan_duplicate): the risks of a
 * prevention plan's analysis, chosen and copied into the document of the plan's entity. The plan is
 * reached through its door (`requirePlan`: 404 for another company's, 403 without the right to see
 * it); the entity must be in the user's scope of the document.
 */
export async function planDuplicate(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, routeId(req), 'view');
  const scope = await loadDuScope(req.ctx.db, req.authUser!);
  if (!plan.hierarchyItemId || !itemInScope(scope, plan.hierarchyItemId)) throw new HttpError(409, 'du-actions.plan_copy.no_entity');
  if (req.method === 'GET') return copyForm(req, res, plan, { keys: [] });
  const form = parseForm(planCopySchema, req.body, PLAN_COPY_FORM);
  if (!form.ok) return copyForm(req, res, plan, form.values, form.errors);
  const all = await analysisRiskLines(req.ctx.db, tenantOf(req), 'prevention_plan', plan.id);
  const chosen = all.filter((l) => form.data.keys.includes(l.key));
  // A key the analysis does not hold (another plan's, removed meanwhile) is not on offer.
  if (chosen.length !== new Set(form.data.keys).size) return copyForm(req, res, plan, form.values, { _form: 'validation.choice' });
  const outcome = await copyPlanRisks(req.ctx.db, tenantOf(req), scope, plan.hierarchyItemId, plan.pdpNumber, chosen, form.data);
  if (!outcome.ok) return copyForm(req, res, plan, form.values, outcome.errors);
  saved(req, res, 'du-actions.plan_copy.done', { count: outcome.ids.length });
}
