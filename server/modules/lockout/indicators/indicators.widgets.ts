import type { Request } from 'express';
import { rowsOf } from '../../../kernel/db/sql';
import { defineWidgetRoute, widgetFromCounts, type WidgetData } from '../../../kernel/dashboard/widget';
import { formatDate } from '../../../kernel/i18n/format';
import { LOCKOUT_ACCESS } from '../core/lockout-rights';
import { slipVisibleSql } from '../core/slip-access';

/** The states of a slip in progress: the machine is (being) locked out. */
export const IN_PROGRESS = ['awaiting_consignment', 'consigned', 'end_works'] as const;

/**
 * Seed 001 « Consignments: list »: the slips in progress the user may see (30 newest), with their
 * machine, state, officer and padlocks on; each row leads to its slip.
 */
export async function slipsInProgress(req: Request): Promise<WidgetData> {
  const user = req.authUser!;
  const rows = rowsOf<{ id: number; number: string; code: string; state: string; officer: string | null; start: string | null; on: number }>(await req.ctx.db.query(
    `SELECT s.id, s.number, m.code, s.state, NULLIF(trim(concat_ws(' ', o.first_name, o.last_name)), '') AS officer, to_char(s.start_date, 'YYYY-MM-DD') AS start,
            (SELECT count(*)::int FROM lockout_staff st WHERE st.tenant_id = s.tenant_id AND st.slip_id = s.id AND st.padlock = 'on') AS "on"
       FROM lockout_slip s JOIN lockout_machine m ON m.id = s.machine_id LEFT JOIN app_user o ON o.id = s.officer_id
      WHERE s.tenant_id = $1 AND NOT s.archived AND s.state = ANY($2::text[]) AND ${slipVisibleSql(user, 3)} ORDER BY s.id DESC LIMIT 30`,
    [user.tenantId, [...IN_PROGRESS], user.id]));
  return {
    labels: [req.t('lockout.slip.fields.number'), req.t('lockout.slip.fields.machine'), req.t('lockout.slip.fields.state'), req.t('lockout.slip.fields.officer'), req.t('lockout.slip.fields.startDate'), req.t('lockout.padlock.column')],
    series: [],
    rows: rows.map((r) => [r.number, r.code, req.t(`lockout.states.${r.state}`), r.officer, r.start ? formatDate(r.start) : null, r.on]),
    total: rows.length,
    links: rows.map((r) => req.ctx.routes.path('consignment_show', { id: r.id })),
  };
}

/** Seed 001 « Consignments: by machine »: slips in progress per machine; each bar leads to the machine's slips. */
export async function slipsByMachine(req: Request): Promise<WidgetData> {
  const user = req.authUser!;
  const rows = rowsOf<{ id: number; code: string; n: number }>(await req.ctx.db.query(
    `SELECT m.id, m.code, count(*)::int AS n FROM lockout_slip s JOIN lockout_machine m ON m.id = s.machine_id
      WHERE s.tenant_id = $1 AND NOT s.archived AND s.state = ANY($2::text[]) AND ${slipVisibleSql(user, 3)}
      GROUP BY m.id, m.code ORDER BY n DESC, m.code LIMIT 20`, [user.tenantId, [...IN_PROGRESS], user.id]));
  return widgetFromCounts(req.t('lockout.indicators.in_progress'), rows.map((r) => ({
    label: r.code, count: r.n, link: `${req.ctx.routes.path('consignment_index')}?machine=${r.id}`,
  })));
}

/** The « consignations » list widget (`consignment_dashboard_list`). */
export const listWidget = defineWidgetRoute({ name: 'consignment_dashboard_list', path: '/dashboard/consignment/list', right: LOCKOUT_ACCESS, toggle: 'module_consignment', compute: slipsInProgress });
/** The « par machine » widget (`consignment_dashboard_by_machine`). */
export const byMachineWidget = defineWidgetRoute({ name: 'consignment_dashboard_by_machine', path: '/dashboard/consignment/by-machine', right: LOCKOUT_ACCESS, toggle: 'module_consignment', compute: slipsByMachine });
