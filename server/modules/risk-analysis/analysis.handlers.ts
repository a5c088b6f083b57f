import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import type { z } from 'zod';
import { optionsOf, type SaveResult } from './catalogue.service';
import { analysisAreaSchema, createSchema, interferenceSchema, otherRiskSchema, phaseSchema } from './analysis.schema';
import {
  analysisOfRow, createAnalysis, ensureAnalysis, findAnalysis, loadAnalysis, nextPhaseNumber, removeAnalysis, removeRow,
  saveArea, saveInterference, saveOtherRisk, savePhase, type AnalysisHead,
} from './analysis.service';
import { subjectAdapter, type AddedAnalysisPart, type AnalysisPart, type AnalysisSubject, type SubjectAdapter } from './analysis.subjects';
import { loadMatrix } from './quote.service';
import { templatesFor } from './template.service';
import type { AnalysisType } from './template.schema';
import { stale } from '../../kernel/http/respond';

type Part = AnalysisPart;
const TABLES = { phase: 'risk_analysis_phase', area: 'risk_analysis_area', other: 'risk_analysis_other_risk', interference: 'risk_analysis_interference' } as const;
const FORMS = { phase: 'risk_analysis_phase', area: 'risk_analysis_area', other: 'risk_analysis_other_risk', interference: 'risk_analysis_interference' } as const;
const SCHEMAS: Record<Part, z.ZodType> = { phase: phaseSchema, area: analysisAreaSchema, other: otherRiskSchema, interference: interferenceSchema };
const TAB: Record<Part, 'risk_analysis' | 'interference'> = { phase: 'risk_analysis', area: 'risk_analysis', other: 'risk_analysis', interference: 'interference' };

/** The subject of `{id}` for a change of its analysis (404 / 403 from the subject's own access rules). */
async function subjectOf(req: Request, a: SubjectAdapter): Promise<AnalysisSubject> {
  return a.load(req, Number(req.routeParams.id), 'change');
}

/** The analysis and subject of a row `{id}` of a part, for a change; another company's row or subject type answers 404. */
async function rowContext(req: Request, a: SubjectAdapter, part: Part): Promise<{ head: AnalysisHead; subject: AnalysisSubject; row: any }> {
  const tenantId = req.authUser!.tenantId;
  const id = Number(req.routeParams.id);
  const head = await analysisOfRow(req.ctx.db, tenantId, TABLES[part], id);
  if (!head || head.subjectType !== a.type) throw new HttpError(404, 'errors.not_found.title');
  const subject = await a.load(req, head.subjectId, 'change');
  const view = await loadAnalysis(req.ctx.db, subject, head);
  const list = part === 'phase' ? view.phases : part === 'area' ? view.areas : part === 'other' ? view.others : view.interferences;
  const row = (list as Array<{ id: number }>).find((r) => r.id === id);
  if (!row) throw new HttpError(404, 'errors.not_found.title');
  return { head, subject, row };
}

/** Choices of the part's form: phases, companies, matrix axes, document types. */
async function formChoices(req: Request, subject: AnalysisSubject, head: AnalysisHead | null, part: Part): Promise<Record<string, unknown>> {
  const phases = head ? (await loadAnalysis(req.ctx.db, subject, head)).phases : [];
  const out: Record<string, unknown> = {
    companies: subject.companies,
    phases: phases.map((p) => ({ id: p.id, label: `${p.number}. ${p.description.length > 80 ? `${p.description.slice(0, 80)}…` : p.description}` })),
  };
  if (part === 'interference') {
    const m = await loadMatrix(req.ctx.db, subject.tenantId);
    Object.assign(out, { consequences: m.consequences, probabilities: [...m.probabilities].reverse(), documentTypes: await optionsOf(req.ctx.db, subject.tenantId, 'document_type') });
  }
  return out;
}

async function renderPartForm(req: Request, res: Response, a: SubjectAdapter, part: Part, subject: AnalysisSubject, head: AnalysisHead | null, row: any | null,
  values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const action = row ? req.ctx.routes.path(a.routes.edit[part], { id: row.id }) : req.ctx.routes.path(a.routes.add[part as AddedAnalysisPart], { id: subject.id });
  await renderScreen(req, res, `risk-analysis/analysis/_${part}_form`, {
    title: part === 'area' ? row.name : req.t(`risk-analysis.${part}.${row ? 'edit_title' : 'new_title'}`),
    action, form: FORMS[part], values, errors, row, ...(await formChoices(req, subject, head, part)),
  });
}

function done(req: Request, res: Response, subject: AnalysisSubject, part: Part | 'analysis', key: string, status = 201): void {
  addFlash(req, 'success', key);
  res.status(status).json({ message: req.t(key), redirect: subject.url(part === 'analysis' ? 'risk_analysis' : TAB[part]) });
}

