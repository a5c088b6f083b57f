import { can } from '../../../kernel/rights/registry';
import { progressForSources } from '../../action-plan/action-source-progress';
import type { DuListColumn } from '../core/du-list-extras';
import { RISK_EVALUATION_SOURCE } from './action-source';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document's « Actions » progress column: done / total per line, one query for the page. */
export const actionsProgressColumn: DuListColumn = {
  key: 'du-actions-progress',
  order: 10,
  visible: (req) => req.ctx.routes.has('action_plan_quick_add') && can(req.authUser!, 'unique_document.view'),
  header: (req) => `<abbr title="${esc(req.t('du-actions.progress.title'))}">${esc(req.t('du-actions.progress.short'))}</abbr>`,
  async cells(req, ids) {
    const progress = await progressForSources(req.ctx.db, req.authUser!.tenantId, RISK_EVALUATION_SOURCE, ids);
    const out = new Map<number, string>();
    for (const id of ids) {
      const p = progress.get(id) ?? { done: 0, total: 0 };
      const url = req.ctx.routes.path('risk_evaluation_modal_actions', { id });
      const label = req.t('du-actions.progress.label', { done: p.done, total: p.total });
      const tone = p.total === 0 ? 'text-bg-light border' : p.done === p.total ? 'text-bg-success' : 'text-bg-warning';
      out.set(id, `<a href="${esc(url)}" data-modal data-modal-size="lg" class="badge ${tone} text-decoration-none" title="${esc(label)}" aria-label="${esc(label)}" data-testid="du-actions-${id}">${p.done}/${p.total}</a>`);
    }
    return out;
  },
};
