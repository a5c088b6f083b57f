import { contribute } from '../../../kernel/extension';
import { trashables } from '../../../kernel/trash/trash';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import * as w from './workstations.handlers';
import { seedWorkstationsDemo } from './workstations.demo';

const VIEW = 'unique_document.view';
const EDIT = 'unique_document.edit';

/** The workstations screen of the unique risk document (issue 23 item 4). */
export const workstationsPart: RiskEvaluationPart = {
  routes: [
    { name: 'unique_document_workstation_index', method: 'GET', path: '/unique-document/workstations', right: VIEW, handler: w.workstationIndex },
    { name: 'unique_document_workstation_new', method: ['GET', 'POST'], path: '/unique-document/workstations/new', right: EDIT, handler: w.workstationNew },
    { name: 'unique_document_workstation_edit', method: ['GET', 'POST'], path: '/unique-document/workstations/{id}/edit', right: EDIT, handler: w.workstationEdit },
    { name: 'unique_document_workstation_delete', method: 'POST', path: '/unique-document/workstations/{id}/delete', right: EDIT, forbiddenMessage: 'risk-evaluation.unauthorised', handler: w.workstationDelete },
  ],
  demo: seedWorkstationsDemo,
  contributes: [contribute(trashables, { table: 'du_workstation', typeKey: 'risk-evaluation.trash.workstation' })],
};
