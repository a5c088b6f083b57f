import { contribute } from '../../../kernel/extension';
import { trashables } from '../../../kernel/trash/trash';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { evaluationEdit, evaluationFormRefresh, evaluationNew } from './evaluation-form.handlers';
import { evaluationArchive, evaluationDelete, evaluationIndex, evaluationUnarchive } from './evaluation-list.handlers';
import { seedEvaluationsDemo } from './evaluations.demo';

const VIEW = 'unique_document.view';

/**
 * The risk evaluations (issue 23 items 2 and the list of 4): the document by entity and work unit,
 * the evaluation form with its dependent selects and live rating, archive, trash.
 * Record rules (scope, edit fully or rating only) are read in the handlers (core/du-policy.ts).
 */
export const evaluationsPart: RiskEvaluationPart = {
  routes: [
    { name: 'unique_document_index', method: 'GET', path: '/unique-document', right: VIEW, handler: evaluationIndex },
    { name: 'risk_evaluation_new', method: ['GET', 'POST'], path: '/unique-document/evaluations/new', right: 'unique_document.add', handler: evaluationNew },
    // Spec route (seed 001): the whole form re-posted when a dependent select changes.
    { name: 'risk_evaluation_form', method: 'POST', path: '/unique-document/evaluations/form', right: VIEW, handler: evaluationFormRefresh },
    { name: 'risk_evaluation_edit', method: ['GET', 'POST'], path: '/unique-document/evaluations/{id}', right: VIEW, handler: evaluationEdit },
    { name: 'risk_evaluation_archive', method: 'POST', path: '/unique-document/evaluations/{id}/archive', right: 'unique_document.edit', handler: evaluationArchive },
    { name: 'risk_evaluation_unarchive', method: 'POST', path: '/unique-document/evaluations/{id}/unarchive', right: 'unique_document.edit', handler: evaluationUnarchive },
    { name: 'risk_evaluation_delete', method: 'POST', path: '/unique-document/evaluations/{id}/delete', right: 'unique_document.delete', forbiddenMessage: 'risk-evaluation.unauthorised', handler: evaluationDelete },
  ],
  demo: seedEvaluationsDemo,
  contributes: [contribute(trashables, { table: 'risk_evaluation', typeKey: 'risk-evaluation.trash.evaluation' })],
};
