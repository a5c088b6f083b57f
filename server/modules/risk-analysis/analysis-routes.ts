import type { RouteDef } from '../../kernel/http/route-table';
import { analysisHandlers } from './analysis.handlers';
import type { SubjectAdapter } from './analysis.subjects';

/** Where a subject's analysis routes live and who may call them (each handler then asks the subject's own access rules). */
export interface AnalysisRoutesConfig {
  /** The subject type and the names of its analysis routes (its adapter's `routes`). */
  subject: Pick<SubjectAdapter, 'type' | 'routes'>;
  /** `/prevention-plan`, `/security-protocol`, `/ppsps`. */
  basePath: string;
  right: string;
  toggle?: string;
}

const BOTH: RouteDef['method'] = ['GET', 'POST'];

/**
 * The twelve routes of a subject's analysis, named by `subject.routes` (the same names the
 * handlers and the tab views read): create and reset the analysis, add / edit / remove phases,
 * other risks and interferences, edit an area. The part slugs are those of URLs in the plan.
 */
export function analysisRoutes(cfg: AnalysisRoutesConfig): RouteDef[] {
  const n = cfg.subject.routes;
  const h = analysisHandlers(cfg.subject.type);
  const base = cfg.basePath;
  const access = { right: cfg.right, ...(cfg.toggle ? { toggle: cfg.toggle } : {}) };
  return [
    { ...access, name: n.create, method: 'POST', path: `${base}/{id}/risk-analysis/create`, handler: h.create },
    { ...access, name: n.reset, method: 'POST', path: `${base}/{id}/risk-analysis/delete`, handler: h.reset },
    { ...access, name: n.add.phase, method: BOTH, path: `${base}/{id}/risk-analysis/phases/new`, handler: h.phaseAdd },
    { ...access, name: n.edit.phase, method: BOTH, path: `${base}/risk-analysis/phases/{id}/edit`, handler: h.phaseEdit },
    { ...access, name: n.remove.phase, method: 'POST', path: `${base}/risk-analysis/phases/{id}/delete`, handler: h.phaseRemove },
    { ...access, name: n.edit.area, method: BOTH, path: `${base}/risk-analysis/areas/{id}/edit`, handler: h.areaEdit },
    { ...access, name: n.add.other, method: BOTH, path: `${base}/{id}/risk-analysis/other-risks/new`, handler: h.otherAdd },
    { ...access, name: n.edit.other, method: BOTH, path: `${base}/risk-analysis/other-risks/{id}/edit`, handler: h.otherEdit },
    { ...access, name: n.remove.other, method: 'POST', path: `${base}/risk-analysis/other-risks/{id}/delete`, handler: h.otherRemove },
    { ...access, name: n.add.interference, method: BOTH, path: `${base}/{id}/risk-analysis/interferences/new`, handler: h.interferenceAdd },
    { ...access, name: n.edit.interference, method: BOTH, path: `${base}/risk-analysis/interferences/{id}/edit`, handler: h.interferenceEdit },
    { ...access, name: n.remove.interference, method: 'POST', path: `${base}/risk-analysis/interferences/{id}/delete`, handler: h.interferenceRemove },
  ];
}
