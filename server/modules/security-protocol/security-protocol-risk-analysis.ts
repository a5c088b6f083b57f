import type { Request } from 'express';
import { renderView } from '../../kernel/http/render';
import type { RouteDef } from '../../kernel/http/route-table';
import { analysisTabLocals } from '../risk-analysis/analysis.handlers';
import { analysisRoutes } from '../risk-analysis/analysis-routes';
import { analysisProblems } from '../risk-analysis/analysis.service';
import { analysisRouteNames, type AnalysisSubject, type SubjectAdapter } from '../risk-analysis/analysis.subjects';
import { protocolTabUrl, resolveProtocol } from './security-protocol.access';
import type { ProtocolRef } from './security-protocol.policy';
import type { ProtocolTab } from './security-protocol.tabs';

/** The analysis subject of a protocol: its companies and the protocol page's tab URL. */
async function protocolSubject(req: Request, p: ProtocolRef): Promise<AnalysisSubject> {
  const companies = await req.ctx.db.query(
    `SELECT id, name, kind FROM security_protocol_company WHERE tenant_id = $1 AND protocol_id = $2
      ORDER BY CASE kind WHEN 'host' THEN 0 WHEN 'carrier' THEN 1 WHEN 'handler' THEN 2 ELSE 3 END, lower(name), id`, [p.tenantId, p.id]);
  return { type: 'security_protocol', id: p.id, tenantId: p.tenantId, siteId: p.hierarchyItemId, companies, url: () => protocolTabUrl(req, p.id, 'risk_analysis') };
}

/** The protocol as a subject of analyses. */
export const PROTOCOL_ANALYSIS_SUBJECT: SubjectAdapter = {
  type: 'security_protocol',
  routes: analysisRouteNames('pds'),
  // Every change goes through the protocol's own access check (404 / 403; a draft, by its editors).
  load: async (req, id, need) => protocolSubject(req, (await resolveProtocol(req, id, need === 'change' ? 'risk_analyses' : 'view')).protocol),
};

/** The protocol page's risk-analysis tab. */
export const riskAnalysisTab: ProtocolTab = {
  key: 'risk_analysis', labelKey: 'security-protocol.tabs.risk_analysis', icon: 'clipboard2-pulse', order: 50,
  render: async (req, res, ctx) => {
    const subject = await protocolSubject(req, ctx.ref);
    const locals = await analysisTabLocals(req, subject, ctx.abilities.risk_analyses);
    const problems = await analysisProblems(req.ctx.db, ctx.ref.tenantId, 'security_protocol', ctx.ref.id);
    return renderView(res, 'risk-analysis/analysis/_tab', { ...locals, problems });
  },
};

/** The routes of a protocol's risk analysis (`pds_risk_analysis_*`, as the plan's `pdp_risk_analysis_*`). */
export const PROTOCOL_RISK_ANALYSIS_ROUTES: RouteDef[] = analysisRoutes({ subject: PROTOCOL_ANALYSIS_SUBJECT, basePath: '/security-protocol', right: 'pds.view' });
