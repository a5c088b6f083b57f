import { contribute } from '../../../kernel/extension';
import { trashables } from '../../../kernel/trash/trash';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import * as a from './arduousness.handlers';
import * as c from './criteria.handlers';
import { seedArduousnessDemo } from './arduousness.demo';

const VIEW = 'unique_document.view';
const EDIT = 'unique_document.edit';

/**
 * Arduousness (pénibilité, issue 23 item 7): criteria and their constraints (the six C2P factors
 * given per company, editable), exposures per entity and workstation with the staff concerned, an
 * exposure reaching its threshold flagged; the constraint select re-posted when the criterion changes.
 */
export const arduousnessPart: RiskEvaluationPart = {
  routes: [
    { name: 'du_arduousness_index', method: 'GET', path: '/unique-document/arduousness', right: VIEW, handler: a.exposureIndex },
    { name: 'du_arduousness_new', method: ['GET', 'POST'], path: '/unique-document/arduousness/new', right: 'unique_document.add', handler: a.exposureNew },
    // Seed 000: a change of an arduousness select re-posts the form to refresh the dependent select.
    { name: 'du_arduousness_form', method: 'POST', path: '/unique-document/arduousness/form', right: VIEW, handler: a.exposureFormRefresh },
    { name: 'du_arduousness_criteria', method: 'GET', path: '/unique-document/arduousness/criteria', right: VIEW, handler: c.criteriaIndex },
    { name: 'du_arduousness_criterion_new', method: ['GET', 'POST'], path: '/unique-document/arduousness/criteria/new', right: EDIT, handler: c.criterionNew },
    { name: 'du_arduousness_criterion_edit', method: ['GET', 'POST'], path: '/unique-document/arduousness/criteria/{id}', right: EDIT, handler: c.criterionEdit },
    { name: 'du_arduousness_constraint_new', method: ['GET', 'POST'], path: '/unique-document/arduousness/criteria/{id}/constraints/new', right: EDIT, handler: c.constraintNew },
    { name: 'du_arduousness_constraint_edit', method: ['GET', 'POST'], path: '/unique-document/arduousness/constraints/{id}', right: EDIT, handler: c.constraintEdit },
    { name: 'du_arduousness_constraint_delete', method: 'POST', path: '/unique-document/arduousness/constraints/{id}/delete', right: EDIT, forbiddenMessage: 'risk-evaluation.unauthorised', handler: c.constraintDelete },
    { name: 'du_arduousness_edit', method: ['GET', 'POST'], path: '/unique-document/arduousness/{id}', right: VIEW, handler: a.exposureEdit },
    { name: 'du_arduousness_archive', method: 'POST', path: '/unique-document/arduousness/{id}/archive', right: EDIT, handler: a.exposureArchive },
    { name: 'du_arduousness_unarchive', method: 'POST', path: '/unique-document/arduousness/{id}/unarchive', right: EDIT, handler: a.exposureUnarchive },
    { name: 'du_arduousness_delete', method: 'POST', path: '/unique-document/arduousness/{id}/delete', right: 'unique_document.delete', forbiddenMessage: 'risk-evaluation.unauthorised', handler: a.exposureDelete },
  ],
  demo: seedArduousnessDemo,
  contributes: [contribute(trashables, { table: 'du_arduousness_exposure', typeKey: 'du-arduousness.trash' })],
};
