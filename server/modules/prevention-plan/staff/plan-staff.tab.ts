import type { Request } from 'express';
import { renderView } from '../../../kernel/http/render';
import type { PlanTab } from '../core/plan-tabs';
import type { PlanRef } from '../core/plan-ref';
import { mayEditPlan } from '../core/plan-access';
import { companyTree, listPlanCompanies, type PlanCompanyNode } from '../core/plan-company.service';
import { listPlanStaff } from '../core/plan-staff.service';

/** The companies in the order of the companies tab (EU, then each EE followed by its ST). */
function flatten(nodes: PlanCompanyNode[]): PlanCompanyNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** HTML of the staff tab: the staff members of each company of the plan. */
export async function renderStaffTab(req: Request, plan: PlanRef): Promise<string> {
  const tree = companyTree(await listPlanCompanies(req.ctx.db, plan.tenantId, plan.id));
  const companies = flatten([...tree.eu, ...tree.ee, ...tree.orphans]);
  const staff = await listPlanStaff(req.ctx.db, plan.tenantId, plan.id);
  return renderView(req.res!, 'prevention-plan/staff/_staff_tab', { plan, companies, staff, canEdit: await mayEditPlan(req, plan) });
}

/** The plan page's staff tab (30). */
export const staffTab: PlanTab = {
  key: 'staff',
  labelKey: 'plan-company.tab.staff',
  icon: 'people',
  order: 30,
  render: renderStaffTab,
  badge: async (req, plan) => (await listPlanStaff(req.ctx.db, plan.tenantId, plan.id)).length,
};
