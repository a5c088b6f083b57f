import { z } from 'zod';
import { parseFrenchDate } from '../../../kernel/i18n/format';
import { ACCIDENT_SEVERITIES, WORK_INTERRUPTION_TYPES } from '../work-interruption.entity';

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
const blankToNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : v);
const optionalId = z.preprocess(blankToNull, z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable());
const requiredId = z.preprocess(blankToNull, z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.choice' }).positive({ error: 'validation.choice' }).max(2_147_483_647, { error: 'validation.choice' }));
const version = z.coerce.number().int().min(0).default(0);

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank (the service decides whether it was required). */
export const optionalFrenchDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v ?? null),
  z.string({ error: 'hr-health.validation.date' }).trim()
    .refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'hr-health.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)).nullable(),
);
const requiredFrenchDate = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string().trim().min(1, { error: 'validation.required' })
    .refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'hr-health.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)),
);

/** A medical check-up type (`medical_checkup_type[...]`): frequency in months, optional alert delay in days. */
export const checkupTypeSchema = z.object({
  name: required(255),
  frequencyMonths: z.preprocess(blankToNull, z.coerce.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(1, { error: 'hr-health.validation.frequency' }).max(240, { error: 'hr-health.validation.frequency' })),
  alertDays: z.preprocess(blankToNull, z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }).max(3650, { error: 'validation.invalid' }).nullable()),
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
  date: requiredFrenchDate,
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
  workInterruptionType: z.preprocess((v) => (v === '' || v === undefined ? undefined : v), z.enum(WORK_INTERRUPTION_TYPES, { error: 'validation.selection' })),
  accidentDate: optionalFrenchDate,
  interruptionStartDate: optionalFrenchDate,
  interruptionEndDate: optionalFrenchDate,
  severity: z.preprocess(blankToNull, z.enum(ACCIDENT_SEVERITIES, { error: 'validation.choice' }).nullable()),
  substitutePosition: text(255),
  accidentType: optionalId,
  comment: text(10_000),
  cause: text(10_000),
  version,
});
export type WorkInterruptionForm = z.infer<typeof workInterruptionSchema>;