async function submit(req: Request, res: Response, a: SubjectAdapter, part: Part, subject: AnalysisSubject, head: AnalysisHead | null, row: any | null): Promise<void> {
  const form = parseForm(SCHEMAS[part], req.body, FORMS[part]);
  if (!form.ok) return renderPartForm(req, res, a, part, subject, head, row, form.values, form.errors);
  const data = form.data as any;
  const db = req.ctx.db;
  const userId = req.authUser!.id;
  const analysis = head ?? (await ensureAnalysis(db, subject, userId));
  const id = row?.id ?? null;
  let result: SaveResult;
  if (part === 'phase') result = await savePhase(db, subject, analysis.id, id, data, userId);
  else if (part === 'area') result = await saveArea(db, subject, analysis.id, id, data, userId);
  else if (part === 'other') result = await saveOtherRisk(db, subject, analysis.id, id, data, userId);
  else result = await saveInterference(db, subject, analysis.id, id, data, userId);
  if (!result.ok) {
    if ('stale' in result) {
      return stale(req, res);
    }
    return renderPartForm(req, res, a, part, subject, analysis, row, form.values, result.errors);
  }
  done(req, res, subject, part, `risk-analysis.${part}.${row ? 'updated' : 'created'}`);
}

const BLANK: Record<Exclude<Part, 'area'>, Record<string, unknown>> = {
  phase: { description: '', main: false, companyId: '', interference: false, version: 0 },
  other: { label: '', measures: '', phaseIds: [], version: 0 },
  interference: { label: '', phaseIds: [], initialConsequenceId: '', initialProbabilityId: '', residualConsequenceId: '', residualProbabilityId: '', measures: '', personInCharge: '', documentTypeIds: [], version: 0 },
};

/** The route handlers of the analysis of one subject type (routes named by its adapter's `routes`, declared by `analysisRoutes`). */
export function analysisHandlers(type: AnalysisType) {
  const adapter = () => subjectAdapter(type);
  const add = (part: Exclude<Part, 'area'>) => async (req: Request, res: Response): Promise<void> => {
    const a = adapter();
    const subject = await subjectOf(req, a);
    const head = await findAnalysis(req.ctx.db, subject.tenantId, type, subject.id);
    if (req.method === 'POST') return submit(req, res, a, part, subject, head, null);
    const values = { ...BLANK[part] };
    if (part === 'phase') values.number = await nextPhaseNumber(req.ctx.db, subject.tenantId, head?.id ?? null);
    await renderPartForm(req, res, a, part, subject, head, null, values);
  };
  const edit = (part: Part) => async (req: Request, res: Response): Promise<void> => {
    const a = adapter();
    const { head, subject, row } = await rowContext(req, a, part);
    if (req.method === 'POST') return submit(req, res, a, part, subject, head, row);
    const values: Record<string, unknown> = { ...row };
    if (part === 'area') values.concerned = row.concerned === null ? '' : row.concerned ? '1' : '0';
    for (const k of Object.keys(values)) if (values[k] === null) values[k] = '';
    await renderPartForm(req, res, a, part, subject, head, row, values);
  };
  const remove = (part: Exclude<Part, 'area'>) => async (req: Request, res: Response): Promise<void> => {
    const a = adapter();
    const { subject, row } = await rowContext(req, a, part);
    await removeRow(req.ctx.db, subject.tenantId, TABLES[part], row.id, req.authUser!.id);
    done(req, res, subject, part, `risk-analysis.${part}.removed`, 200);
  };
  return {
    /** `POST …/{id}/risk-analysis/create`: creates the analysis from a template of the subject's type (or empty). */
    create: async (req: Request, res: Response): Promise<void> => {
      const subject = await subjectOf(req, adapter());
      const form = parseForm(createSchema, req.body, 'risk_analysis');
      const result = form.ok ? await createAnalysis(req.ctx.db, subject, form.data.templateId, req.authUser!.id) : { ok: false as const, errors: form.errors };
      if (!result.ok) {
        addFlash(req, 'danger', 'risk-analysis.analysis.bad_template');
        res.redirect(303, subject.url('risk_analysis'));
        return;
      }
      addFlash(req, 'success', 'risk-analysis.analysis.created');
      res.redirect(303, subject.url('risk_analysis'));
    },
    /** `POST …/{id}/risk-analysis/delete`: deletes the whole analysis, to start again. */
    reset: async (req: Request, res: Response): Promise<void> => {
      const subject = await subjectOf(req, adapter());
      const head = await findAnalysis(req.ctx.db, subject.tenantId, type, subject.id);
      if (!head) throw new HttpError(404, 'errors.not_found.title');
      await removeAnalysis(req.ctx.db, subject.tenantId, head.id, req.authUser!.id);
      done(req, res, subject, 'analysis', 'risk-analysis.analysis.removed', 200);
    },
    phaseAdd: add('phase'), phaseEdit: edit('phase'), phaseRemove: remove('phase'),
    areaEdit: edit('area'),
    otherAdd: add('other'), otherEdit: edit('other'), otherRemove: remove('other'),
    interferenceAdd: add('interference'), interferenceEdit: edit('interference'), interferenceRemove: remove('interference'),
  };
}

/** What the risk-analysis tab of a subject shows (templates offered when there is no analysis yet). */
export async function analysisTabLocals(req: Request, subject: AnalysisSubject, canChange: boolean): Promise<Record<string, unknown>> {
  const db = req.ctx.db;
  const head = await findAnalysis(db, subject.tenantId, subject.type, subject.id);
  const view = head ? await loadAnalysis(db, subject, head) : null;
  const templates = !head && canChange ? await templatesFor(db, subject.tenantId, subject.type, subject.siteId) : [];
  return { subject, view, templates, canChange, analysisRoutes: subjectAdapter(subject.type).routes };
}
