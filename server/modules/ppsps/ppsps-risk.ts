import type { Request } from 'express';
import type { RouteDef } from '../../kernel/http/route-table';
import { renderView } from '../../kernel/http/render';
import { analysisTabLocals } from '../risk-analysis/analysis.handlers';
import { analysisRoutes } from '../risk-analysis/analysis-routes';
import { analysisProblems } from '../risk-analysis/analysis.service';
import { analysisRouteNames, type AnalysisSubject, type SubjectAdapter } from '../risk-analysis/analysis.subjects';
import { ppspsTabUrl, resolvePpsps, type PpspsRef } from './ppsps-access';

/** The PPSPS as the risk analysis sees it: its companies and the show page's risk tab. */
async function ppspsSubject(req: Request, ref: PpspsRef): Promise<AnalysisSubject> {
  const companies = await req.ctx.db.query(
    `SELECT id, name, kind FROM ppsps_company WHERE tenant_id = $1 AND ppsps_id = $2
      ORDER BY array_position(ARRAY['ET','MOE','MOA','SPS','ST']::varchar[], kind), lower(name), id`, [ref.tenantId, ref.id]);
  return { type: 'ppsps', id: ref.id, tenantId: ref.tenantId, siteId: ref.hierarchyItemId, companies, url: () => ppspsTabUrl(req, ref.id, 'risk_analysis') };
}

/** The PPSPS as a subject of analyses. Changing the analysis is editing the PPSPS (a draft, by its editors): resolvePpsps answers 404 / 403. */
export const PPSPS_ANALYSIS_SUBJECT: SubjectAdapter = {
  type: 'ppsps',
  routes: analysisRouteNames('ppsps'),
  load: async (req, id, need) => ppspsSubject(req, (await resolvePpsps(req, id, need === 'change' ? 'edit' : 'view')).ppsps),
};

/** The risk-analysis tab of the show page: the analysis, then its interferences. */
export async function renderPpspsRiskTab(req: Request, ref: PpspsRef, canChange: boolean): Promise<string> {
  const subject = await ppspsSubject(req, ref);
  const locals = await analysisTabLocals(req, subject, canChange);
  const problems = await analysisProblems(req.ctx.db, ref.tenantId, 'ppsps', ref.id);
  const analysis = await renderView(req.res!, 'risk-analysis/analysis/_tab', { ...locals, problems });
  const interference = await renderView(req.res!, 'risk-analysis/analysis/_interference_tab', { ...locals, problems });
  return `${analysis}<hr class="my-4">${interference}`;
}

/** The routes of the shared analysis handlers for a PPSPS (names `ppsps_risk_analysis_*`, read by its views). */
export const PPSPS_RISK_ROUTES: RouteDef[] = analysisRoutes({ subject: PPSPS_ANALYSIS_SUBJECT, basePath: '/ppsps', right: 'ppsps.view' });
