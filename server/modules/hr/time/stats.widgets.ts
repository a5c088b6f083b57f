import type { Request } from 'express';
import { todayIso } from '../../../kernel/clock';
import { defineWidgetRoute, widgetFromCounts, type WidgetData } from '../../../kernel/dashboard/widget';
import type { RouteDef } from '../../../kernel/http/route-table';
import { daysLostIn, roundRate } from './hr-stats';
import { accidentsFor, daysSinceLastAccident, yearStats, type AccidentRecord } from './stats.service';

const R = 'hr.work_stoppages';
const T = 'module_hr';

/** The year asked by `?year=` (2000–2100), else the current year. */
export function statsYear(req: Request): number {
  const y = Number(req.query.year);
  return Number.isInteger(y) && y >= 2000 && y <= 2100 ? y : Number(todayIso().slice(0, 4));
}

/** The work accidents that happened in the asked year. */
async function yearAccidents(req: Request): Promise<{ year: number; rows: AccidentRecord[] }> {
  const year = statsYear(req);
  const rows = await accidentsFor(req.ctx.db, req.authUser!, `${year}-01-01`, `${year}-12-31`);
  return { year, rows: rows.filter((r) => r.accidentDate.startsWith(`${year}-`)) };
}

/** Counts per label, most frequent first then by name; missing labels under `none`. */
function countBy(rows: AccidentRecord[], key: (r: AccidentRecord) => Array<string | null>, none: string): Array<{ label: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of rows) for (const k of key(r)) counts.set(k ?? none, (counts.get(k ?? none) ?? 0) + 1);
  return [...counts].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr'));
}

const monthLabels = (req: Request, n: number) => Array.from({ length: n }, (_, i) => req.t(`hr-time.months.${i + 1}`));

function breakdown(name: string, slug: string, key: (r: AccidentRecord) => Array<string | null>): RouteDef {
  return defineWidgetRoute({
    name: `rh_dashboard_work_accidents_${name}`, path: `/dashboard/hr/work-accidents/${slug}`, right: R, toggle: T,
    compute: async (req) => {
      const { rows } = await yearAccidents(req);
      return widgetFromCounts(req.t('hr-time.widgets.series_accidents'), countBy(rows, key, req.t('hr-time.widgets.none')));
    },
  });
}

function rateWidget(name: string, slug: string, type: 'TF' | 'TG'): RouteDef {
  return defineWidgetRoute({
    name: `rh_dashboard_work_accidents_${name}`, path: `/dashboard/hr/work-accidents/${slug}`, right: R, toggle: T,
    compute: async (req): Promise<WidgetData> => {
      const stats = await yearStats(req.ctx.db, req.authUser!, statsYear(req), todayIso());
      const pick = type === 'TF' ? (p: { tf: number | null }) => p.tf : (p: { tg: number | null }) => p.tg;
      const series = [
        { label: req.t(`hr-time.stats.${type}_monthly`), data: stats.months.map((m) => roundRate(pick(m.monthly)) ?? 0) },
        { label: req.t(`hr-time.stats.${type}_cumulative`), data: stats.months.map((m) => roundRate(pick(m.cumulative)) ?? 0) },
      ];
      const objective = stats.objectives[type];
      if (objective !== null) series.push({ label: req.t('hr-time.stats.objective'), data: stats.months.map(() => objective) });
      return { labels: monthLabels(req, stats.months.length), series };
    },
  });
}

/** By service of the victim. */
export const byServiceWidget = breakdown('by_service', 'by-service', (r) => [r.serviceName]);
/** By victim. */
export const byEmployeeWidget = breakdown('by_employee', 'by-employee', (r) => [r.employeeName]);
/** By hierarchy item (site) of the victim. */
export const byHierarchyWidget = breakdown('by_hierarchy', 'by-hierarchy', (r) => [r.hierarchyName]);
/** By accident type. */
export const byTypeWidget = breakdown('by_type', 'by-type', (r) => [r.accidentTypeName]);

