import type { Request, Response } from 'express';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { planTabUrl, requirePlan, resolvePlan, type Db, type PlanCheck, type PlanProblem, type PlanRef, type PlanTab } from '../prevention-plan';
import { analysisTabLocals } from './analysis.handlers';
import { analysisProblems } from './analysis.service';
import { analysisRouteNames, type AnalysisSubject, type SubjectAdapter } from './analysis.subjects';

/** The subject view of a plan: its companies (EU, EE, ST) and the plan page's tab URLs. */
async function planSubject(req: Request, plan: PlanRef): Promise<AnalysisSubject> {
  const companies = await req.ctx.db.query(
    `SELECT id, name, kind FROM plan_company WHERE tenant_id = $1 AND plan_id = $2
      ORDER BY CASE kind WHEN 'EU' THEN 0 WHEN 'EE' THEN 1 ELSE 2 END, lower(name), id`, [plan.tenantId, plan.id]);
  const url = (tab: 'risk_analysis' | 'interference') => planTabUrl(req, plan.id, tab);
  return { type: 'prevention_plan', id: plan.id, tenantId: plan.tenantId, siteId: plan.hierarchyItemId, companies, url };
}

/** The plan as a subject of analyses; its routes (`pdp_risk_analysis_*`) are declared from `routes` by `risk-analysis.routes.ts`. */
export const PLAN_ANALYSIS_SUBJECT: SubjectAdapter = {
  type: 'prevention_plan',
  routes: analysisRouteNames('pdp'),
  // Every change of a plan's analysis goes through the plan's own access check (404 / 403, archived plans refused).
  load: async (req, id, need) => planSubject(req, await requirePlan(req, id, need === 'change' ? 'risk_analyses' : 'view')),
};

type TabView = 'risk-analysis/analysis/_tab' | 'risk-analysis/analysis/_interference_tab';

async function renderTab(req: Request, plan: PlanRef, view: TabView): Promise<string> {
  const { abilities } = await resolvePlan(req, plan.id, 'view');
  const subject = await planSubject(req, plan);
  const locals = await analysisTabLocals(req, subject, abilities.risk_analyses);
  const problems = await analysisProblems(req.ctx.db, plan.tenantId, 'prevention_plan', plan.id);
  return renderView(req.res!, view, { ...locals, problems });
}

/** `GET /prevention-plan/{id}/risk-analysis` and `…/interference`: the tab alone (a block to reload, like `pdp_show_intervention_tiers`). */
export function tabHandler(view: TabView) {
  return async (req: Request, res: Response): Promise<void> => {
    const { plan } = await resolvePlan(req, Number(req.routeParams.id), 'view');
    const html = await renderTab(req, plan, view);
    if (isFragmentRequest(req)) {
      res.type('html').send(html);
      return;
    }
    const title = req.t(view === 'risk-analysis/analysis/_tab' ? 'risk-analysis.tab.risk_analysis' : 'risk-analysis.tab.interference');
    await renderScreen(req, res, 'risk-analysis/analysis/page', { title: `${title} – ${plan.pdpNumber}`, plan, html });
  };
}

/** The plan page's risk-analysis (40) and interference (45) tabs. */
export const PLAN_ANALYSIS_TABS: PlanTab[] = [
  { key: 'risk_analysis', labelKey: 'risk-analysis.tab.risk_analysis', icon: 'clipboard2-pulse', order: 40, render: (req, plan) => renderTab(req, plan, 'risk-analysis/analysis/_tab') },
  {
    key: 'interference', labelKey: 'risk-analysis.tab.interference', icon: 'intersect', order: 45,
    render: (req, plan) => renderTab(req, plan, 'risk-analysis/analysis/_interference_tab'),
    badge: async (req, plan) => {
      const [r] = await req.ctx.db.query(
        `SELECT count(*)::int AS n FROM risk_analysis_interference i JOIN risk_analysis a ON a.id = i.analysis_id
          WHERE a.tenant_id = $1 AND a.subject_type = 'prevention_plan' AND a.subject_id = $2`, [plan.tenantId, plan.id]);
      return r.n || null;
    },
  },
];

/** `risk_analysis`: the plan's analysis is complete (errors). */
export const riskAnalysisCheck: PlanCheck = {
  name: 'risk_analysis',
  check: async (db: Db, plan: PlanRef): Promise<PlanProblem[]> =>
    (await analysisProblems(db, plan.tenantId, 'prevention_plan', plan.id)).map((p) => ({ severity: 'error', key: p.key, params: p.params, tab: p.tab })),
};
