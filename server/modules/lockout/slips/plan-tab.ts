import type { Request } from 'express';
import type { PlanRef, PlanTab } from '../../prevention-plan';
import { rowsOf } from '../../../kernel/db/sql';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import { LOCKOUT_ACCESS, LOCKOUT_ADD } from '../core/lockout-rights';
import { slipsOfPlan } from '../core/slip-queries';
import { slipVisibleSql } from '../core/slip-access';

/** The body of the plan's « Consignation » tab: the plan's slips and the button creating one for the plan. */
async function renderTab(req: Request, plan: PlanRef): Promise<string> {
  const slips = await slipsOfPlan(req.ctx.db, req.authUser!, plan.id);
  return renderView(req.res!, 'lockout/slips/_plan_tab', { plan, slips, canAdd: can(req.authUser!, LOCKOUT_ADD) && !plan.archived });
}

/** The prevention plan's « Consignation » tab (order 88, where the plan kept its place), for holders of `consignment.access`. */
export const planConsignmentTab: PlanTab = {
  key: 'consignment',
  labelKey: 'prevention-plan.tabs.consignment',
  icon: 'lock',
  order: 88,
  toggle: 'module_consignment',
  visible: (user) => can(user, LOCKOUT_ACCESS),
  render: renderTab,
  badge: async (req, plan) => {
    const user = req.authUser!;
    const [row] = rowsOf<{ n: number }>(await req.ctx.db.query(
      `SELECT count(*)::int AS n FROM lockout_slip s WHERE s.tenant_id = $1 AND s.plan_id = $2 AND ${slipVisibleSql(user, 3)}`, [plan.tenantId, plan.id, user.id]));
    return row ? Number(row.n) : 0;
  },
};
