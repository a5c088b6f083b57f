import { contribute } from '../../../kernel/extension';
import { actionSourceKinds } from '../../action-plan/action-sources';
import { duListColumns } from '../core/du-list-extras';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { RISK_EVALUATION_ACTION_SOURCE } from './action-source';
import { actionsProgressColumn } from './actions-progress';
import { evaluationActions } from './actions.handlers';

/**
 * The actions of the unique risk document (issue 23 item 3): the modal listing an evaluation's
 * actions, added through the action plan (source « évaluation des risques »), and the list's
 * progress column (done / total, one query per page).
 */
export const actionsPart: RiskEvaluationPart = {
  routes: [
    { name: 'risk_evaluation_modal_actions', method: 'GET', path: '/unique-document/evaluations/{id}/actions', right: 'unique_document.view', handler: evaluationActions },
  ],
  contributes: [
    contribute(actionSourceKinds, RISK_EVALUATION_ACTION_SOURCE),
    contribute(duListColumns, actionsProgressColumn),
  ],
};
