import type { PlanTab } from '../prevention-plan';
import { rowsOf } from '../../kernel/db/sql';
import { planWorkOrdersHtml } from './work-order.handlers';

/** The plan's work orders tab (order 80): the list of the plan's work orders with the add button. */
export const workOrdersTab: PlanTab = {
  key: 'work_orders',
  labelKey: 'work-order.tab',
  icon: 'clipboard-check',
  order: 80,
  render: planWorkOrdersHtml,
  badge: async (req, plan) => {
    const [row] = rowsOf<{ n: number }>(await req.ctx.db.query('SELECT count(*)::int AS n FROM work_order WHERE tenant_id = $1 AND plan_id = $2', [plan.tenantId, plan.id]));
    return row ? Number(row.n) : 0;
  },
};
