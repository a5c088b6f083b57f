import { z } from 'zod';
import { idList } from './catalogue.schema';

/** Types of subject an analysis (and its template) is for. */
export const ANALYSIS_TYPES = ['prevention_plan', 'security_protocol', 'ppsps'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** Kinds of company that may be responsible for a risk area. */
export const RESPONSIBLE_KINDS = ['EU', 'EE', 'ST'] as const;

// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const version = z.coerce.number().int().min(0).default(0);

/** The template form (`risk_analysis_template[...]`): type, name, sites. */
export const templateSchema = z.object({
  type: z.enum(ANALYSIS_TYPES, { error: 'risk-analysis.validation.choose' }),
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.too_long' }),
  siteIds: idList,
  version,
});
export type TemplateInput = z.infer<typeof templateSchema>;

/** The risk area form (`risk_area[...]`): name, order, lots, checked by default, risks, measures, needed documents, responsible kind. */
export const areaSchema = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(255, { error: 'validation.too_long' }),
  position: z.preprocess((v) => (v === undefined || v === null || v === '' ? 0 : v),
    z.coerce.number({ error: 'risk-analysis.validation.number' }).int({ error: 'risk-analysis.validation.number' }).min(0, { error: 'risk-analysis.validation.number' }).max(9999, { error: 'risk-analysis.validation.number' })),
  checkedByDefault: checkbox,
  responsibleKind: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(RESPONSIBLE_KINDS, { error: 'risk-analysis.validation.choose' }).nullable()),
  lotIds: idList,
  riskIds: idList,
  measureIds: idList,
  documentTypeIds: idList,
  version,
});
export type AreaInput = z.infer<typeof areaSchema>;
