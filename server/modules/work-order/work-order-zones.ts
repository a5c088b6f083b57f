import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { todayIso } from '../../kernel/clock';
import type { RouteDef } from '../../kernel/http/route-table';
import { coactivityAlerts } from '../zone-map/coactivity.alerts';
import { dayPeriod, USER_NAME_SQL } from '../zone-map/plan-zone-owner';
import { zoneMapPanel } from '../zone-map/zone-map.panel';
import { type ZoneOwner, type ZoneOwnerContext, type ZoneOwnerInfo } from '../zone-map/zone-owners';
import { zoneRoutes } from '../zone-map/zone-routes';
import { resolveWorkOrder, type WorkOrderAbilities } from './work-order.access';
import type { WorkOrderRecord } from './work-order.service';

const COLUMNS = `w.id, w.number, coalesce(NULLIF(w.nature, ''), p.subject) AS subject, w.sector_id AS "sectorId", w.plan_id AS "planId",
  to_char(w.start_date, 'YYYY-MM-DD') AS start, to_char(w.end_date, 'YYYY-MM-DD') AS "end", ${USER_NAME_SQL('u')} AS "orderingCustomer"`;
const FROM = 'FROM work_order w JOIN prevention_plan p ON p.id = w.plan_id LEFT JOIN app_user u ON u.id = p.ordering_customer_id';

function info(ctx: ZoneOwnerContext, r: any): ZoneOwnerInfo {
  return {
    ownerType: 'work_order', id: Number(r.id), kind: 'work_order', number: r.number, orderingCustomer: r.orderingCustomer ?? null,
    subject: r.subject ?? '', sectorId: r.sectorId == null ? null : Number(r.sectorId), ...dayPeriod(r.start, r.end),
    url: ctx.routes.path('work_order_show', { id: r.id }), planId: Number(r.planId),
  };
}

/** Zones of a work order may be drawn by those who may add work orders on its plan, until it is closed. */
const mayDraw = (wo: WorkOrderRecord, a: WorkOrderAbilities) => a.add && wo.state !== 'expired';

/** The work order as a zone owner (routes `work_order_zones`, `work_order_leaflet_zone_*`, `work_order_screenshot`). */
export const workOrderZoneOwner: ZoneOwner = {
  ownerType: 'work_order',
  async load(ctx, ids) {
    if (!ids.length) return [];
    const rows = await ctx.db.query(`SELECT ${COLUMNS} ${FROM} WHERE w.tenant_id = $1 AND w.id = ANY($2::int[]) AND p.deleted_at IS NULL ORDER BY w.id`, [ctx.tenantId, ids]);
    return rows.map((r: any) => info(ctx, r));
  },
  async overlapping(ctx, start, end) {
    const rows = await ctx.db.query(
      `SELECT ${COLUMNS} ${FROM} WHERE w.tenant_id = $1 AND p.deleted_at IS NULL AND NOT p.archived AND w.state <> 'expired'
          AND w.start_date <= $3::date AND w.end_date >= $2::date ORDER BY w.id`,
      [ctx.tenantId, todayIso(start), todayIso(end)]);
    return rows.map((r: any) => info(ctx, r));
  },
  async authorize(req: Request, id, mode) {
    const { wo, abilities } = await resolveWorkOrder(req, id);
    if (mode === 'edit' && !mayDraw(wo, abilities)) throw new HttpError(403, 'errors.forbidden.message');
    const [found] = await workOrderZoneOwner.load({ db: req.ctx.db, tenantId: wo.tenantId, routes: req.ctx.routes }, [wo.id]);
    return found;
  },
};


/** The zone map of a work order's page (its sector's plan, its zones, the coactivity warnings). */
export function workOrderZonePanel(req: Request, wo: WorkOrderRecord, abilities: WorkOrderAbilities): Promise<string> {
  return zoneMapPanel(req, { ownerType: 'work_order', ownerId: wo.id, sectorId: wo.sectorId, canEdit: mayDraw(wo, abilities) });
}

/** `GET /work-order/{id}/coactivities` (work_order_sector_coactivities): the coactivity warnings of the work order (HTML, empty when none). */
export async function sectorCoactivities(req: Request, res: Response): Promise<void> {
  const { wo } = await resolveWorkOrder(req, req.routeParams.id);
  res.status(200).type('html').send(await coactivityAlerts(req, 'work_order', wo.id));
}

/** The zone routes of work orders and their coactivity route. */
export const WORK_ORDER_ZONE_ROUTES: RouteDef[] = [
  ...zoneRoutes({ ownerType: 'work_order', basePath: '/work-order', viewRight: 'pdp.view', toggle: 'module_prevention_plan' }),
  { name: 'work_order_sector_coactivities', method: 'GET', path: '/work-order/{id}/coactivities', right: 'pdp.view', toggle: 'module_prevention_plan', handler: sectorCoactivities },
];
