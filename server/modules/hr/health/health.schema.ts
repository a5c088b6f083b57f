import { z } from 'zod';
import {
  frenchDate, integer, oneOf, optionalId as kernelOptionalId, optionalInteger, optionalOneOf, queryDate, queryEnum, queryId, queryMatch, queryText,
  requiredFrenchDate, requiredId as kernelRequiredId, requiredText as required, text, version,
} from '../../../kernel/http/fields';
import { ACCIDENT_SEVERITIES, WORK_INTERRUPTION_TYPES } from '../work-interruption.entity';

const optionalId = kernelOptionalId();
// A blank select read as 0 before: the same "choice" message either way.
const requiredId = kernelRequiredId({ error: 'validation.choice', required: 'validation.choice' });
const dateMessage = { error: 'hr-health.validation.date' };

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank (the service decides whether it was required). */
export const optionalFrenchDate = frenchDate(dateMessage);

/** A medical check-up type (`medical_checkup_type[...]`): frequency in months, optional alert delay in days. */
export const checkupTypeSchema = z.object({
  name: required(255),
  frequencyMonths: integer(1, 240, { error: 'hr-health.validation.frequency', required: 'hr-health.validation.frequency' }),
  alertDays: optionalInteger(0, 3650),
  version,
});
export type CheckupTypeInput = z.infer<typeof checkupTypeSchema>;

/** An accident type (`accident_type[...]`). */
export const accidentTypeSchema = z.object({ name: required(255), version });
export type AccidentTypeInput = z.infer<typeof accidentTypeSchema>;

/** A medical check-up (`medical_checkup[...]`). */
export const checkupSchema = z.object({
  employee: requiredId,
  type: requiredId,
  date: requiredFrenchDate(dateMessage),
  comment: text(5000),
  version,
});
export type CheckupInput = z.infer<typeof checkupSchema>;

/**
 * A work accident or interruption (`work_interruption[...]`, field names of seed 000's calendar
 * form). Which date is required depends on the type: checked by `saveWorkInterruption`.
 */
export const workInterruptionSchema = z.object({
  employee: requiredId,
  workInterruptionType: oneOf(WORK_INTERRUPTION_TYPES, { error: 'validation.selection' }),
  accidentDate: optionalFrenchDate,
  interruptionStartDate: optionalFrenchDate,
  interruptionEndDate: optionalFrenchDate,
  severity: optionalOneOf(ACCIDENT_SEVERITIES),
  substitutePosition: text(255),
  accidentType: optionalId,
  comment: text(10_000),
  cause: text(10_000),
  version,
});
export type WorkInterruptionForm = z.infer<typeof workInterruptionSchema>;

/** The filters of the check-up list (query string); the service keeps only a known status. */
export const checkupFilterSchema = z.object({ q: queryText(100), status: queryMatch(/^[a-z_]{1,30}$/), type: queryId, service: queryId });

/** The filters of the accident and interruption list (query string): dates as typed (`DD/MM/YYYY`). */
export const interruptionFilterSchema = z.object({ type: queryEnum(WORK_INTERRUPTION_TYPES), from: queryDate, to: queryDate, employee: queryId });
