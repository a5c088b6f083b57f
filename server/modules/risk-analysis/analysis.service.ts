import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import { ownIds, type SaveResult } from './catalogue.service';
import type { Db } from './risk-analysis.defaults';
import type { AnalysisSubject } from './analysis.subjects';
import type { AnalysisAreaInput, InterferenceInput, OtherRiskInput, PhaseInput } from './analysis.schema';
import { loadMatrix, rateIn } from './quote.service';
import type { Rating } from './quote-matrix';
import { findTemplate, listAreas } from './template.service';
import { rowsOf } from '../../kernel/db/sql';

/** The analysis row of a subject. */
export interface AnalysisHead { id: number; subjectType: string; subjectId: number; templateId: number | null; templateName: string | null; version: number }

/** An activity phase with its company's name. */
export interface PhaseRow { id: number; number: number; description: string; main: boolean; companyId: number | null; companyName: string | null; interference: boolean; version: number }

/** A risk area of an analysis with what it holds and states. */
export interface AnalysisAreaRow {
  id: number; name: string; position: number; concerned: boolean | null; responsibleKind: string | null; responsibleCompanyId: number | null; responsibleCompanyName: string | null; version: number;
  risks: string[]; measures: string[]; documentTypes: string[]; phaseIds: number[];
}

/** A risk outside the areas. */
export interface OtherRiskRow { id: number; label: string; measures: string | null; phaseIds: number[]; version: number }

/** An interference risk with its two ratings. */
export interface InterferenceRow {
  id: number; label: string; measures: string | null; personInCharge: string | null; version: number; phaseIds: number[]; documentTypeIds: number[]; documentTypes: string[];
  initialConsequenceId: number | null; initialProbabilityId: number | null; residualConsequenceId: number | null; residualProbabilityId: number | null;
  initial: Rating | null; residual: Rating | null;
}

/** Everything the tabs show. */
export interface AnalysisView { head: AnalysisHead; phases: PhaseRow[]; areas: AnalysisAreaRow[]; others: OtherRiskRow[]; interferences: InterferenceRow[] }

/** What a change of an analysis writes in its subject's history (`transition` -> translation key). */
export const ANALYSIS_HISTORY_LABELS: Record<string, string> = Object.fromEntries(
  ['risk_analysis_create', 'risk_analysis_reset', 'risk_phase_add', 'risk_phase_edit', 'risk_phase_remove', 'risk_area_edit',
    'risk_other_add', 'risk_other_edit', 'risk_other_remove', 'risk_interference_add', 'risk_interference_edit', 'risk_interference_remove']
    .map((t) => [t, `risk-analysis.history.${t}`]));

/**
 * Writes a change of the analysis in its subject's history (the plan's history for a prevention
 * plan), with `m`: it commits with the change. The subject's type is its history subject type.
 */
async function subjectHistory(m: EntityManager, s: { tenantId: number; type: string; id: number }, transition: string, comment: string | null, userId: number | null): Promise<void> {
  await recordHistory(m, { tenantId: s.tenantId, subjectType: s.type, subjectId: s.id, transition, comment: comment ? comment.slice(0, 500) : null, userId });
}

const HEAD = `SELECT id, subject_type AS "subjectType", subject_id AS "subjectId", template_id AS "templateId", template_name AS "templateName", version FROM risk_analysis`;

/** The analysis of a subject, or null when none was created yet. */
export async function findAnalysis(db: Db, tenantId: number, subjectType: string, subjectId: number): Promise<AnalysisHead | null> {
  const [r] = await db.query(`${HEAD} WHERE tenant_id = $1 AND subject_type = $2 AND subject_id = $3`, [tenantId, subjectType, subjectId]);
  return r ?? null;
}

/** The analysis a row of one of its tables belongs to (phase, area, other risk, interference), or null for another company's row. */
export async function analysisOfRow(db: Db, tenantId: number, table: 'risk_analysis_phase' | 'risk_analysis_area' | 'risk_analysis_other_risk' | 'risk_analysis_interference', id: number): Promise<AnalysisHead | null> {
  const [r] = await db.query(`${HEAD} WHERE tenant_id = $1 AND id = (SELECT analysis_id FROM "${table}" WHERE id = $2 AND tenant_id = $1)`, [tenantId, id]);
  return r ?? null;
}

