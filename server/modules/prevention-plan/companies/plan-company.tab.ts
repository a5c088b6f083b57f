import type { Request } from 'express';
import { renderView } from '../../../kernel/http/render';
import type { Db, PlanCheck, PlanProblem } from '../core/plan-checks';
import type { PlanTab } from '../core/plan-tabs';
import { mayEditPlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { companyTree, listPlanCompanies, type PlanCompanyRow } from '../core/plan-company.service';

/** HTML of the companies tab (also the answer of `pdp_show_intervention_tiers`). */
export async function renderCompaniesTab(req: Request, plan: PlanRef): Promise<string> {
  const rows = await listPlanCompanies(req.ctx.db, plan.tenantId, plan.id);
  const tree = companyTree(rows);
  const problems = companyProblems(rows);
  return renderView(req.res!, 'prevention-plan/companies/_companies_tab', { plan, tree, count: rows.length, problems, canEdit: await mayEditPlan(req, plan) });
}

/**
 * The company rules of seed 002 section 5 over a plan's companies: at least one company, at least
 * one external company, each with a name, an address and a manager, and an ST under a parent.
 */
export function companyProblems(rows: PlanCompanyRow[]): PlanProblem[] {
  const out: PlanProblem[] = [];
  const err = (key: string, params?: Record<string, unknown>) => out.push({ severity: 'error', key, params, tab: 'companies' });
  if (rows.length === 0) err('plan-company.checks.no_company');
  if (!rows.some((r) => r.kind === 'EE')) err('plan-company.checks.no_external');
  for (const r of rows) {
    const name = r.name?.trim() || '—';
    if (!r.name?.trim()) err('plan-company.checks.missing_name');
    if (!r.address?.trim()) err('plan-company.checks.missing_address', { name });
    if (!r.lastName?.trim()) err('plan-company.checks.missing_manager', { name });
    if (r.kind === 'ST' && r.parentId == null) err('plan-company.checks.missing_parent', { name });
  }
  return out;
}

/** `companies`: the companies of the plan are complete (managers, parents of subcontractors ...). */
export const companiesCheck: PlanCheck = {
  name: 'companies',
  check: async (db: Db, plan: PlanRef) => companyProblems(await listPlanCompanies(db, plan.tenantId, plan.id)),
};

/** The plan page's companies tab (20). */
export const companiesTab: PlanTab = {
  key: 'companies',
  labelKey: 'plan-company.tab.companies',
  icon: 'building',
  order: 20,
  render: renderCompaniesTab,
  badge: async (req, plan) => (await listPlanCompanies(req.ctx.db, plan.tenantId, plan.id)).length,
};