/** By injury site, from the accident analysis (event `at`): an accident counts once per site named; without analysis or site, under "none". */
export const byInjurySiteWidget = defineWidgetRoute({
  name: 'rh_dashboard_work_accidents_by_injury_site', path: '/dashboard/hr/work-accidents/by-injury-site', right: R, toggle: T,
  compute: async (req) => {
    const { rows } = await yearAccidents(req);
    const ids = [...new Set(rows.flatMap((r) => r.injurySiteIds))];
    const labels = new Map<number, string>((ids.length
      ? await req.ctx.db.query(`SELECT id, label FROM nomenclature_item WHERE tenant_id = $1 AND kind = 'injury_site' AND id = ANY($2::int[])`, [req.authUser!.tenantId, ids])
      : []).map((r: { id: number; label: string }) => [r.id, r.label]));
    return widgetFromCounts(req.t('hr-time.widgets.series_accidents'), countBy(rows, (r) => {
      const names = r.injurySiteIds.map((id) => labels.get(id)).filter((l): l is string => !!l);
      return names.length ? names : [null];
    }, req.t('hr-time.widgets.none')));
  },
});

/** Per month of the year: accidents and accidents with a stoppage (by accident date). */
export const monthlyWidget = defineWidgetRoute({
  name: 'rh_dashboard_work_accidents_monthly', path: '/dashboard/hr/work-accidents/monthly', right: R, toggle: T,
  compute: async (req) => {
    const { rows } = await yearAccidents(req);
    const all = Array(12).fill(0);
    const stopped = Array(12).fill(0);
    for (const r of rows) {
      const m = Number(r.accidentDate.slice(5, 7)) - 1;
      all[m]++;
      if (r.interruptionStart) stopped[m]++;
    }
    return { labels: monthLabels(req, 12), series: [{ label: req.t('hr-time.widgets.series_accidents'), data: all }, { label: req.t('hr-time.widgets.series_with_stop'), data: stopped }], total: rows.length };
  },
});

/** TF per month and cumulated, with the year's objective. */
export const frequencyWidget = rateWidget('frequency', 'frequency', 'TF');
/** TG per month and cumulated, with the year's objective. */
export const gravityWidget = rateWidget('gravity', 'gravity', 'TG');

/** Key figures of the year: accidents, with stoppage, days lost in the year, days since the last accident. */
export const infoWidget = defineWidgetRoute({
  name: 'rh_dashboard_work_accidents_info', path: '/dashboard/hr/work-accidents/info', right: R, toggle: T,
  compute: async (req) => {
    const year = statsYear(req);
    const today = todayIso();
    const all = await accidentsFor(req.ctx.db, req.authUser!, `${year}-01-01`, `${year}-12-31`);
    const happened = all.filter((r) => r.accidentDate.startsWith(`${year}-`));
    const period = { from: `${year}-01-01`, to: `${year}-12-31`, today };
    const daysLost = all.reduce((s, r) => s + daysLostIn(r, period), 0);
    const since = await daysSinceLastAccident(req.ctx.db, req.authUser!, today);
    return {
      labels: [req.t('hr-time.widgets.indicator'), req.t('hr-time.widgets.value')], series: [],
      rows: [
        [req.t('hr-time.widgets.info_accidents'), happened.length],
        [req.t('hr-time.widgets.info_with_stop'), happened.filter((r) => r.interruptionStart).length],
        [req.t('hr-time.widgets.info_days_lost'), daysLost],
        [req.t('hr-time.widgets.info_days_since'), since],
      ],
    };
  },
});

/** The year's work accidents, one row each. */
export const rawWidget = defineWidgetRoute({
  name: 'rh_dashboard_work_accidents_raw', path: '/dashboard/hr/work-accidents/raw', right: R, toggle: T,
  compute: async (req) => {
    const { year, rows } = await yearAccidents(req);
    const period = { from: `${year}-01-01`, to: `${year}-12-31`, today: todayIso() };
    const fr = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : null);
    return {
      labels: ['date', 'employee', 'service', 'type', 'severity', 'start', 'end', 'days_lost'].map((c) => req.t(`hr-time.widgets.col_${c}`)),
      series: [],
      rows: rows.map((r) => [fr(r.accidentDate), r.employeeName, r.serviceName, r.accidentTypeName, r.severity ? req.t(`hr-time.severities.${r.severity}`) : null,
        fr(r.interruptionStart), fr(r.interruptionEnd), daysLostIn(r, period)]),
      // A row opens the accident when the work-interruption screens are there (they belong to the health part).
      ...(req.ctx.routes.has('rh_work_interruption_show') ? { links: rows.map((r) => req.ctx.routes.path('rh_work_interruption_show', { id: r.id })) } : {}),
      total: rows.length,
    };
  },
});

/** The ten work-accident widgets' routes. */
export const WORK_ACCIDENT_WIDGETS: RouteDef[] = [byServiceWidget, byEmployeeWidget, monthlyWidget, byHierarchyWidget, frequencyWidget, gravityWidget,
  byTypeWidget, byInjurySiteWidget, infoWidget, rawWidget];
