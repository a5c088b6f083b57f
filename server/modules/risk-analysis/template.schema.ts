import { z } from 'zod';
import { checkbox, integer, optionalOneOf, requiredText, version } from '../../kernel/http/fields';
import { idList } from './catalogue.schema';

/** Types of subject an analysis (and its template) is for. */
export const ANALYSIS_TYPES = ['prevention_plan', 'security_protocol', 'ppsps'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];

/** Kinds of company that may be responsible for a risk area. */
export const RESPONSIBLE_KINDS = ['EU', 'EE', 'ST'] as const;


/** The template form (`risk_analysis_template[...]`): type, name, sites. */
export const templateSchema = z.object({
  type: z.enum(ANALYSIS_TYPES, { error: 'risk-analysis.validation.choose' }),
  name: requiredText(255),
  siteIds: idList,
  version,
});
export type TemplateInput = z.infer<typeof templateSchema>;

/** The risk area form (`risk_area[...]`): name, order, lots, checked by default, risks, measures, needed documents, responsible kind. */
export const areaSchema = z.object({
  name: requiredText(255),
  position: integer(0, 9999, { error: 'risk-analysis.validation.number', fallback: 0 }),
  checkedByDefault: checkbox,
  responsibleKind: optionalOneOf(RESPONSIBLE_KINDS, { error: 'risk-analysis.validation.choose' }),
  lotIds: idList,
  riskIds: idList,
  measureIds: idList,
  documentTypeIds: idList,
  version,
});
export type AreaInput = z.infer<typeof areaSchema>;
