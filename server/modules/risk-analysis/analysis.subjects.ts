import type { Request } from 'express';
import { extensionPoint } from '../../kernel/extension';
import type { AnalysisType } from './template.schema';

/** A company of the subject that may carry out a phase or be responsible for an area. */
export interface SubjectCompany { id: number; name: string; kind: string }

/** What the analysis knows of the plan / protocol / PPSPS it belongs to. */
export interface AnalysisSubject {
  type: AnalysisType;
  id: number;
  tenantId: number;
  /** The site (hierarchy item) of the subject: templates meant for it are offered first. */
  siteId: number | null;
  companies: SubjectCompany[];
  /** Where the user goes back to after a change (the subject's page, on the analysis tab). */
  url: (tab: 'risk_analysis' | 'interference') => string;
}

/** The parts of an analysis that have their own rows and forms. */
export type AnalysisPart = 'phase' | 'area' | 'other' | 'interference';
/** The parts a user adds and removes (an area comes from the template). */
export type AddedAnalysisPart = Exclude<AnalysisPart, 'area'>;

/** The route names of a subject's analysis, given once: declared by `analysisRoutes`, read by the handlers and the tab views. */
export interface AnalysisRouteNames {
  create: string;
  reset: string;
  add: Record<AddedAnalysisPart, string>;
  edit: Record<AnalysisPart, string>;
  remove: Record<AddedAnalysisPart, string>;
}

/** The names `<prefix>_risk_analysis_create`, `_reset`, `_<part>_add`, `_<part>_edit`, `_<part>_remove` (`pdp`, `pds`, `ppsps`). */
export function analysisRouteNames(prefix: string): AnalysisRouteNames {
  const n = (rest: string) => `${prefix}_risk_analysis_${rest}`;
  return {
    create: n('create'),
    reset: n('reset'),
    add: { phase: n('phase_add'), other: n('other_add'), interference: n('interference_add') },
    edit: { phase: n('phase_edit'), area: n('area_edit'), other: n('other_edit'), interference: n('interference_edit') },
    remove: { phase: n('phase_remove'), other: n('other_remove'), interference: n('interference_remove') },
  };
}

/**
 * How the analysis reaches a kind of subject: `load` checks the request's user may see it
 * (`view`) or change its analysis (`change`), answering 404 / 403 as the subject's own pages do.
 */
export interface SubjectAdapter {
  type: AnalysisType;
  /** The names of its analysis routes (`analysisRouteNames('pdp')` for the prevention plan). */
  routes: AnalysisRouteNames;
  load: (req: Request, id: number, need: 'view' | 'change') => Promise<AnalysisSubject>;
}

const adapters = new Map<AnalysisType, SubjectAdapter>();

/** Declares how analyses of a subject type are reached (the prevention plan now; the security protocol and the PPSPS later). */
export function registerAnalysisSubject(adapter: SubjectAdapter): void {
  adapters.set(adapter.type, adapter);
}

/** The kinds of subject analyses belong to: the module owning each contributes its adapter. */
export const analysisSubjects = extensionPoint<SubjectAdapter>('risk-analysis:subjects', registerAnalysisSubject);

/** The adapter of a subject type; a type without one is a programming error. */
export function subjectAdapter(type: string): SubjectAdapter {
  const a = adapters.get(type as AnalysisType);
  if (!a) throw new Error(`Aucun sujet d'analyse déclaré pour : ${type}`);
  return a;
}
