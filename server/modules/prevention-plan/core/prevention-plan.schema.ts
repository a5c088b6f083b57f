import { z } from 'zod';
import {
  checkbox, frenchDate as kernelDate, idList as kernelIdList, oneOf, optionalId as kernelOptionalId, optionalInteger, queryDate, queryEnum, queryId,
  queryText, text, time as kernelTime, version, yesNo,
} from '../../../kernel/http/fields';
import { VALIDITIES } from './plan-list.service';
import { PLAN_STATUSES, WORK_SITE_TYPES } from './prevention-plan.entity';

/**
 * Values of the list's "Particularités" filter: dangerous works (a dangerous work type), long
 * works (400 hours, plan-long-works.service.ts) and roof works (a roof-work type).
 */
export const PLAN_FEATURES = ['dangerous', 'long', 'roof'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** The feature named by a query-string value, '' for none or an unknown one. */
export const planFeatureOf = (v: unknown): PlanFeature | '' => {
  const parsed = z.enum(PLAN_FEATURES).safeParse(typeof v === 'string' ? v.trim() : v);
  return parsed.success ? parsed.data : '';
};
const optionalId = kernelOptionalId();
const idList = kernelIdList();
const optionalInt = (max: number) => optionalInteger(0, max, { error: 'prevention-plan.validation.number' });
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = kernelDate({ error: 'prevention-plan.validation.date' });
/** `HH:MM`, or null when blank. */
const time = kernelTime({ error: 'prevention-plan.validation.time' });

/**
 * The plan form (`pdp[...]`). Types and lengths only: the required fields of seed 002 section 5
 * are checked by {@link requiredFieldErrors} on a normal save, never on a draft.
 */
export const planSchema = z.object({
  subject: text(255),
  orderingCustomerId: optionalId,
  substituteIds: idList,
  hierarchyItemId: optionalId,
  extraItemIds: idList,
  isPunctual: yesNo,
  frequency: text(255),
  isExternal: checkbox,
  hostTiersId: optionalId,
  interventionAddress: text(1000),
  isMmModel: checkbox,
  orderNumber: text(100),
  startDate: frenchDate,
  endDate: frenchDate,
  informationJobInspectionDate: frenchDate,
  plannedStartTime: time,
  plannedEndTime: time,
  serviceId: optionalId,
  sectorId: optionalId,
  sectorPrecision: text(255),
  descriptionSector: text(5000),
  participants: text(5000),
  procedures: text(10_000),
  description: text(20_000),
  comments: text(10_000),
  workSiteType: oneOf(WORK_SITE_TYPES, { fallback: 'normal' }),
  productionStop: checkbox,
  maximumStaff: optionalInt(100_000),
  hoursWorked: optionalInt(1_000_000),
  workTypeIds: idList,
  equipment: text(10_000),
  prerunInspectionDate: frenchDate,
  prerunInspectionTime: time,
  installationAvailable: yesNo,
  meetingPoint: text(255),
  labourInspectionId: optionalId,
  occupationalMedicineId: optionalId,
  rescueWorkerIds: idList,
  assemblyPoints: text(5000),
  emergencyNumbers: text(5000),
  version,
});
export type PlanInput = z.infer<typeof planSchema>;

/** The filters of the plan list (query string): dates as typed (`DD/MM/YYYY`); a bad value falls back, never an error. */
export const planFilterSchema = z.object({
  q: queryText(200),
  status: queryEnum(PLAN_STATUSES),
  item: queryId,
  customer: queryId,
  from: queryDate,
  to: queryDate,
  archived: queryEnum(['yes', 'all'], 'no'),
  validity: queryEnum(VALIDITIES),
  feature: z.transform(planFeatureOf),
  company: queryText(100),
  contact: queryText(100),
});

/** Required on a normal save (seed 002 section 5), in form order. */
export const REQUIRED_TEXT_FIELDS = ['subject', 'participants', 'procedures', 'description', 'comments'] as const;

/**
 * The order of the plan's dates, checked on a draft too: a draft may leave a date out, not save an
 * end before its start (the dates would then show a period that does not exist).
 */
export function dateOrderErrors(d: Pick<PlanInput, 'startDate' | 'endDate'>): Record<string, string> {
  return d.startDate && d.endDate && d.endDate < d.startDate ? { endDate: 'prevention-plan.validation.end_before_start' } : {};
}

/**
 * The rules of seed 002 section 5 over the typed data: translation keys per field. The site is
 * optional for a plan carried out in an outside company (toggle `plans_in_external_companies`),
 * which then needs the host company or the address.
 */
export function requiredFieldErrors(d: PlanInput, opts: { externalAllowed: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (field: keyof PlanInput, ok: boolean, key = 'validation.required') => { if (!ok && !errors[field]) errors[field] = key; };
  need('subject', !!d.subject);
  need('orderingCustomerId', d.orderingCustomerId != null);
  const external = opts.externalAllowed && d.isExternal;
  if (external) need('interventionAddress', !!d.interventionAddress || d.hostTiersId != null, 'prevention-plan.validation.external_place');
  else need('hierarchyItemId', d.hierarchyItemId != null);
  need('isPunctual', d.isPunctual != null, 'validation.selection');
  if (d.isPunctual === false) need('frequency', !!d.frequency);
  need('startDate', d.startDate != null);
  need('endDate', d.endDate != null);
  if (dateOrderErrors(d).endDate) need('endDate', false, 'prevention-plan.validation.end_before_start');
  // The prior joint inspection happens at the latest on the plan's first day (seed 002 §5).
  if (d.prerunInspectionDate && d.startDate && d.prerunInspectionDate > d.startDate) need('prerunInspectionDate', false, 'prevention-plan.validation.inspection_after_start');
  need('plannedStartTime', d.plannedStartTime != null);
  need('plannedEndTime', d.plannedEndTime != null);
  need('informationJobInspectionDate', d.informationJobInspectionDate != null);
  need('sectorId', d.sectorId != null || !!d.sectorPrecision, 'prevention-plan.validation.sector');
  need('hoursWorked', d.hoursWorked != null);
  need('workTypeIds', d.workTypeIds.length > 0, 'prevention-plan.validation.work_types');
  for (const f of REQUIRED_TEXT_FIELDS) need(f, !!d[f]);
  return errors;
}

