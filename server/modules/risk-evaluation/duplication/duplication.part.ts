import { contribute } from '../../../kernel/extension';
import { duListColumns, duListTools } from '../core/du-list-extras';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { duplicateTool, selectionColumn } from './duplicate-tools';
import { evaluationDuplicate } from './duplicate.handlers';

/**
 * Duplication in the unique risk document (issue 23 item 4): the lines selected in the list copied
 * to another entity, through the evaluation service (core/du-evaluation.service.ts).
 */
export const duplicationPart: RiskEvaluationPart = {
  routes: [
    { name: 'risk_evaluation_duplicate', method: ['GET', 'POST'], path: '/unique-document/evaluations/duplicate', right: 'unique_document.add', handler: evaluationDuplicate },
  ],
  contributes: [contribute(duListColumns, selectionColumn), contribute(duListTools, duplicateTool)],
};
