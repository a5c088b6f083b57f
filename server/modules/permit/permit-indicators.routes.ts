import type { Request } from 'express';
import { clock } from '../../kernel/clock';
import { defineWidgetRoute, widgetFromCounts } from '../../kernel/dashboard/widget';
import { rowsOf } from '../../kernel/db/sql';
import { formatDateTime } from '../../kernel/i18n/format';
import type { RouteDef } from '../../kernel/http/route-table';
import { loadScope } from '../action-plan/action-scope';
import { isLate, visiblePermitSql, type PermitViewer } from './permit.service';
import { PERMIT_STATES } from './permit.entity';

const R = 'pdp.view';
const T = 'module_prevention_plan';
const TABLE_ROWS = 10;

async function viewer(req: Request): Promise<PermitViewer> {
  return { user: req.authUser!, scope: await loadScope(req.ctx.db, req.authUser!) };
}

/** The fire permits the user sees, by state; a segment opens the list on that state. */
export const firePermitStatesWidget = defineWidgetRoute({
  name: 'fire_permit_dashboard_states', path: '/dashboard/fire-permit/states', right: R, toggle: T,
  compute: async (req) => {
    const params: unknown[] = [req.authUser!.tenantId];
    const where = visiblePermitSql(await viewer(req), params);
    const rows = rowsOf<{ state: string; count: number }>(await req.ctx.db.query(
      `SELECT p.state, count(*)::int AS count FROM permit p WHERE p.tenant_id = $1 AND p.type = 'fire' AND ${where} GROUP BY p.state`, params));
    return widgetFromCounts(req.t('permit.widgets.series'), PERMIT_STATES.map((s) => ({
      label: req.t(`permit.states.${s}`), count: rows.find((r) => r.state === s)?.count ?? 0, link: req.ctx.routes.path('fire_permit_index', { state: s }),
    })).filter((c) => c.count > 0));
  },
});

/** Today's fire permits (their period meets today, Paris day): number, description, end, late badge; a row opens the permit. */
export const firePermitTodayWidget = defineWidgetRoute({
  name: 'fire_permit_dashboard_today', path: '/dashboard/fire-permit/today', right: R, toggle: T,
  compute: async (req) => {
    const params: unknown[] = [req.authUser!.tenantId, clock.now()];
    const where = visiblePermitSql(await viewer(req), params);
    const day = `(($2::timestamptz AT TIME ZONE 'Europe/Paris')::date)`;
    const sql = `FROM permit p WHERE p.tenant_id = $1 AND p.type = 'fire' AND ${where}
      AND (p.start_at AT TIME ZONE 'Europe/Paris')::date <= ${day} AND (p.end_at AT TIME ZONE 'Europe/Paris')::date >= ${day}`;
    const [{ total }] = await req.ctx.db.query(`SELECT count(*)::int AS total ${sql}`, params);
    const rows = rowsOf<{ id: number; number: string; description: string; endAt: Date; state: string; lastCheckDueAt: Date | null }>(await req.ctx.db.query(
      `SELECT p.id, p.number, p.description, p.end_at AS "endAt", p.state, p.last_check_due_at AS "lastCheckDueAt" ${sql} ORDER BY p.start_at, p.id LIMIT ${TABLE_ROWS}`, params));
    return {
      labels: [req.t('permit.fields.number'), req.t('permit.fields.description'), req.t('permit.fields.end'), req.t('permit.fields.state')],
      series: [],
      rows: rows.map((r) => [r.number, r.description.slice(0, 80), formatDateTime(r.endAt), isLate(r) ? req.t('permit.late') : req.t(`permit.states.${r.state}`)]),
      links: rows.map((r) => req.ctx.routes.path('fire_permit_show', { id: r.id })),
      total,
    };
  },
});

/** Named routes of the permit indicators. */
export const PERMIT_INDICATOR_ROUTES: RouteDef[] = [firePermitStatesWidget, firePermitTodayWidget];
