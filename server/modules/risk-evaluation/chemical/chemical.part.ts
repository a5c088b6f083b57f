import { contribute } from '../../../kernel/extension';
import { trashables } from '../../../kernel/trash/trash';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import * as c from './chemical.handlers';
import { seedChemicalsDemo } from './chemical.demo';
import { parseSdsFile } from './chemical.uploads';

const VIEW = 'unique_document.view';
const EDIT = 'unique_document.edit';

/**
 * The chemical risk of the unique risk document (issue 23 item 6): products with their CLP
 * pictograms, hazards, prevention means and safety data sheet (flagged past 3 years). Rights and
 * scope as the evaluations' (core/du-policy.ts); the SDS is served only through `du_chemical_sds`.
 */
export const chemicalPart: RiskEvaluationPart = {
  routes: [
    { name: 'du_chemical_index', method: 'GET', path: '/unique-document/chemicals', right: VIEW, handler: c.chemicalIndex },
    { name: 'du_chemical_new', method: ['GET', 'POST'], path: '/unique-document/chemicals/new', right: 'unique_document.add', handler: c.chemicalNew, bodyParsers: [parseSdsFile] },
    // The entity's change re-posts its block to refresh the workstations (as risk_evaluation_form does).
    { name: 'du_chemical_form', method: 'POST', path: '/unique-document/chemicals/form', right: VIEW, handler: c.chemicalFormRefresh },
    { name: 'du_chemical_edit', method: ['GET', 'POST'], path: '/unique-document/chemicals/{id}', right: VIEW, handler: c.chemicalEdit, bodyParsers: [parseSdsFile] },
    { name: 'du_chemical_sds', method: 'GET', path: '/unique-document/chemicals/{id}/sds', right: VIEW, handler: c.chemicalSds },
    { name: 'du_chemical_archive', method: 'POST', path: '/unique-document/chemicals/{id}/archive', right: EDIT, handler: c.chemicalArchive },
    { name: 'du_chemical_unarchive', method: 'POST', path: '/unique-document/chemicals/{id}/unarchive', right: EDIT, handler: c.chemicalUnarchive },
    { name: 'du_chemical_delete', method: 'POST', path: '/unique-document/chemicals/{id}/delete', right: 'unique_document.delete', forbiddenMessage: 'risk-evaluation.unauthorised', handler: c.chemicalDelete },
  ],
  demo: seedChemicalsDemo,
  contributes: [contribute(trashables, { table: 'du_chemical_product', typeKey: 'du-chemical.trash' })],
};
