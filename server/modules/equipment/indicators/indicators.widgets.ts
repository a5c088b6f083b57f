import type { Request } from 'express';
import { defineWidgetRoute, type WidgetData } from '../../../kernel/dashboard/widget';
import { todayIso } from '../../../kernel/clock';
import { formatDate } from '../../../kernel/i18n/format';
import { loadVgpScope } from '../core/equipment-access';
import { DEADLINE_COLOURS, type DeadlineState } from '../core/deadline';
import { countByState, myNextControls, total, type Total } from './indicators.service';

const STATES: DeadlineState[] = ['overdue', 'due_soon', 'ok', 'unplanned'];
// Bootstrap's own colours, so the chart matches the badges of the lists.
const HEX: Record<string, string> = { danger: '#dc3545', warning: '#ffc107', success: '#198754', secondary: '#6c757d' };

/** Controls per deadline state (seed 001: « VGP breakdown »): one bar per state in its colour, each opening the list filtered on it. */
export async function breakdown(req: Request): Promise<WidgetData> {
  const user = req.authUser!;
  const counts = await countByState(req.ctx.db, user.tenantId, await loadVgpScope(req.ctx.db, user), todayIso());
  return {
    labels: STATES.map((s) => req.t(`equipment.state.${s}`)),
    series: STATES.map((s, i) => ({ label: req.t(`equipment.state.${s}`), color: HEX[DEADLINE_COLOURS[s]], data: STATES.map((_, j) => (i === j ? counts[s] : 0)) })),
    stacked: true,
    total: STATES.reduce((n, s) => n + counts[s], 0),
    links: STATES.map((s) => req.ctx.routes.path('vgp_controllable_index', { state: s })),
  };
}

/** The user's next controls as a table (seed 001: « my controls »). */
export async function myControls(req: Request): Promise<WidgetData> {
  const user = req.authUser!;
  const { count, rows } = await myNextControls(req.ctx.db, user.tenantId, user.id, 10);
  return {
    labels: [req.t('vgp-indicators.columns.control'), req.t('vgp-indicators.columns.equipment'), req.t('vgp-indicators.columns.deadline')],
    series: [],
    rows: rows.map((r) => [r.name, r.equipmentName, r.deadline ? formatDate(r.deadline) : null]),
    links: rows.map((r) => req.ctx.routes.path('vgp_controllable_show', { id: r.id })),
    total: count,
  };
}

function totalWidget(what: Total, name: string, slug: string) {
  return defineWidgetRoute({
    name, path: `/dashboard/equipment/${slug}`, right: 'vgp.view', toggle: 'module_vgp',
    compute: async (req): Promise<WidgetData> => {
      const user = req.authUser!;
      const year = Number(todayIso().slice(0, 4));
      const n = await total(req.ctx.db, user.tenantId, await loadVgpScope(req.ctx.db, user), year, what);
      // The card's title names the figure; the caption under it says what is counted.
      const caption = req.t(`vgp-indicators.captions.${what}`, { year });
      return { labels: [caption], series: [{ label: req.t(`vgp-indicators.totals.${what}`), data: [n] }], total: n };
    },
  });
}

/** Seed 001 §2.3 « Vgp: breakdown, my controls, totals for controls, actions and equipment ». */
export const breakdownWidget = defineWidgetRoute({ name: 'vgp_dashboard_breakdown', path: '/dashboard/equipment/breakdown', right: 'vgp.view', toggle: 'module_vgp', compute: breakdown });
export const myControlsWidget = defineWidgetRoute({ name: 'vgp_dashboard_my_controls', path: '/dashboard/equipment/my-controls', right: 'vgp.view', toggle: 'module_vgp', compute: myControls });
export const totalEquipmentWidget = totalWidget('equipment', 'vgp_dashboard_total_equipment', 'total-equipment');
export const totalControlsWidget = totalWidget('controls', 'vgp_dashboard_total_controls', 'total-controls');
export const totalDoneWidget = totalWidget('done', 'vgp_dashboard_total_done', 'total-done');
export const totalActionsWidget = totalWidget('actions', 'vgp_dashboard_total_actions', 'total-actions');
