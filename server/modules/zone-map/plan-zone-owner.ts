import type { Request } from 'express';
import { requirePlan } from '../prevention-plan';
import { dayPeriod } from './zone-period';
import { type ZoneOwner, type ZoneOwnerContext, type ZoneOwnerInfo } from './zone-owners';

export { dayPeriod, parisMidnight } from './zone-period';

/** Display name of a user in SQL (first and last name, else the login). */
export const USER_NAME_SQL = (alias: string) =>
  `coalesce(NULLIF(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username)`;

const COLUMNS = `p.id, p.pdp_number AS number, p.subject, p.sector_id AS "sectorId",
  to_char(coalesce(p.start_date, DATE '1970-01-01'), 'YYYY-MM-DD') AS start, to_char(coalesce(p.end_date, DATE '2999-12-31'), 'YYYY-MM-DD') AS "end",
  ${USER_NAME_SQL('u')} AS "orderingCustomer"`;
const FROM = 'FROM prevention_plan p LEFT JOIN app_user u ON u.id = p.ordering_customer_id';

function info(ctx: ZoneOwnerContext, r: any): ZoneOwnerInfo {
  return {
    ownerType: 'prevention_plan', id: Number(r.id), kind: 'prevention_plan', number: r.number, orderingCustomer: r.orderingCustomer ?? null,
    subject: r.subject ?? '', sectorId: r.sectorId === null ? null : Number(r.sectorId), ...dayPeriod(r.start, r.end),
    url: ctx.routes.path('pdp_show', { id: r.id }), planId: null,
  };
}

/** The prevention plan as a zone owner: its zones are the intervention's (`intervention_*` routes). */
export const planZoneOwner: ZoneOwner = {
  ownerType: 'prevention_plan',
  async load(ctx, ids) {
    if (!ids.length) return [];
    const rows = await ctx.db.query(`SELECT ${COLUMNS} ${FROM} WHERE p.tenant_id = $1 AND p.id = ANY($2::int[]) AND p.deleted_at IS NULL ORDER BY p.id`, [ctx.tenantId, ids]);
    return rows.map((r: any) => info(ctx, r));
  },
  async overlapping(ctx, start, end) {
    const rows = await ctx.db.query(
      `SELECT ${COLUMNS} ${FROM}
        WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND NOT p.archived AND p.status <> 'expired'
          AND (p.start_date IS NULL OR p.start_date <= ($3::timestamptz AT TIME ZONE 'Europe/Paris')::date)
          AND (p.end_date IS NULL OR p.end_date >= ($2::timestamptz AT TIME ZONE 'Europe/Paris')::date)
        ORDER BY p.id`, [ctx.tenantId, start, end]);
    return rows.map((r: any) => info(ctx, r));
  },
  async authorize(req: Request, id, mode) {
    const plan = await requirePlan(req, id, mode === 'edit' ? 'edit' : 'view');
    const [found] = await planZoneOwner.load({ db: req.ctx.db, tenantId: plan.tenantId, routes: req.ctx.routes }, [plan.id]);
    return found;
  },
};

