import { z } from 'zod';
import {
  checkbox, frenchDate as kernelDate, idList as kernelIdList, optionalId as kernelOptionalId, optionalInteger, queryDate, queryEnum, queryId, queryText, text,
  time as kernelTime, version,
} from '../../kernel/http/fields';
import { PPSPS_STATUSES } from './ppsps.entity';

const optionalId = kernelOptionalId();
const idList = kernelIdList();
const staff = optionalInteger(0, 100_000, { error: 'ppsps.validation.staff' });
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = kernelDate({ error: 'ppsps.validation.date' });
/** `HH:MM`, or null when blank. */
const time = kernelTime({ error: 'ppsps.validation.time' });

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
  version,
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

/** The list filters (query string); a bad value falls back, never an error. Dates as typed (`DD/MM/YYYY`). */
export const ppspsFilterSchema = z.object({
  q: queryText(200),
  status: queryEnum(PPSPS_STATUSES),
  item: queryId,
  from: queryDate,
  to: queryDate,
  archived: queryEnum(['yes', 'all'], 'no'),
});