/**
 * Creates the analysis of a subject, from a template (its areas copied with their risks,
 * measures and documents; areas checked by default start as concerned, and the responsible
 * company is the subject's first company of the area's kind) or empty. Returns the existing
 * analysis when one is there already (a double click creates one).
 */
export async function createAnalysis(db: DataSource, subject: AnalysisSubject, templateId: number | null, userId: number | null = null): Promise<{ ok: true; id: number } | { ok: false; errors: Record<string, FieldError> }> {
  const tenantId = subject.tenantId;
  const template = templateId === null ? null : await findTemplate(db, tenantId, templateId);
  if (templateId !== null && (!template || template.type !== subject.type)) return { ok: false, errors: { templateId: 'risk-analysis.validation.choice' } };
  const areas = template ? await listAreas(db, tenantId, template.id) : [];
  return db.transaction(async (m) => {
    const [row] = await m.query(
      `INSERT INTO risk_analysis (tenant_id, subject_type, subject_id, template_id, template_name) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id, subject_type, subject_id) DO NOTHING RETURNING id`,
      [tenantId, subject.type, subject.id, template?.id ?? null, template?.name ?? null]);
    if (!row) {
      const [existing] = await m.query('SELECT id FROM risk_analysis WHERE tenant_id = $1 AND subject_type = $2 AND subject_id = $3', [tenantId, subject.type, subject.id]);
      return { ok: true, id: existing.id as number } as const;
    }
    for (const a of areas) {
      const responsible = a.responsibleKind ? subject.companies.find((c) => c.kind === a.responsibleKind) ?? null : null;
      const [copy] = await m.query(
        `INSERT INTO risk_analysis_area (tenant_id, analysis_id, source_area_id, name, position, concerned, responsible_kind, responsible_company_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [tenantId, row.id, a.id, a.name, a.position, a.checkedByDefault ? true : null, a.responsibleKind, responsible?.id ?? null]);
      for (const id of a.riskIds) await m.query('INSERT INTO risk_analysis_area_risk (area_id, risk_id, tenant_id) VALUES ($1, $2, $3)', [copy.id, id, tenantId]);
      for (const id of a.measureIds) await m.query('INSERT INTO risk_analysis_area_measure (area_id, measure_id, tenant_id) VALUES ($1, $2, $3)', [copy.id, id, tenantId]);
      for (const id of a.documentTypeIds) await m.query('INSERT INTO risk_analysis_area_document_type (area_id, document_type_id, tenant_id) VALUES ($1, $2, $3)', [copy.id, id, tenantId]);
    }
    await subjectHistory(m, subject, 'risk_analysis_create', template?.name ?? null, userId);
    return { ok: true, id: row.id as number } as const;
  });
}

/** The analysis of the subject, created empty when there is none (adding a phase or a risk starts it). */
export async function ensureAnalysis(db: DataSource, subject: AnalysisSubject, userId: number | null = null): Promise<AnalysisHead> {
  const found = await findAnalysis(db, subject.tenantId, subject.type, subject.id);
  if (found) return found;
  await createAnalysis(db, subject, null, userId);
  return (await findAnalysis(db, subject.tenantId, subject.type, subject.id))!;
}

/** Deletes the analysis of a subject with everything in it (to start again from another template). */
export async function removeAnalysis(db: DataSource, tenantId: number, analysisId: number, userId: number | null = null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [gone] = rowsOf(await m.query('DELETE FROM risk_analysis WHERE id = $1 AND tenant_id = $2 RETURNING subject_type, subject_id, template_name', [analysisId, tenantId]));
    if (!gone) return false;
    await subjectHistory(m, { tenantId, type: gone.subject_type, id: gone.subject_id }, 'risk_analysis_reset', gone.template_name, userId);
    return true;
  });
}

const companyName = (subject: AnalysisSubject, id: number | null) => (id === null ? null : subject.companies.find((c) => c.id === id)?.name ?? null);

/** Loads what the tabs show: phases, areas, other risks and interference risks rated on the company's matrix. */
export async function loadAnalysis(db: Db, subject: AnalysisSubject, head: AnalysisHead): Promise<AnalysisView> {
  const t = subject.tenantId;
  const id = head.id;
  const phases: PhaseRow[] = (await db.query(
    `SELECT id, number, description, main, company_id AS "companyId", interference, version FROM risk_analysis_phase WHERE tenant_id = $1 AND analysis_id = $2 ORDER BY number, id`, [t, id]))
    .map((p: any) => ({ ...p, companyName: companyName(subject, p.companyId) }));
  const areas: AnalysisAreaRow[] = (await db.query(
    `SELECT a.id, a.name, a.position, a.concerned, a.responsible_kind AS "responsibleKind", a.responsible_company_id AS "responsibleCompanyId", a.version,
       coalesce((SELECT array_agg(r.label ORDER BY r.label) FROM risk_analysis_area_risk x JOIN risk r ON r.id = x.risk_id WHERE x.area_id = a.id), '{}') AS risks,
       coalesce((SELECT array_agg(p.label ORDER BY p.label) FROM risk_analysis_area_measure x JOIN preventive_measure p ON p.id = x.measure_id WHERE x.area_id = a.id), '{}') AS measures,
       coalesce((SELECT array_agg(d.label ORDER BY d.label) FROM risk_analysis_area_document_type x JOIN document_type d ON d.id = x.document_type_id WHERE x.area_id = a.id), '{}') AS "documentTypes",
       coalesce((SELECT array_agg(x.phase_id) FROM risk_analysis_area_phase x WHERE x.area_id = a.id), '{}') AS "phaseIds"
     FROM risk_analysis_area a WHERE a.tenant_id = $1 AND a.analysis_id = $2 ORDER BY a.position, lower(a.name), a.id`, [t, id]))
    .map((a: any) => ({ ...a, responsibleCompanyName: companyName(subject, a.responsibleCompanyId) }));
  const others: OtherRiskRow[] = await db.query(
    `SELECT o.id, o.label, o.measures, o.version, coalesce((SELECT array_agg(x.phase_id) FROM risk_analysis_other_risk_phase x WHERE x.other_risk_id = o.id), '{}') AS "phaseIds"
       FROM risk_analysis_other_risk o WHERE o.tenant_id = $1 AND o.analysis_id = $2 ORDER BY o.id`, [t, id]);
  const matrix = await loadMatrix(db, t);
  const interferences: InterferenceRow[] = (await db.query(
    `SELECT i.id, i.label, i.measures, i.person_in_charge AS "personInCharge", i.version,
       i.initial_consequence_id AS "initialConsequenceId", i.initial_probability_id AS "initialProbabilityId",
       i.residual_consequence_id AS "residualConsequenceId", i.residual_probability_id AS "residualProbabilityId",
       coalesce((SELECT array_agg(x.phase_id) FROM risk_analysis_interference_phase x WHERE x.interference_id = i.id), '{}') AS "phaseIds",
       coalesce((SELECT array_agg(d.id ORDER BY d.label) FROM risk_analysis_interference_document_type x JOIN document_type d ON d.id = x.document_type_id WHERE x.interference_id = i.id), '{}') AS "documentTypeIds",
       coalesce((SELECT array_agg(d.label ORDER BY d.label) FROM risk_analysis_interference_document_type x JOIN document_type d ON d.id = x.document_type_id WHERE x.interference_id = i.id), '{}') AS "documentTypes"
     FROM risk_analysis_interference i WHERE i.tenant_id = $1 AND i.analysis_id = $2 ORDER BY i.id`, [t, id]))
    .map((i: any) => ({ ...i, initial: rateIn(matrix, i.initialConsequenceId, i.initialProbabilityId), residual: rateIn(matrix, i.residualConsequenceId, i.residualProbabilityId) }));
  return { head, phases, areas, others, interferences };
}

/** Ids among `ids` that are phases of the analysis. */
async function ownPhases(db: Db, tenantId: number, analysisId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.query('SELECT id FROM risk_analysis_phase WHERE tenant_id = $1 AND analysis_id = $2 AND id = ANY($3::int[])', [tenantId, analysisId, [...new Set(ids)]])).map((r: { id: number }) => r.id);
}

async function replace(m: EntityManager, tenantId: number, table: string, owner: string, ownerId: number, column: string, ids: number[]): Promise<void> {
  await m.query(`DELETE FROM "${table}" WHERE "${owner}" = $1`, [ownerId]);
  for (const id of ids) await m.query(`INSERT INTO "${table}" ("${owner}", "${column}", tenant_id) VALUES ($1, $2, $3)`, [ownerId, id, tenantId]);
}

async function updateOrStale(m: EntityManager, sql: string, params: unknown[]): Promise<boolean> {
  return rowsOf(await m.query(sql, params)).length > 0;
}

/** Creates (id null) or updates a phase; its number is unique in the analysis and its company one of the subject's. */
export async function savePhase(db: DataSource, subject: AnalysisSubject, analysisId: number, id: number | null, input: PhaseInput, userId: number | null = null): Promise<SaveResult> {
  const errors: Record<string, FieldError> = {};
  if (input.companyId !== null && !subject.companies.some((c) => c.id === input.companyId)) errors.companyId = 'risk-analysis.validation.choice';
  const [taken] = await db.query('SELECT 1 FROM risk_analysis_phase WHERE tenant_id = $1 AND analysis_id = $2 AND number = $3 AND id <> $4', [subject.tenantId, analysisId, input.number, id ?? 0]);
  if (taken) errors.number = 'risk-analysis.validation.phase_number_taken';
  if (Object.keys(errors).length) return { ok: false, errors };
  return db.transaction(async (m) => {
    if (id === null) {
      const [row] = await m.query('INSERT INTO risk_analysis_phase (tenant_id, analysis_id, number, description, main, company_id, interference) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [subject.tenantId, analysisId, input.number, input.description, input.main, input.companyId, input.interference]);
      await subjectHistory(m, subject, 'risk_phase_add', phaseText(input), userId);
      return { ok: true, id: row.id as number } as const;
    }
    const ok = await updateOrStale(m, `UPDATE risk_analysis_phase SET number = $1, description = $2, main = $3, company_id = $4, interference = $5, version = version + 1, updated_at = now()
      WHERE id = $6 AND tenant_id = $7 AND version = $8 RETURNING id`, [input.number, input.description, input.main, input.companyId, input.interference, id, subject.tenantId, input.version]);
    if (!ok) return { ok: false, stale: true } as const;
    await subjectHistory(m, subject, 'risk_phase_edit', phaseText(input), userId);
    return { ok: true, id } as const;
  });
}

/** How the history names a phase: its number and the start of its description. */
const phaseText = (p: { number: number; description: string }) => `${p.number} – ${p.description.length > 120 ? `${p.description.slice(0, 119)}…` : p.description}`;

/** The number a new phase gets: after the last one. */
export async function nextPhaseNumber(db: Db, tenantId: number, analysisId: number | null): Promise<number> {
  if (analysisId === null) return 1;
  const [r] = await db.query('SELECT coalesce(max(number), 0) + 1 AS next FROM risk_analysis_phase WHERE tenant_id = $1 AND analysis_id = $2', [tenantId, analysisId]);
  return Math.min(Number(r.next), 999);
}

/** Records what an area states: concerned or not, responsible company, phases (optimistic lock). */
export async function saveArea(db: DataSource, subject: AnalysisSubject, analysisId: number, id: number, input: AnalysisAreaInput, userId: number | null = null): Promise<SaveResult> {
  const errors: Record<string, FieldError> = {};
  if (input.responsibleCompanyId !== null && !subject.companies.some((c) => c.id === input.responsibleCompanyId)) errors.responsibleCompanyId = 'risk-analysis.validation.choice';
  const phases = await ownPhases(db, subject.tenantId, analysisId, input.phaseIds);
  if (phases.length !== new Set(input.phaseIds).size) errors.phaseIds = 'risk-analysis.validation.choice';
  if (Object.keys(errors).length) return { ok: false, errors };
  return db.transaction(async (m) => {
    const ok = await updateOrStale(m, `UPDATE risk_analysis_area SET concerned = $1, responsible_company_id = $2, version = version + 1, updated_at = now()
      WHERE id = $3 AND tenant_id = $4 AND version = $5 RETURNING id`, [input.concerned, input.responsibleCompanyId, id, subject.tenantId, input.version]);
    if (!ok) return { ok: false, stale: true } as const;
    await replace(m, subject.tenantId, 'risk_analysis_area_phase', 'area_id', id, 'phase_id', phases);
    const [area] = await m.query('SELECT name FROM risk_analysis_area WHERE id = $1', [id]);
    await subjectHistory(m, subject, 'risk_area_edit', area?.name ?? null, userId);
    return { ok: true, id } as const;
  });
}

/** Creates (id null) or updates a risk outside the areas with its phases. */
export async function saveOtherRisk(db: DataSource, subject: AnalysisSubject, analysisId: number, id: number | null, input: OtherRiskInput, userId: number | null = null): Promise<SaveResult> {
  const phases = await ownPhases(db, subject.tenantId, analysisId, input.phaseIds);
  if (phases.length !== new Set(input.phaseIds).size) return { ok: false, errors: { phaseIds: 'risk-analysis.validation.choice' } };
  return db.transaction(async (m) => {
    let savedId = id;
    if (savedId === null) {
      const [row] = await m.query('INSERT INTO risk_analysis_other_risk (tenant_id, analysis_id, label, measures) VALUES ($1, $2, $3, $4) RETURNING id', [subject.tenantId, analysisId, input.label, input.measures]);
      savedId = row.id as number;
    } else if (!(await updateOrStale(m, `UPDATE risk_analysis_other_risk SET label = $1, measures = $2, version = version + 1, updated_at = now()
      WHERE id = $3 AND tenant_id = $4 AND version = $5 RETURNING id`, [input.label, input.measures, savedId, subject.tenantId, input.version]))) {
      return { ok: false, stale: true } as const;
    }
    await replace(m, subject.tenantId, 'risk_analysis_other_risk_phase', 'other_risk_id', savedId, 'phase_id', phases);
    await subjectHistory(m, subject, id === null ? 'risk_other_add' : 'risk_other_edit', input.label, userId);
    return { ok: true, id: savedId } as const;
  });
}

/** Creates (id null) or updates an interference risk: its phases, both ratings (axes of the company's matrix), measures, person in charge, documents. */
export async function saveInterference(db: DataSource, subject: AnalysisSubject, analysisId: number, id: number | null, input: InterferenceInput, userId: number | null = null): Promise<SaveResult> {
  const t = subject.tenantId;
  const errors: Record<string, FieldError> = {};
  const phases = await ownPhases(db, t, analysisId, input.phaseIds);
  if (phases.length !== new Set(input.phaseIds).size) errors.phaseIds = 'risk-analysis.validation.choice';
  for (const [field, table] of [['initialConsequenceId', 'quote_consequence'], ['initialProbabilityId', 'quote_probability'], ['residualConsequenceId', 'quote_consequence'], ['residualProbabilityId', 'quote_probability']] as const) {
    const value = input[field];
    if (value !== null && !(await ownIds(db, t, table, [value])).length) errors[field] = 'risk-analysis.validation.choice';
  }
  const docs = await ownIds(db, t, 'document_type', input.documentTypeIds);
  if (docs.length !== new Set(input.documentTypeIds).size) errors.documentTypeIds = 'risk-analysis.validation.choice';
  if (Object.keys(errors).length) return { ok: false, errors };
  const values = [input.label, input.initialConsequenceId, input.initialProbabilityId, input.residualConsequenceId, input.residualProbabilityId, input.measures, input.personInCharge];
  return db.transaction(async (m) => {
    let savedId = id;
    if (savedId === null) {
      const [row] = await m.query(
        `INSERT INTO risk_analysis_interference (tenant_id, analysis_id, label, initial_consequence_id, initial_probability_id, residual_consequence_id, residual_probability_id, measures, person_in_charge)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [t, analysisId, ...values]);
      savedId = row.id as number;
    } else if (!(await updateOrStale(m, `UPDATE risk_analysis_interference SET label = $1, initial_consequence_id = $2, initial_probability_id = $3, residual_consequence_id = $4,
        residual_probability_id = $5, measures = $6, person_in_charge = $7, version = version + 1, updated_at = now() WHERE id = $8 AND tenant_id = $9 AND version = $10 RETURNING id`,
      [...values, savedId, t, input.version]))) {
      return { ok: false, stale: true } as const;
    }
    await replace(m, t, 'risk_analysis_interference_phase', 'interference_id', savedId, 'phase_id', phases);
    await replace(m, t, 'risk_analysis_interference_document_type', 'interference_id', savedId, 'document_type_id', docs);
    await subjectHistory(m, subject, id === null ? 'risk_interference_add' : 'risk_interference_edit', input.label, userId);
    return { ok: true, id: savedId } as const;
  });
}

