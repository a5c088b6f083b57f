import { contribute } from '../../../kernel/extension';
import { duListColumns, duListTools } from '../core/du-list-extras';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { duplicateTool, selectionColumn } from './duplicate-tools';
import { evaluationDuplicate } from './duplicate.handlers';
import { planPageTabs } from '../../prevention-plan';
import { planDuplicate } from './plan-copy.handlers';
import { planCopyTab } from './plan-copy.tab';

/**
 * Duplication in the unique risk document: the lines selected in the list copied to another entity
 * (issue 23 item 4), and the risks of a prevention plan's analysis copied into the document of the
 * plan's entity (item 9, a tab contributed to the plan page), both through the evaluation service.
 */
export const duplicationPart: RiskEvaluationPart = {
  routes: [
    { name: 'risk_evaluation_duplicate', method: ['GET', 'POST'], path: '/unique-document/evaluations/duplicate', right: 'unique_document.add', handler: evaluationDuplicate },
    // Seed 000 §2: the modal on the plan's risk analysis copying chosen risks into the DU of the plan's entity.
    { name: 'risk_evaluation_plan_duplicate', method: ['GET', 'POST'], path: '/unique-document/from-plan/{id}', right: 'unique_document.add', handler: planDuplicate },
  ],
  contributes: [contribute(duListColumns, selectionColumn), contribute(duListTools, duplicateTool), contribute(planPageTabs, planCopyTab)],
};
