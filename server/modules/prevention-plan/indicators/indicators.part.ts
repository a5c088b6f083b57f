import type { Request, Response } from 'express';
import { renderScreen } from '../../../kernel/http/render';
import { formatDate } from '../../../kernel/i18n/format';
import { defineWidgetRoute, widgetFromCounts } from '../../../kernel/dashboard/widget';
import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { planChecks } from '../core/plan-checks';
import { loadScope } from '../../action-plan/action-scope';
import {
  countArchived, countByStatus, countByValidity, countByWorkType, countDangerous, countInOperation, countWithValidity, countLongWorks, countRoofWorks,
  figure, inOperationPlans, todayPlans, type Viewer,
} from './plan-indicators.service';
import { longDangerousWorksCheck } from './plan-long-works.checks';
import { refLabeller } from '../../../kernel/i18n/refdata';

const R = 'pdp.view';
const T = 'module_prevention_plan';
/** Rows of today's interventions table. */
const TABLE_ROWS = 10;

async function viewer(req: Request): Promise<Viewer> {
  return { user: req.authUser!, scope: await loadScope(req.ctx.db, req.authUser!) };
}

/** The plan list filtered by `params`. */
function listLink(req: Request, params: Record<string, string> = {}): string {
  return req.ctx.routes.path('pdp_index', params);
}

const isoDate = (iso: string | null) => (iso ? formatDate(new Date(`${iso}T12:00:00Z`)) : null);

/** Current plans with a dangerous work type (arrêté du 19 mars 1993). */
export const dangerousWidget = defineWidgetRoute({
  name: 'pdp_dashboard_dangerous', path: '/dashboard/prevention-plan/dangerous', right: R, toggle: T,
  compute: async (req) => figure(req.t('prevention-admin.widgets.dangerous'), await countDangerous(req.ctx.db, await viewer(req)), listLink(req, { feature: 'dangerous' })),
});

/** Current plans of 400 hours or more for an outside company over 12 months. */
export const longWorksWidget = defineWidgetRoute({
  name: 'pdp_dashboard_long_works', path: '/dashboard/prevention-plan/long-works', right: R, toggle: T,
  compute: async (req) => figure(req.t('prevention-admin.widgets.long_works'), await countLongWorks(req.ctx.db, await viewer(req)), listLink(req, { feature: 'long' })),
});

/** Current plans with roof works. */
export const roofWorksWidget = defineWidgetRoute({
  name: 'pdp_dashboard_roof_works', path: '/dashboard/prevention-plan/roof-works', right: R, toggle: T,
  compute: async (req) => figure(req.t('prevention-admin.widgets.roof_works'), await countRoofWorks(req.ctx.db, await viewer(req)), listLink(req, { feature: 'roof' })),
});

/** Archived plans; a click opens the archived list. */
export const archivedWidget = defineWidgetRoute({
  name: 'pdp_dashboard_archived', path: '/dashboard/prevention-plan/archived', right: R, toggle: T,
  compute: async (req) => figure(req.t('prevention-admin.widgets.archived'), await countArchived(req.ctx.db, await viewer(req)), listLink(req, { archived: 'yes' })),
});

/** Today's interventions: the current plans whose period holds today; a row opens the plan. */
export const todayWidget = defineWidgetRoute({
  name: 'pdp_dashboard_today', path: '/dashboard/prevention-plan/today', right: R, toggle: T,
  compute: async (req) => {
    const { rows, total } = await todayPlans(req.ctx.db, await viewer(req), TABLE_ROWS);
    return {
      labels: [req.t('prevention-admin.widgets.col_number'), req.t('prevention-admin.widgets.col_subject'), req.t('prevention-admin.widgets.col_site'), req.t('prevention-admin.widgets.col_end')],
      series: [],
      rows: rows.map((r) => [r.pdpNumber, r.subject, r.itemName, isoDate(r.endDate)]),
      links: rows.map((r) => req.ctx.routes.path('pdp_show', { id: r.id })),
      total,
    };
  },
});

/** Current plans by state; a segment opens the list on that state. */
export const statesWidget = defineWidgetRoute({
  name: 'pdp_dashboard_states', path: '/dashboard/prevention-plan/states', right: R, toggle: T,
  compute: async (req) => {
    const counts = (await countByStatus(req.ctx.db, await viewer(req))).filter((c) => c.count > 0);
    return widgetFromCounts(req.t('prevention-admin.widgets.series'), counts.map((c) => ({
      label: req.t(`prevention-plan.status.${c.status}`), count: c.count, link: listLink(req, { status: c.status }),
    })));
  },
});

