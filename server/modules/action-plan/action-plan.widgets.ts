import type { Request } from 'express';
import { todayIso } from '../../kernel/clock';
import { defineWidgetRoute, widgetFromCounts, type WidgetData } from '../../kernel/dashboard/widget';
import { formatDate } from '../../kernel/i18n/format';
import { ACTION_LEVELS, ACTION_STATUSES } from './action.entity';
import { countActionsBy, firstActions, type ListRequest } from './action-list.service';
import { OPEN_STATUS_SQL, OPEN_STATUSES } from './action-plan.policy';
import { filterSchema } from './action-plan.schema';

const T = 'module_action_plan';
/** Rows of the dashboard tables. */
const TABLE_ROWS = 10;

/** The list request of a widget: the list's defaults plus `filters`, for the plan or "my actions". */
function listRequest(filters: Record<string, string>, mine = false): ListRequest {
  return { filters: filterSchema.parse(filters), itemIds: [], mine };
}

function statusCounts(req: Request, counts: Map<string, number>, statuses: readonly string[], link: (status: string) => string): WidgetData {
  return widgetFromCounts(req.t('action-plan.widget.series'), statuses
    .filter((s) => counts.get(s))
    .map((s) => ({ label: req.t(`action-plan.status.${s}`), count: counts.get(s)!, link: link(s) })));
}

/** A table of actions: number, text, deadline, assignee; a row opens the action. */
function actionTable(req: Request, rows: Awaited<ReturnType<typeof firstActions>>, dateOf: (r: (typeof rows)[number]) => string | null): WidgetData {
  return {
    labels: ['#', req.t('action-plan.widget.col_action'), req.t('action-plan.widget.col_date'), req.t('action-plan.widget.col_assignee')],
    series: [],
    rows: rows.map((r) => [r.id, r.comments.length > 80 ? `${r.comments.slice(0, 79)}…` : r.comments, dateOf(r) ? formatDate(new Date(`${dateOf(r)}T12:00:00Z`)) : null, r.assigneeName]),
    links: rows.map((r) => req.ctx.routes.path('action_plan_show', { id: r.id })),
    total: rows.length,
  };
}

/** Breakdown of the visible, non-archived actions by status; a segment opens the filtered list. */
export const breakdownWidget = defineWidgetRoute({
  name: 'action_plan_dashboard_breakdown', path: '/dashboard/action-plan/breakdown', right: 'action.view', toggle: T,
  compute: async (req) => {
    const counts = await countActionsBy(req.ctx.db, req.authUser!, listRequest({}), 'status');
    return statusCounts(req, counts, ACTION_STATUSES, (status) => req.ctx.routes.path('action_plan_index', { status }));
  },
});

/** Drilldown of one status by level; a bar opens the list filtered on both. */
export const drilldownWidget = {
  ...defineWidgetRoute({
    name: 'action_plan_dashboard_drilldown', path: '/dashboard/action-plan/drilldown/{status}', right: 'action.view', toggle: T,
  compute: async (req) => {
    const status = String(req.routeParams.status);
    const counts = await countActionsBy(req.ctx.db, req.authUser!, listRequest({ status }), 'level');
    return widgetFromCounts(req.t('action-plan.widget.series'), ACTION_LEVELS.map((level) => ({
      label: req.t(`action-plan.levels.${level}`), count: counts.get(level) ?? 0, link: req.ctx.routes.path('action_plan_index', { status, level }),
    })));
  },
  }),
  requirements: { status: ACTION_STATUSES.join('|') },
};

/** My open actions (assigned to me) by status; a bar opens "my actions" on that status. */
export const mineWidget = defineWidgetRoute({
  name: 'action_plan_dashboard_mine', path: '/dashboard/action-plan/mine', right: 'authenticated', toggle: T,
  compute: async (req) => {
    const counts = await countActionsBy(req.ctx.db, req.authUser!, listRequest({ who: 'assigned' }, true), 'status');
    return statusCounts(req, counts, OPEN_STATUSES, (status) => req.ctx.routes.path('action_plan_mine', { who: 'assigned', status }));
  },
});

/** The late open actions, most overdue first. */
export const lateListWidget = defineWidgetRoute({
  name: 'action_plan_dashboard_list', path: '/dashboard/action-plan/list', right: 'action.view', toggle: T,
  compute: async (req) => {
    const late = `${OPEN_STATUS_SQL} AND a.deadline < DATE '${todayIso()}'`;
    const rows = await firstActions(req.ctx.db, req.authUser!, listRequest({ sort: 'deadline', dir: 'asc' }), TABLE_ROWS, late);
    return actionTable(req, rows, (r) => r.deadline);
  },
});

/** The last closed actions, latest closure first. */
export const doneListWidget = defineWidgetRoute({
  name: 'action_plan_dashboard_done_list', path: '/dashboard/action-plan/done-list', right: 'action.view', toggle: T,
  compute: async (req) => {
    const rows = await firstActions(req.ctx.db, req.authUser!, listRequest({ status: 'CLOSED', sort: 'closure', dir: 'desc' }), TABLE_ROWS);
    return actionTable(req, rows, (r) => r.closureDate);
  },
});

/** Every widget route of the action plan. */
export const ACTION_PLAN_WIDGETS = [breakdownWidget, drilldownWidget, mineWidget, lateListWidget, doneListWidget];
