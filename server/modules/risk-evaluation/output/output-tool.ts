import type { Request } from 'express';
import { z } from 'zod';
import { queryId } from '../../../kernel/http/fields';
import { escapeHtml } from '../../../kernel/pdf';
import { can } from '../../../kernel/rights/registry';
import type { DuListTool } from '../core/du-list-extras';

const itemQuery = z.object({ item: queryId });

/**
 * The buttons above the document's list: export the filtered entity's document (PDF, xlsx) and open
 * its signed history; without an entity in the filters, a hint to choose one.
 */
export const duOutputTool: DuListTool = {
  key: 'output',
  order: 50,
  visible: (req) => can(req.authUser, 'unique_document.view'),
  render(req: Request): string {
    const { item } = itemQuery.parse(req.query);
    if (!item) return `<span class="small text-muted align-self-center" data-testid="du-output-hint"><i class="bi bi-info-circle" aria-hidden="true"></i> ${escapeHtml(req.t('du-history.buttons.choose_entity'))}</span>`;
    const link = (route: string, icon: string, label: string, testid: string, style: string) =>
      `<a class="btn btn-sm ${style}" href="${escapeHtml(req.ctx.routes.path(route, { item }))}" data-testid="${testid}"><i class="bi bi-${icon}" aria-hidden="true"></i> ${escapeHtml(req.t(label))}</a>`;
    return [
      link('unique_document_export_pdf', 'file-earmark-pdf', 'du-history.buttons.pdf', 'du-export-pdf', 'btn-outline-secondary'),
      link('unique_document_export_xlsx', 'file-earmark-spreadsheet', 'du-history.buttons.xlsx', 'du-export-xlsx', 'btn-outline-secondary'),
      link('risk_evaluation_history', 'clock-history', 'du-history.buttons.history', 'du-history-link', 'btn-outline-primary'),
    ].join('');
  },
};
