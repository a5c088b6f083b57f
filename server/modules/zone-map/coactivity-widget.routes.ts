import type { Request, Response } from 'express';
import { defineWidgetRoute } from '../../kernel/dashboard/widget';
import type { RouteDef } from '../../kernel/http/route-table';
import { todayIso } from '../../kernel/clock';
import { HttpError } from '../../kernel/http/errors';
import { orNotFound, tenantOf } from '../../kernel/http/respond';
import { escapeHtml } from '../../kernel/pdf';
import { busiestSector, dayActivity } from './coactivity-map.service';
import { ownerContext } from './zone-map.handlers';
import { ownerKindKey } from './coactivity.alerts';
import { DEFAULT_PLAN_WIDTH, findSector } from './zone.service';
import { zoneOwner, type ZoneOwnerInfo } from './zone-owners';
import { OWN_STYLE, planImageDataUrl, zonesSvg } from './zone-svg';

const R = 'pdp.view';
const T = 'module_prevention_plan';
/** Red: zones that meet another owner's zone. */
const CONFLICT_STYLE = { stroke: '#dc3545', fill: '#dc3545' };
const TABLE_ROWS = 10;

/** True when the user may see the owner (its own `authorize`, as on its pages). */
async function visible(req: Request, o: ZoneOwnerInfo): Promise<boolean> {
  try {
    await zoneOwner(o.ownerType).authorize(req, o.id, 'view');
    return true;
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
}

/** Today's work the user may see. */
const today = (req: Request) => dayActivity(ownerContext(req), todayIso(), (o) => visible(req, o));

/** Today's coactivities: both owners, the sector, critical or not; a row opens the first owner. */
export const coactivityTodayWidget = defineWidgetRoute({
  name: 'coactivity_dashboard_today', path: '/dashboard/zone-map/coactivities', right: R, toggle: T,
  compute: async (req) => {
    const day = await today(req);
    const names = new Map<number, string>();
    for (const p of day.pairs) {
      if (p.sectorId !== null && !names.has(p.sectorId)) names.set(p.sectorId, (await findSector(req.ctx.db, tenantOf(req), p.sectorId))?.name ?? '');
    }
    const who = (o: ZoneOwnerInfo) => `${req.t(ownerKindKey(o))} ${o.number}`;
    const rows = day.pairs.slice(0, TABLE_ROWS);
    return {
      labels: [req.t('coactivity.widget.col_owner'), req.t('coactivity.widget.col_other'), req.t('coactivity.widget.col_sector'), req.t('coactivity.widget.col_critical')],
      series: [],
      rows: rows.map((p) => [who(p.a), who(p.b), p.sectorId === null ? null : names.get(p.sectorId) ?? null, p.critical ? req.t('coactivity.widget.critical') : null]),
      links: rows.map((p) => p.a.url),
      total: day.pairs.length,
    };
  },
});

/** An SVG holding only a sentence (nothing to draw): the widget's image never breaks. */
function emptySvg(text: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 80" width="100%" role="img" aria-label="${escapeHtml(text)}">`
    + `<text x="300" y="45" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#6c757d">${escapeHtml(text)}</text></svg>`;
}

/**
 * `GET /dashboard/zone-map/map/{sector}` (sector '0' = the sector with most zones today): today's
 * zones of every live owner on the sector's plan image as an SVG image, zones in coactivity in red.
 * A sentence instead when nothing is drawn today or the sector has no plan image; 404 for an
 * unknown sector.
 */
async function coactivityMap(req: Request, res: Response): Promise<void> {
  const wanted = Number(req.routeParams.sector ?? 0);
  // An unknown sector is refused before the day's work is computed.
  const asked = wanted > 0 ? orNotFound(await findSector(req.ctx.db, tenantOf(req), wanted)) : null;
  const day = await today(req);
  const busiest = asked ? null : busiestSector(day);
  const sector = asked ?? (busiest === null ? null : await findSector(req.ctx.db, tenantOf(req), busiest));
  const image = sector ? await planImageDataUrl(req.ctx.db, tenantOf(req), sector) : null;
  let svg: string;
  if (!sector || !image) {
    svg = emptySvg(req.t('coactivity.widget.map_empty'));
  } else {
    const conflicts = new Set(day.pairs.filter((p) => p.sectorId === sector.id).flatMap((p) => p.zoneIds));
    // One group per owner, so its number is written on its first zone; red where it meets another owner.
    const groups = day.owners.flatMap((o) => {
      const zones = o.zones.filter((z) => z.sectorId === sector.id);
      if (!zones.length) return [];
      const calm = zones.filter((z) => !conflicts.has(z.id));
      const clash = zones.filter((z) => conflicts.has(z.id));
      return [
        { zones: calm, style: { ...OWN_STYLE, label: calm.length ? o.info.number : undefined } },
        { zones: clash, style: { ...CONFLICT_STYLE, label: calm.length ? undefined : o.info.number } },
      ];
    });
    svg = zonesSvg(sector.width ?? DEFAULT_PLAN_WIDTH, image, groups, req.t('coactivity.widget.map_title', { sector: sector.name }));
  }
  res.status(200).set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }).send(svg);
}

/** The coactivity map widget's routes. */
export const COACTIVITY_WIDGET_ROUTES: RouteDef[] = [
  coactivityTodayWidget,
  { name: 'coactivity_dashboard_map', method: 'GET', path: '/dashboard/zone-map/map/{sector}', defaults: { sector: '0' }, requirements: { sector: '\\d+' }, right: R, toggle: T, handler: coactivityMap },
];
