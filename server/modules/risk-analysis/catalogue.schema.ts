import { z } from 'zod';
import {
  idList as kernelIdList, integer, optionalId as kernelOptionalId, optionalInteger, optionalText, requiredText, version,
} from '../../kernel/http/fields';

const text = requiredText;
const number = { error: 'risk-analysis.validation.number' };
const requiredInt = integer(0, 1_000_000, { ...number, required: number.error });
const optionalInt = optionalInteger(0, 1_000_000, number);
const color = z.string({ error: 'validation.required' }).trim().regex(/^#[0-9a-fA-F]{6}$/, { error: 'risk-analysis.validation.color' }).transform((c) => c.toLowerCase());
/** A multi-select: one or many ids (strings), none when absent. */
export const idList = kernelIdList();
/** A select holding an id or nothing. */
export const optionalId = kernelOptionalId();

/** Severity level (`severity_level[...]`): colour, name, min, max (empty max = open-ended). */
export const severityLevelSchema = z.object({
  name: text(120),
  color,
  minValue: requiredInt,
  maxValue: optionalInt,
  version,
}).refine((v) => v.maxValue === null || v.maxValue >= v.minValue, { path: ['maxValue'], error: 'risk-analysis.validation.max_below_min' });
export type SeverityLevelInput = z.infer<typeof severityLevelSchema>;

/** Consequence of the quote matrix (`quote_consequence[...]`). */
export const consequenceSchema = z.object({
  label: text(120),
  level: requiredInt,
  human: optionalText(2000),
  environmental: optionalText(2000),
  version,
});
export type ConsequenceInput = z.infer<typeof consequenceSchema>;

/** Probability of the quote matrix (`quote_probability[...]`). */
export const probabilitySchema = z.object({
  label: text(120),
  level: requiredInt,
  description: optionalText(2000),
  frequency: optionalText(120),
  version,
});
export type ProbabilityInput = z.infer<typeof probabilitySchema>;

/** A cell of the matrix (`quote[...]`): label, value, colour. */
export const quoteSchema = z.object({
  label: text(120),
  value: requiredInt,
  color,
  version,
});
export type QuoteInput = z.infer<typeof quoteSchema>;

/** Danger family or preventive measure (`risk_family[...]`, `preventive_measure[...]`): a label. */
export const labelSchema = z.object({ label: text(255), version });
export type LabelInput = z.infer<typeof labelSchema>;

/** Risk (`risk[...]`): label, danger family, injury types. */
export const riskSchema = z.object({
  label: text(180),
  familyId: optionalId,
  injuryTypeIds: idList,
  version,
});
export type RiskInput = z.infer<typeof riskSchema>;
