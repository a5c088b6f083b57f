import type { Request } from 'express';
import { defineWidgetRoute, widgetFromCounts } from '../../kernel/dashboard/widget';
import type { RouteDef } from '../../kernel/http/route-table';
import { figure, countByStatus, countByValidity, countExpiring, countInOperation } from '../prevention-plan';
import { ppspsDocuments } from './ppsps-indicators.service';

const R = 'ppsps.view';

/** The PPSPS list filtered by `params`. */
const listLink = (req: Request, params: Record<string, string> = {}) => req.ctx.routes.path('ppsps_index', params);

/** Current PPSPS by state; a segment opens the list on that state. */
export const ppspsStateWidget = defineWidgetRoute({
  name: 'ppsps_dashboard_state', path: '/dashboard/ppsps/state', right: R,
  compute: async (req) => {
    const counts = (await countByStatus(req.ctx.db, ppspsDocuments(req.authUser!))).filter((c) => c.count > 0);
    return widgetFromCounts(req.t('ppsps.indicators.series'), counts.map((c) => ({
      label: req.t(`ppsps.status.${c.status}`), count: c.count, link: listLink(req, { status: c.status }),
    })));
  },
});

/** Current PPSPS in operation; a click opens the list on that state. */
export const ppspsInOperationWidget = defineWidgetRoute({
  name: 'ppsps_dashboard_in_operation', path: '/dashboard/ppsps/in-operation', right: R,
  compute: async (req) => figure(req.t('ppsps.indicators.in_operation'), await countInOperation(req.ctx.db, ppspsDocuments(req.authUser!)), listLink(req, { status: 'in_operation' })),
});

/** PPSPS in operation ending within 30 days (the list has no filter for them: no drilldown). */
export const ppspsExpiringWidget = defineWidgetRoute({
  name: 'ppsps_dashboard_expiring', path: '/dashboard/ppsps/expiring', right: R,
  compute: async (req) => figure(req.t('ppsps.indicators.expiring'), await countExpiring(req.ctx.db, ppspsDocuments(req.authUser!))),
});

/** Current PPSPS by validity (up to date, expiring within 30 days, late: end date passed, not expired). */
export const ppspsValidityWidget = defineWidgetRoute({
  name: 'ppsps_dashboard_validity', path: '/dashboard/ppsps/validity', right: R,
  compute: async (req) => {
    const counts = (await countByValidity(req.ctx.db, ppspsDocuments(req.authUser!))).filter((c) => c.count > 0);
    return widgetFromCounts(req.t('ppsps.indicators.series'), counts.map((c) => ({
      label: req.t(`prevention-admin.widgets.validities.${c.validity}`), count: c.count,
    })));
  },
});

/** Named routes of the PPSPS indicators (spread into the ppsps module). */
export const PPSPS_INDICATOR_ROUTES: RouteDef[] = [ppspsStateWidget, ppspsInOperationWidget, ppspsExpiringWidget, ppspsValidityWidget];
