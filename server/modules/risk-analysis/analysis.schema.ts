import { z } from 'zod';
import { idList, optionalId } from './catalogue.schema';

// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const version = z.coerce.number().int().min(0).default(0);
const text = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max, { error: 'validation.too_long' }).nullable().default(null));

/** Creating the analysis (`risk_analysis[templateId]`): a template, or none to start empty. */
export const createSchema = z.object({ templateId: optionalId });

/** An activity phase (`risk_analysis_phase[...]`). */
export const phaseSchema = z.object({
  number: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce.number({ error: 'validation.required' }).int({ error: 'risk-analysis.validation.number' }).min(1, { error: 'risk-analysis.validation.number' }).max(999, { error: 'risk-analysis.validation.number' })),
  description: text(5000),
  main: checkbox,
  companyId: optionalId,
  interference: checkbox,
  version,
});
export type PhaseInput = z.infer<typeof phaseSchema>;

/** What a risk area of an analysis states (`risk_analysis_area[...]`): concerned yes / no / not stated, responsible company, phases. */
export const analysisAreaSchema = z.object({
  concerned: z.preprocess((v) => (v === '1' ? true : v === '0' ? false : v === '' || v === undefined ? null : v), z.boolean({ error: 'risk-analysis.validation.choose' }).nullable()),
  responsibleCompanyId: optionalId,
  phaseIds: idList,
  version,
});
export type AnalysisAreaInput = z.infer<typeof analysisAreaSchema>;

/** A risk outside the template areas (`risk_analysis_other_risk[...]`). */
export const otherRiskSchema = z.object({
  label: text(255),
  measures: optionalText(5000),
  phaseIds: idList,
  version,
});
export type OtherRiskInput = z.infer<typeof otherRiskSchema>;

/** An interference risk (`risk_analysis_interference[...]`): rated before and after its measures. */
export const interferenceSchema = z.object({
  label: text(255),
  phaseIds: idList,
  initialConsequenceId: optionalId,
  initialProbabilityId: optionalId,
  residualConsequenceId: optionalId,
  residualProbabilityId: optionalId,
  measures: optionalText(5000),
  personInCharge: optionalText(255),
  documentTypeIds: idList,
  version,
});
export type InterferenceInput = z.infer<typeof interferenceSchema>;
