import { contribute } from '../../../kernel/extension';
import { can } from '../../../kernel/rights/registry';
import { duListTools } from '../core/du-list-extras';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { indicatorsPage } from './indicators.handlers';
import { byDangerFamilyWidget, byHierarchyWidget, byWorkstationWidget, byWorkUnitWidget } from './indicators.widgets';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The unique risk document's indicators (issue 23 item 10): widgets by work unit, danger family,
 * workstation and entity, counting the current lines per priority level (stacked bars in the
 * levels' colours), on their page and reached from the list.
 */
export const indicatorsPart: RiskEvaluationPart = {
  routes: [
    byWorkUnitWidget, byDangerFamilyWidget, byWorkstationWidget, byHierarchyWidget,
    { name: 'unique_document_indicators', method: 'GET', path: '/unique-document/indicators', right: 'unique_document.view', handler: indicatorsPage },
  ],
  contributes: [contribute(duListTools, {
    key: 'du-indicators',
    order: 90,
    visible: (req) => can(req.authUser!, 'unique_document.view'),
    render: (req) => `<a class="btn btn-sm btn-outline-secondary ms-auto" href="${esc(req.ctx.routes.path('unique_document_indicators'))}" data-testid="du-indicators"><i class="bi bi-bar-chart" aria-hidden="true"></i> ${esc(req.t('du-actions.indicators.title'))}</a>`,
  })],
};
