import type { Request } from 'express';
import { rowsOf } from '../../kernel/db/sql';
import { type ZoneOwner, type ZoneOwnerContext, type ZoneOwnerInfo } from '../zone-map/zone-owners';
import { USER_NAME_SQL } from '../zone-map/plan-zone-owner';
import { resolvePermit } from './permit.access';
import { permitType } from './permit-types';

const COLUMNS = `p.id, p.type, p.number, p.description, p.sector_id AS "sectorId", p.start_at AS "startAt", p.end_at AS "endAt", p.plan_id AS "planId",
  ${USER_NAME_SQL('u')} AS "orderingCustomer"`;
const FROM = 'FROM permit p LEFT JOIN prevention_plan pp ON pp.id = p.plan_id LEFT JOIN app_user u ON u.id = pp.ordering_customer_id';

interface Row { id: number; type: string; number: string; description: string; sectorId: number | null; startAt: Date; endAt: Date; planId: number | null; orderingCustomer: string | null }

function info(ctx: ZoneOwnerContext, r: Row): ZoneOwnerInfo {
  return {
    ownerType: 'permit', id: Number(r.id), kind: r.type, number: r.number, orderingCustomer: r.planId == null ? null : r.orderingCustomer,
    subject: r.description, sectorId: r.sectorId == null ? null : Number(r.sectorId), start: new Date(r.startAt), end: new Date(r.endAt),
    url: ctx.routes.path(permitType(r.type)!.routes.show, { id: r.id }), planId: r.planId == null ? null : Number(r.planId),
  };
}

/**
 * Every permit type as one zone owner (`ownerType` 'permit', `kind` = the type key): live permits
 * are those not closed; their period is their start and end instants.
 */
export const permitZoneOwner: ZoneOwner = {
  ownerType: 'permit',
  async load(ctx, ids) {
    if (!ids.length) return [];
    const rows = rowsOf<Row>(await ctx.db.query(`SELECT ${COLUMNS} ${FROM} WHERE p.tenant_id = $1 AND p.id = ANY($2::int[]) ORDER BY p.id`, [ctx.tenantId, ids]));
    return rows.map((r) => info(ctx, r));
  },
  async overlapping(ctx, start, end) {
    const rows = rowsOf<Row>(await ctx.db.query(
      `SELECT ${COLUMNS} ${FROM} WHERE p.tenant_id = $1 AND p.state <> 'closed' AND p.start_at <= $3 AND p.end_at >= $2 ORDER BY p.id`, [ctx.tenantId, start, end]));
    return rows.map((r) => info(ctx, r));
  },
  async authorize(req: Request, id, mode) {
    const { permit } = await resolvePermit(req, id, null, mode === 'edit' ? 'edit' : 'view');
    const [found] = await permitZoneOwner.load({ db: req.ctx.db, tenantId: permit.tenantId, routes: req.ctx.routes }, [permit.id]);
    return found;
  },
};

