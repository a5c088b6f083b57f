import { z } from 'zod';
import { parseParisDateTime } from './training-dates';

// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const blankToEmpty = (v: unknown) => (v === undefined || v === null ? '' : v);
const required = (max: number) => z.preprocess(blankToEmpty, z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' }));
const optional = (max: number) => z.preprocess(blankToEmpty, z.string().trim().max(max, { error: 'validation.too_long' }).transform((s) => (s === '' ? null : s)));
/** An optional whole number in [min, max]; blank is null. */
const optionalInt = (min: number, max: number) => z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(min, { error: 'validation.invalid' }).max(max, { error: 'validation.invalid' }).nullable(),
);
/** An optional id of a select; blank is null. */
const optionalId = optionalInt(1, 2_147_483_647);
const requiredId = z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v),
  z.coerce.number({ error: 'validation.selection' }).int({ error: 'validation.selection' }).min(1, { error: 'validation.selection' }).max(2_147_483_647, { error: 'validation.selection' }));
/** A decimal typed the French way (comma) or not; `required` refuses blank. */
const decimal = (max: number, isRequired: boolean) => z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim().replace(/\s/g, '').replace(',', '.') : v),
  z.coerce.number({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(max, { error: 'validation.invalid' }).nullable()
    .refine((n) => !isRequired || n !== null, { error: 'validation.required' }),
);
const dateTime = z.preprocess(blankToEmpty, z.string().trim().min(1, { error: 'validation.required' })
  .refine((v) => parseParisDateTime(v) !== null, { error: 'validation.invalid' })
  .transform((v) => parseParisDateTime(v)!));
const version = z.coerce.number().int().min(0).default(0);
const ids = z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(200));

/** The theme form (`formation_theme[...]`). */
export const themeSchema = z.object({ name: required(255), version });
export type ThemeInput = z.infer<typeof themeSchema>;

/** The formation form (`formation[...]`): a permanent formation has no validity; otherwise one is needed. */
export const formationSchema = z.object({
  name: required(255),
  theme: optionalId,
  validityMonths: optionalInt(1, 600),
  alertDays: optionalInt(0, 3650),
  permanent: checkbox,
  displayed: checkbox,
  employerAuthorization: checkbox,
  trainers: ids,
  version,
}).superRefine((v, ctx) => {
  if (!v.permanent && v.validityMonths === null) ctx.addIssue({ code: 'custom', path: ['validityMonths'], message: 'hr-training.validation.validity_required' });
}).transform((v) => ({ ...v, validityMonths: v.permanent ? null : v.validityMonths }));
export type FormationInput = z.infer<typeof formationSchema>;

/** The trainer form (`trainer[...]`). */
export const trainerSchema = z.object({
  name: required(255),
  company: optional(255),
  email: optional(180).refine((v) => v === null || z.email().safeParse(v).success, { error: 'validation.email' }),
  phone: optional(40).refine((v) => v === null || /^[0-9+().\s-]{4,40}$/.test(v), { error: 'validation.invalid' }),
  user: optionalId,
  version,
});
export type TrainerInput = z.infer<typeof trainerSchema>;

/** The session form (`session[...]`): dates typed `DD/MM/YYYY HH:mm` in Paris. */
export const sessionSchema = z.object({
  theme: optionalId,
  formation: requiredId,
  trainer: optionalId,
  startAt: dateTime,
  endAt: dateTime,
  location: optional(255),
  hours: decimal(9999, true),
  estimatedCost: decimal(99_999_999, false),
  version,
}).superRefine((v, ctx) => {
  if (v.endAt < v.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'hr-training.validation.end_before_start' });
});
export type SessionInput = z.infer<typeof sessionSchema>;

/** The justification form (`session_justification[...]`). */
export const justificationSchema = z.object({ justification: optional(5000), version });
export type JustificationInput = z.infer<typeof justificationSchema>;
