import { can } from '../../../kernel/rights/registry';
import type { DuListColumn, DuListTool } from '../core/du-list-extras';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The selection boxes of the document's lines, for those who may add evaluations: next to the
 * line's buttons, the level staying the first cell (its colour marks the line's edge).
 */
export const selectionColumn: DuListColumn = {
  key: 'du-select',
  order: 20,
  visible: (req) => can(req.authUser!, 'unique_document.add'),
  header: (req) => `<input class="form-check-input" type="checkbox" data-bulk-all aria-label="${esc(req.t('du-actions.duplicate.select_all'))}" data-testid="du-select-all">`,
  async cells(req, ids) {
    const label = req.t('du-actions.duplicate.select_line');
    return new Map(ids.map((id) => [id, `<input class="form-check-input" type="checkbox" data-bulk-item value="${id}" aria-label="${esc(label)} ${id}" data-testid="du-select-${id}">`]));
  },
};

/**
 * The « Dupliquer vers une autre entité » button: its island opens the duplicate modal with the
 * checked lines, or says « Veuillez effectuer une sélection » (the kernel client's bulk message).
 */
export const duplicateTool: DuListTool = {
  key: 'du-duplicate',
  order: 10,
  visible: (req) => can(req.authUser!, 'unique_document.add'),
  render(req, tableSelector) {
    const props = JSON.stringify({ url: req.ctx.routes.path('risk_evaluation_duplicate'), table: tableSelector }).replace(/</g, '\\u003c');
    return `<div data-island="du-duplicate"><script type="application/json" data-island-props>${props}</script>`
      + `<button type="button" class="btn btn-sm btn-outline-primary" data-modal-size="lg" data-testid="du-duplicate"><i class="bi bi-copy" aria-hidden="true"></i> ${esc(req.t('du-actions.duplicate.button'))}</button></div>`;
  },
};
