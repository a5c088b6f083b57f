import type { Request, Response } from 'express';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { sourceActionLines } from '../../action-plan/action-source-progress';
import { evaluationAbilities } from '../core/du-policy';
import { loadDuScope } from '../core/du-scope';
import { RISK_EVALUATION_SOURCE } from './action-source';

/** The evaluation the modal is about, if the user sees it (else 404, as another company's). */
async function visibleEvaluation(req: Request) {
  const user = req.authUser!;
  const [row] = await req.ctx.db.query(
    `SELECT e.id, e.hierarchy_item_id, e.dangerous_situation, e.priority_risk, i.name AS item_name, u.name AS work_unit_name,
            l.label AS level_label, l.color AS level_color
       FROM risk_evaluation e
       JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
       JOIN work_unit u ON u.id = e.work_unit_id
       LEFT JOIN du_priority_level l ON l.id = e.priority_level_id
      WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL`, [routeId(req), user.tenantId]);
  const evaluation = orNotFound(row as Record<string, any> | undefined);
  if (!evaluationAbilities(user, await loadDuScope(req.ctx.db, user), evaluation.hierarchy_item_id).view) orNotFound(null);
  return evaluation;
}

/**
 * `GET /unique-document/evaluations/{id}/actions` (risk_evaluation_modal_actions, seed 001: HTML shown
 * in a modal): the actions of an evaluation (immediate, deadline, status, assignee) and the button
 * that adds one through the action plan's `action_plan_quick_add` with the source « évaluation des risques ».
 */
export async function evaluationActions(req: Request, res: Response): Promise<void> {
  const evaluation = await visibleEvaluation(req);
  const actionPlan = req.ctx.routes.has('action_plan_quick_add') && res.locals.toggles?.module_action_plan !== false;
  const actions = actionPlan ? await sourceActionLines(req.ctx.db, req.authUser!.tenantId, RISK_EVALUATION_SOURCE, evaluation.id) : [];
  await renderScreen(req, res, 'risk-evaluation/actions/modal', {
    title: req.t('du-actions.modal.title', { id: evaluation.id }),
    evaluation, actions, actionPlan, sourceType: RISK_EVALUATION_SOURCE,
    canAddAction: actionPlan && can(req.authUser!, 'action.add'),
    canSeeActions: actionPlan && can(req.authUser!, 'action.view'),
  });
}