/** Deletes a phase, other risk or interference risk of the company (links go with it). */
export async function removeRow(db: DataSource, tenantId: number, table: 'risk_analysis_phase' | 'risk_analysis_other_risk' | 'risk_analysis_interference', id: number, userId: number | null = null): Promise<boolean> {
  const name = table === 'risk_analysis_phase' ? `x.number || ' – ' || left(x.description, 120)` : 'x.label';
  return db.transaction(async (m) => {
    const [gone] = rowsOf(await m.query(
      `DELETE FROM "${table}" x USING risk_analysis a WHERE x.id = $1 AND x.tenant_id = $2 AND a.id = x.analysis_id
       RETURNING a.subject_type, a.subject_id, ${name} AS name`, [id, tenantId]));
    if (!gone) return false;
    const transition = { risk_analysis_phase: 'risk_phase_remove', risk_analysis_other_risk: 'risk_other_remove', risk_analysis_interference: 'risk_interference_remove' }[table];
    await subjectHistory(m, { tenantId, type: gone.subject_type, id: gone.subject_id }, transition, gone.name, userId);
    return true;
  });
}

/** A problem found by the rules of seed 002 section 5 (translation key and its values). */
export interface AnalysisProblem { key: string; params?: Record<string, unknown>; tab: 'risk_analysis' | 'interference' }

