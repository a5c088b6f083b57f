import { z } from 'zod';
import { parseFrenchDate } from '../../kernel/i18n/format';

const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

const text = (max: number) => z.preprocess((v) => (blank(last(v)) ? '' : last(v)), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
const optionalId = z.preprocess((v) => (blank(last(v)) ? null : last(v)),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }).nullable());
const idList = z.preprocess(
  (v) => (blank(v) ? [] : (Array.isArray(v) ? v : [v]).filter((x) => !blank(x))),
  z.array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }), { error: 'validation.invalid' }).max(200, { error: 'validation.invalid' }),
).transform((ids) => [...new Set(ids)]);
// A checkbox comes after its hidden "0" twin: the last value wins.
const checkbox = z.preprocess((v) => { const l = last(v); return l === '1' || l === 'on' || l === true; }, z.boolean());
const staff = z.preprocess((v) => (blank(last(v)) ? null : last(v)),
  z.coerce.number({ error: 'ppsps.validation.staff' }).int({ error: 'ppsps.validation.staff' }).min(0, { error: 'ppsps.validation.staff' }).max(100_000, { error: 'ppsps.validation.staff' }).nullable());
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim()),
  z.string().refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'ppsps.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)).nullable());
/** `HH:MM`, or null when blank. */
const time = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim().slice(0, 5)),
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'ppsps.validation.time' }).nullable());

/**
 * The PPSPS form (`ppsps[...]`): types and lengths only. The required fields of seed 002 §5
 * (dates, times, number, correspondent, nature of operations) are checked by
 * {@link requiredPpspsErrors} on a normal save, never on a draft.
 */
export const ppspsSchema = z.object({
  number: text(40).refine((s) => s === '' || /^[\w./-]+$/u.test(s), { error: 'ppsps.validation.number_format' }),
  hierarchyItemId: optionalId,
  entityId: optionalId,
  correspondentId: optionalId,
  substituteIds: idList,
  tiersId: optionalId,
  startDate: frenchDate,
  endDate: frenchDate,
  startTime: time,
  endTime: time,
  address: text(1000),
  natureOfOperations: text(10_000),
  accessInstructions: text(10_000),
  averageStaff: staff,
  peakStaff: staff,
  vehicles: text(5000),
  contractSignedDate: frenchDate,
  secondOeuvreWithoutRisks: checkbox,
  description: text(20_000),
  designation: text(20_000),
  labourInspectionId: optionalId,
  occupationalMedicineId: optionalId,
  firstAid: text(5000),
  welfareFacilities: text(5000),
  assemblyPoints: text(5000),
  emergencyNumbers: text(5000),
  jointInspectionDate: frenchDate,
  jointInspectionTime: time,
  jointInspectionPlace: text(255),
  openingNoticeDate: frenchDate,
  openingNoticePermitNumber: text(60),
  openingNoticeRecipients: text(2000),
  version: z.coerce.number().int().min(0).default(0),
});
export type PpspsInput = z.infer<typeof ppspsSchema>;

/** The fields seed 002 §5 requires, as the rules read them (a subset of the form). */
export type PpspsRequired = Pick<PpspsInput, 'number' | 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'correspondentId' | 'natureOfOperations' | 'averageStaff' | 'peakStaff'>;

/**
 * Seed 002 §5 for a PPSPS: dates, times, number, correspondent, nature of operations; the end
 * not before the start, the peak staff not below the average. Field -> translation key.
 */
export function requiredPpspsErrors(d: PpspsRequired): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (field: string, ok: boolean, key = 'validation.required') => { if (!ok && !errors[field]) errors[field] = key; };
  need('number', !!d.number);
  need('correspondentId', d.correspondentId != null);
  need('startDate', d.startDate != null);
  need('endDate', d.endDate != null);
  if (d.startDate && d.endDate && d.endDate < d.startDate) need('endDate', false, 'ppsps.validation.end_before_start');
  need('startTime', d.startTime != null);
  need('endTime', d.endTime != null);
  need('natureOfOperations', !!d.natureOfOperations);
  if (d.averageStaff != null && d.peakStaff != null && d.peakStaff < d.averageStaff) need('peakStaff', false, 'ppsps.validation.peak_below_average');
  return errors;
}
