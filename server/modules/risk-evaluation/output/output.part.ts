import { contribute } from '../../../kernel/extension';
import { duListTools } from '../core/du-list-extras';
import type { RiskEvaluationPart } from '../risk-evaluation-part';
import { exportPdf, exportXlsx } from './export.handlers';
import { duOutputTool } from './output-tool';

const VIEW = 'unique_document.view';

/**
 * The document of an entity exported (issue 23 item 4): printed as a PDF grouped by work unit with
 * the nomenclatures' legend, and as a spreadsheet. Whoever sees the entity's document may have them.
 */
export const outputPart: RiskEvaluationPart = {
  routes: [
    { name: 'unique_document_export_pdf', method: 'GET', path: '/unique-document/export/pdf', right: VIEW, heavy: 'pdf', handler: exportPdf },
    { name: 'unique_document_export_xlsx', method: 'GET', path: '/unique-document/export/xlsx', right: VIEW, heavy: 'export', handler: exportXlsx },
  ],
  contributes: [contribute(duListTools, duOutputTool)],
};
