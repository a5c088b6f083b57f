import { contribute } from '../../../kernel/extension';
import { trashables } from '../../../kernel/trash/trash';
import { ensureDuDefaults } from '../core/du-defaults';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { levelsEdit } from './levels.handlers';
import * as n from './nomenclatures.handlers';

const ADMIN = 'admin.nomenclatures';

/**
 * The nomenclatures of the unique risk document (issue 23 item 1): gravity, probability and
 * control scales, priority levels, danger families and risks, per company, with French defaults.
 */
export const nomenclaturesPart: RiskEvaluationPart = {
  routes: [
    { name: 'unique_document_nomenclature_index', method: 'GET', path: '/unique-document/nomenclatures/{kind}', defaults: { kind: 'gravity' },
      requirements: { kind: n.NOMENCLATURE_TABS.join('|') }, right: ADMIN, handler: n.nomenclatureIndex },
    { name: 'unique_document_scale_new', method: ['GET', 'POST'], path: '/unique-document/nomenclatures/{kind}/new', requirements: { kind: 'gravity|probability|control' }, right: ADMIN, handler: n.scaleNew },
    { name: 'unique_document_scale_edit', method: ['GET', 'POST'], path: '/unique-document/scale-values/{id}/edit', right: ADMIN, handler: n.scaleEdit },
    { name: 'unique_document_scale_delete', method: 'POST', path: '/unique-document/scale-values/{id}/delete', right: ADMIN, forbiddenMessage: 'risk-evaluation.unauthorised', handler: n.scaleDelete },
    { name: 'unique_document_priority_levels', method: ['GET', 'POST'], path: '/unique-document/priority-levels/edit', right: ADMIN, handler: levelsEdit },
    { name: 'unique_document_danger_family_new', method: ['GET', 'POST'], path: '/unique-document/danger-families/new', right: ADMIN, handler: n.familyNew },
    { name: 'unique_document_danger_family_edit', method: ['GET', 'POST'], path: '/unique-document/danger-families/{id}/edit', right: ADMIN, handler: n.familyEdit },
    { name: 'unique_document_danger_family_delete', method: 'POST', path: '/unique-document/danger-families/{id}/delete', right: ADMIN, forbiddenMessage: 'risk-evaluation.unauthorised', handler: n.familyDelete },
    { name: 'unique_document_risk_new', method: ['GET', 'POST'], path: '/unique-document/risks/new', right: ADMIN, handler: n.riskNew },
    { name: 'unique_document_risk_edit', method: ['GET', 'POST'], path: '/unique-document/risks/{id}/edit', right: ADMIN, handler: n.riskEdit },
    { name: 'unique_document_risk_delete', method: 'POST', path: '/unique-document/risks/{id}/delete', right: ADMIN, forbiddenMessage: 'risk-evaluation.unauthorised', handler: n.riskDelete },
  ],
  demo: (db, tenantId) => ensureDuDefaults(db, tenantId),
  contributes: [
    contribute(
      trashables,
      { table: 'du_scale_value', typeKey: 'risk-evaluation.trash.scale_value' },
      { table: 'du_danger_family', typeKey: 'risk-evaluation.trash.danger_family' },
      { table: 'du_risk', typeKey: 'risk-evaluation.trash.risk' },
    ),
  ],
};
