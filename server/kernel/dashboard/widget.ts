import type { Request } from 'express';
import type { RouteDef } from '../http/route-table';
import { parseWidgetData, type WidgetData } from './widget-contract';

export { WIDGET_KINDS, isWidgetKind, isWidgetEmpty, figureValue, parseWidgetData } from './widget-contract';
export type { WidgetCell, WidgetData, WidgetKind, WidgetSeries } from './widget-contract';

/** What a module declares for one widget's JSON route. */
export interface WidgetRouteOptions {
  /** Route name, `<module>_dashboard_<widget>` by convention (e.g. `action_plan_dashboard_breakdown`). */
  name: string;
  /** Under `/dashboard/<module>/...` (docs/architecture.md « Îlots React »); may hold `{param}` placeholders. */
  path: string;
  /** The named right needed to see the figures (never `public`). */
  right: string;
  /** Feature toggle that must be on. */
  toggle?: string;
  /** Computes the figures for `req.authUser` (scope every query by its `tenantId`). */
  compute(req: Request): Promise<WidgetData> | WidgetData;
}

/**
 * A GET route answering a widget's JSON (`{ labels, series, rows?, total?, links? }`) with
 * `Cache-Control: no-store` (figures are per user and change with every edit). The computed data is
 * checked against the contract: a malformed result throws (a 500 that a test catches), never a
 * half-drawn chart.
 */
export function defineWidgetRoute(opts: WidgetRouteOptions): RouteDef {
  if (!opts.path.startsWith('/dashboard/')) throw new Error(`Widget ${opts.name} : le chemin doit commencer par /dashboard/ (${opts.path})`);
  if (opts.right === 'public') throw new Error(`Widget ${opts.name} : un indicateur n'est jamais public`);
  return {
    name: opts.name,
    method: 'GET',
    path: opts.path,
    right: opts.right,
    toggle: opts.toggle,
    handler: async (req, res) => {
      const data = parseWidgetData(await opts.compute(req));
      res.set('Cache-Control', 'no-store').json(data);
    },
  };
}

/** One category of a breakdown: its label, its count, and where a click on it leads. */
export interface CountRow {
  label: string;
  count: number;
  link?: string;
}

/**
 * The usual widget of a breakdown (a `GROUP BY` with counts): one series named `seriesLabel`,
 * the categories in the given order, `total` their sum, `links` when a row has one.
 */
export function widgetFromCounts(seriesLabel: string, rows: CountRow[]): WidgetData {
  const data: WidgetData = {
    labels: rows.map((r) => r.label),
    series: [{ label: seriesLabel, data: rows.map((r) => Number(r.count)) }],
    total: rows.reduce((sum, r) => sum + Number(r.count), 0),
  };
  if (rows.some((r) => r.link)) data.links = rows.map((r) => r.link ?? null);
  return data;
}
