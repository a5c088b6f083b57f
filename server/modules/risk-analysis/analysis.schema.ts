import { z } from 'zod';
import { checkbox, integer, optionalText, requiredText as text, version } from '../../kernel/http/fields';
import { idList, optionalId } from './catalogue.schema';

/** Creating the analysis (`risk_analysis[templateId]`): a template, or none to start empty. */
export const createSchema = z.object({ templateId: optionalId });

/** An activity phase (`risk_analysis_phase[...]`). */
export const phaseSchema = z.object({
  number: integer(1, 999, { error: 'risk-analysis.validation.number' }),
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
