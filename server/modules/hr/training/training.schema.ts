import { z } from 'zod';
import {
  checkbox, decimal, idList, lastValue, optionalEmail, optionalId as kernelOptionalId, optionalInteger, optionalPhone, optionalText as optional, queryEnum,
  queryId, queryText, requiredId as kernelRequiredId, requiredText as required, version,
} from '../../../kernel/http/fields';
import { FORMATION_STATUSES, parseParisDateTime } from './training-dates';

const optionalId = kernelOptionalId();
const requiredId = kernelRequiredId({ error: 'validation.selection', required: 'validation.selection' });
const dateTime = z.preprocess((v) => lastValue(v) ?? '', z.string().trim().min(1, { error: 'validation.required' })
  .refine((v) => parseParisDateTime(v) !== null, { error: 'hr-training.validation.date_time' })
  .transform((v) => parseParisDateTime(v)!));
const ids = idList();

/** The theme form (`formation_theme[...]`). */
export const themeSchema = z.object({ name: required(255), version });
export type ThemeInput = z.infer<typeof themeSchema>;

/** The formation form (`formation[...]`): a permanent formation has no validity; otherwise one is needed. */
export const formationSchema = z.object({
  name: required(255),
  theme: optionalId,
  validityMonths: optionalInteger(1, 600),
  alertDays: optionalInteger(0, 3650),
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
  email: optionalEmail(180),
  phone: optionalPhone(40, { pattern: /^[0-9+().\s-]{4,40}$/ }),
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
  hours: decimal(0, 9999, { required: 'validation.required' }),
  estimatedCost: decimal(0, 99_999_999),
  version,
}).superRefine((v, ctx) => {
  if (v.endAt < v.startAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'hr-training.validation.end_before_start' });
});
export type SessionInput = z.infer<typeof sessionSchema>;

/** The employee added to a session (`session_employee[employee]`). */
export const addEmployeeSchema = z.object({ employee: requiredId });

/** The filters of the session list (query string); a bad value falls back, never an error. */
export const sessionFilterSchema = z.object({ theme: queryId, formation: queryId, period: queryEnum(['upcoming', 'past']) });

/** The filters of the formation monitoring (query string). */
export const monitoringFilterSchema = z.object({ status: queryEnum(FORMATION_STATUSES), formation: queryId, q: queryText(100) });

/** The justification form (`session_justification[...]`). */
export const justificationSchema = z.object({ justification: optional(5000), version });
export type JustificationInput = z.infer<typeof justificationSchema>;
