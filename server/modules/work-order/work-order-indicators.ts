import type { Request } from 'express';
import { todayIso } from '../../kernel/clock';
import { defineWidgetRoute, widgetFromCounts } from '../../kernel/dashboard/widget';
import type { RouteDef } from '../../kernel/http/route-table';
import { toIsoDate } from '../action-plan/action-plan.schema';
import { WORK_ORDER_STATES } from './work-order.entity';
import { activeOn, countByState } from './work-order-list.service';
import { frenchIso } from './work-order.service';

const R = 'pdp.view';
const T = 'module_prevention_plan';

/** The widget's date: `?date=DD/MM/YYYY`, today when absent or unreadable. */
export function widgetDate(req: Request): string {
  const typed = typeof req.query.date === 'string' ? req.query.date : '';
  return (typed && toIsoDate(typed)) || todayIso();
}

/** The work order widget: the work orders active (sent or in operation) on the date, today by default; a row opens it. */
export const activeWidget = defineWidgetRoute({
  name: 'work_order_dashboard_active', path: '/dashboard/work-order/active', right: R, toggle: T,
  compute: async (req) => {
    const iso = widgetDate(req);
    const { rows, total } = await activeOn(req.ctx.db, req.authUser!, iso);
    return {
      labels: ['number', 'company', 'nature', 'period', 'state'].map((c) => req.t(`work-order.widgets.col_${c}`)),
      series: [],
      rows: rows.map((r) => [r.number, r.companyName, r.nature, `${frenchIso(r.startDate)} – ${frenchIso(r.endDate)}`, req.t(`work-order.states.${r.state}`)]),
      links: rows.map((r) => req.ctx.routes.path('work_order_show', { id: r.id })),
      total,
    };
  },
});

/** The "work orders" indicator: the work orders the user sees by state; a segment opens the list on it. */
export const statesWidget = defineWidgetRoute({
  name: 'work_order_dashboard_states', path: '/dashboard/work-order/states', right: R, toggle: T,
  compute: async (req) => {
    const counts = await countByState(req.ctx.db, req.authUser!);
    return widgetFromCounts(req.t('work-order.widgets.series'), WORK_ORDER_STATES.filter((s) => counts[s] > 0).map((s) => ({
      label: req.t(`work-order.states.${s}`), count: counts[s], link: req.ctx.routes.path('work_order_list', { state: s }),
    })));
  },
});

/** The work order widgets' routes. */
export const WORK_ORDER_INDICATOR_ROUTES: RouteDef[] = [activeWidget, statesWidget];