/** Current plans by work type (dangerous ones marked). */
export const workTypesWidget = defineWidgetRoute({
  name: 'pdp_dashboard_work_types', path: '/dashboard/prevention-plan/work-types', right: R, toggle: T,
  compute: async (req) => {
    const counts = await countByWorkType(req.ctx.db, await viewer(req));
    const label = refLabeller(req.locale, 'work_type');
    return widgetFromCounts(req.t('prevention-admin.widgets.series'), counts.map((c) => ({
      label: c.dangerous ? `⚠ ${label(c.label)}` : label(c.label), count: c.count,
    })));
  },
});

/** Current plans by validity (up to date, expiring, late); a segment opens the list on that validity. */
export const validityWidget = defineWidgetRoute({
  name: 'pdp_dashboard_validity', path: '/dashboard/prevention-plan/validity', right: R, toggle: T,
  compute: async (req) => {
    const counts = (await countByValidity(req.ctx.db, await viewer(req))).filter((c) => c.count > 0);
    return widgetFromCounts(req.t('prevention-admin.widgets.series'), counts.map((c) => ({
      label: req.t(`prevention-plan.validity.${c.validity}`), count: c.count, link: listLink(req, { validity: c.validity }),
    })));
  },
});

/** Current plans in operation; a click opens the list on that state. */
export const inOperationWidget = defineWidgetRoute({
  name: 'pdp_dashboard_in_operation', path: '/dashboard/prevention-plan/in-operation', right: R, toggle: T,
  compute: async (req) => figure(req.t('plan-actions.widgets.in_operation'), await countInOperation(req.ctx.db, await viewer(req)), listLink(req, { status: 'in_operation' })),
});

/** Current plans ending within 30 days, the rows badged « Arrive à échéance »; a click opens the list on them. */
export const expiringWidget = defineWidgetRoute({
  name: 'pdp_dashboard_expiring', path: '/dashboard/prevention-plan/expiring', right: R, toggle: T,
  compute: async (req) => figure(req.t('plan-actions.widgets.expiring'), await countWithValidity(req.ctx.db, await viewer(req), 'expiring'), listLink(req, { validity: 'expiring' })),
});

/** The plans in operation, soonest end first, with their validity; a row opens the plan. */
export const inOperationListWidget = defineWidgetRoute({
  name: 'pdp_dashboard_in_operation_list', path: '/dashboard/prevention-plan/in-operation/list', right: R, toggle: T,
  compute: async (req) => {
    const { rows, total } = await inOperationPlans(req.ctx.db, await viewer(req), TABLE_ROWS);
    return {
      labels: [req.t('prevention-admin.widgets.col_number'), req.t('prevention-admin.widgets.col_subject'), req.t('prevention-admin.widgets.col_site'),
        req.t('prevention-admin.widgets.col_end'), req.t('plan-actions.widgets.col_validity')],
      series: [],
      rows: rows.map((r) => [r.pdpNumber, r.subject, r.itemName, isoDate(r.endDate), r.validity ? req.t(`prevention-plan.validity.${r.validity}`) : null]),
      links: rows.map((r) => req.ctx.routes.path('pdp_show', { id: r.id })),
      total,
    };
  },
});

/** `GET /prevention-plan/indicators` (pdp_indicators): the plans' figures and charts, out of the list's way. */
async function indicatorsPage(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'prevention-plan/indicators/index', { title: req.t('prevention-plan.indicators.title'), hideTitle: true });
}

/** Named routes of the plan's indicators (spread into the prevention-plan module). */
const PLAN_INDICATOR_ROUTES: RouteDef[] = [
  { name: 'pdp_indicators', method: 'GET', path: '/prevention-plan/indicators', right: R, toggle: T, handler: indicatorsPage },
  dangerousWidget, longWorksWidget, roofWorksWidget, todayWidget, statesWidget, workTypesWidget, validityWidget, archivedWidget,
  inOperationWidget, expiringWidget, inOperationListWidget,
];

/** The plan's indicators (dashboard widgets). */
export const indicatorsPart: PlanPart = { routes: PLAN_INDICATOR_ROUTES, contributes: [contribute(planChecks, longDangerousWorksCheck)] };