/**
 * The risk-analysis rules of seed 002 section 5: at least one activity phase; each risk area
 * states whether it is concerned and, when it is, which company is responsible; at least one phase
 * for each concerned area and each other risk.
 */
export async function analysisProblems(db: Db, tenantId: number, subjectType: string, subjectId: number): Promise<AnalysisProblem[]> {
  const head = await findAnalysis(db, tenantId, subjectType, subjectId);
  if (!head) return [{ key: 'risk-analysis.checks.no_phase', tab: 'risk_analysis' }];
  const out: AnalysisProblem[] = [];
  const [{ n }] = await db.query('SELECT count(*)::int AS n FROM risk_analysis_phase WHERE tenant_id = $1 AND analysis_id = $2', [tenantId, head.id]);
  if (n === 0) out.push({ key: 'risk-analysis.checks.no_phase', tab: 'risk_analysis' });
  const areas = await db.query(
    `SELECT a.name, a.concerned, a.responsible_company_id AS "responsibleCompanyId", EXISTS (SELECT 1 FROM risk_analysis_area_phase x WHERE x.area_id = a.id) AS "hasPhase"
       FROM risk_analysis_area a WHERE a.tenant_id = $1 AND a.analysis_id = $2 ORDER BY a.position, lower(a.name), a.id`, [tenantId, head.id]);
  for (const a of areas) {
    if (a.concerned === null) out.push({ key: 'risk-analysis.checks.area_concerned', params: { area: a.name }, tab: 'risk_analysis' });
    if (a.concerned === true && a.responsibleCompanyId === null) out.push({ key: 'risk-analysis.checks.area_responsible', params: { area: a.name }, tab: 'risk_analysis' });
    if (a.concerned === true && !a.hasPhase) out.push({ key: 'risk-analysis.checks.area_phase', params: { area: a.name }, tab: 'risk_analysis' });
  }
  const others = await db.query(
    `SELECT o.label FROM risk_analysis_other_risk o WHERE o.tenant_id = $1 AND o.analysis_id = $2
        AND NOT EXISTS (SELECT 1 FROM risk_analysis_other_risk_phase x WHERE x.other_risk_id = o.id) ORDER BY o.id`, [tenantId, head.id]);
  for (const o of others) out.push({ key: 'risk-analysis.checks.other_risk_phase', params: { risk: o.label }, tab: 'risk_analysis' });
  return out;
}

/**
 * The document types a subject's analysis asks for: those of the concerned risk areas and of the
 * interference risks (for the documents part: a missing one can raise its alert).
 */
export async function neededDocumentTypes(db: Db, tenantId: number, subjectType: string, subjectId: number): Promise<Array<{ id: number; label: string }>> {
  return db.query(
    `SELECT DISTINCT d.id, d.label FROM risk_analysis r
       JOIN (SELECT a.analysis_id, x.document_type_id FROM risk_analysis_area a JOIN risk_analysis_area_document_type x ON x.area_id = a.id WHERE a.concerned
             UNION SELECT i.analysis_id, x.document_type_id FROM risk_analysis_interference i JOIN risk_analysis_interference_document_type x ON x.interference_id = i.id) n ON n.analysis_id = r.id
       JOIN document_type d ON d.id = n.document_type_id AND d.deleted_at IS NULL
      WHERE r.tenant_id = $1 AND r.subject_type = $2 AND r.subject_id = $3 ORDER BY d.label, d.id`, [tenantId, subjectType, subjectId]);
}
