import { z } from 'zod';

const text = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const optionalText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max, { error: 'validation.too_long' }).nullable().default(null));
const int = (msg: string) => z.coerce.number({ error: msg }).int({ error: msg }).min(0, { error: msg }).max(1_000_000, { error: msg });
const requiredInt = (msg: string) => z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v), int(msg));
const optionalInt = (msg: string) => z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), int(msg).nullable());
const color = z.string({ error: 'validation.required' }).trim().regex(/^#[0-9a-fA-F]{6}$/, { error: 'risk-analysis.validation.color' }).transform((c) => c.toLowerCase());
const version = z.coerce.number().int().min(0).default(0);
/** A multi-select: one or many ids (strings), none when absent. */
export const idList = z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v.filter((x) => x !== '') : [v]),
  z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(200));
/** A select holding an id or nothing. */
export const optionalId = z.preprocess((v) => (v === undefined || v === null || v === '' ? null : v), z.coerce.number({ error: 'validation.invalid' }).int().positive().max(2_147_483_647).nullable());

/** Severity level (`severity_level[...]`): colour, name, min, max (empty max = open-ended). */
export const severityLevelSchema = z.object({
  name: text(120),
  color,
  minValue: requiredInt('risk-analysis.validation.number'),
  maxValue: optionalInt('risk-analysis.validation.number'),
  version,
}).refine((v) => v.maxValue === null || v.maxValue >= v.minValue, { path: ['maxValue'], error: 'risk-analysis.validation.max_below_min' });
export type SeverityLevelInput = z.infer<typeof severityLevelSchema>;

/** Consequence of the quote matrix (`quote_consequence[...]`). */
export const consequenceSchema = z.object({
  label: text(120),
  level: requiredInt('risk-analysis.validation.number'),
  human: optionalText(2000),
  environmental: optionalText(2000),
  version,
});
export type ConsequenceInput = z.infer<typeof consequenceSchema>;

/** Probability of the quote matrix (`quote_probability[...]`). */
export const probabilitySchema = z.object({
  label: text(120),
  level: requiredInt('risk-analysis.validation.number'),
  description: optionalText(2000),
  frequency: optionalText(120),
  version,
});
export type ProbabilityInput = z.infer<typeof probabilitySchema>;

/** A cell of the matrix (`quote[...]`): label, value, colour. */
export const quoteSchema = z.object({
  label: text(120),
  value: requiredInt('risk-analysis.validation.number'),
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
