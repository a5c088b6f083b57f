import type { Request } from 'express';
import type { RouteDef } from '../../kernel/http/route-table';
import { renderView } from '../../kernel/http/render';
import { analysisHandlers, analysisTabLocals } from '../risk-analysis/analysis.handlers';
import { analysisProblems } from '../risk-analysis/analysis.service';
import type { AnalysisSubject, SubjectAdapter } from '../risk-analysis/analysis.subjects';
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
  routePrefix: 'ppsps',
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

const a = analysisHandlers('ppsps');
const V = 'ppsps.view';

/** The routes of the shared analysis handlers for a PPSPS (names `ppsps_risk_analysis_*`, read by its views). */
export const PPSPS_RISK_ROUTES: RouteDef[] = [
  { name: 'ppsps_risk_analysis_create', method: 'POST', path: '/ppsps/{id}/risk-analysis/create', right: V, handler: a.create },
  { name: 'ppsps_risk_analysis_reset', method: 'POST', path: '/ppsps/{id}/risk-analysis/delete', right: V, handler: a.reset },
  { name: 'ppsps_risk_analysis_phase_add', method: ['GET', 'POST'], path: '/ppsps/{id}/risk-analysis/phases/new', right: V, handler: a.phaseAdd },
  { name: 'ppsps_risk_analysis_phase_edit', method: ['GET', 'POST'], path: '/ppsps/risk-analysis/phases/{id}/edit', right: V, handler: a.phaseEdit },
  { name: 'ppsps_risk_analysis_phase_remove', method: 'POST', path: '/ppsps/risk-analysis/phases/{id}/delete', right: V, handler: a.phaseRemove },
  { name: 'ppsps_risk_analysis_area_edit', method: ['GET', 'POST'], path: '/ppsps/risk-analysis/areas/{id}/edit', right: V, handler: a.areaEdit },
  { name: 'ppsps_risk_analysis_other_add', method: ['GET', 'POST'], path: '/ppsps/{id}/risk-analysis/other-risks/new', right: V, handler: a.otherAdd },
  { name: 'ppsps_risk_analysis_other_edit', method: ['GET', 'POST'], path: '/ppsps/risk-analysis/other-risks/{id}/edit', right: V, handler: a.otherEdit },
  { name: 'ppsps_risk_analysis_other_remove', method: 'POST', path: '/ppsps/risk-analysis/other-risks/{id}/delete', right: V, handler: a.otherRemove },
  { name: 'ppsps_risk_analysis_interference_add', method: ['GET', 'POST'], path: '/ppsps/{id}/risk-analysis/interferences/new', right: V, handler: a.interferenceAdd },
  { name: 'ppsps_risk_analysis_interference_edit', method: ['GET', 'POST'], path: '/ppsps/risk-analysis/interferences/{id}/edit', right: V, handler: a.interferenceEdit },
  { name: 'ppsps_risk_analysis_interference_remove', method: 'POST', path: '/ppsps/risk-analysis/interferences/{id}/delete', right: V, handler: a.interferenceRemove },
];
