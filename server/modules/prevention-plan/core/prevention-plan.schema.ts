import { z } from 'zod';
import { parseFrenchDate } from '../../../kernel/i18n/format';
import { WORK_SITE_TYPES } from './prevention-plan.entity';

const MAX_ID = 2_147_483_647;

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
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** Free text, trimmed; '' when absent. Required-ness is checked by {@link requiredFieldErrors}. */
const text = (max: number) => z.preprocess((v) => (blank(v) ? '' : last(v)), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
const optionalId = z.preprocess((v) => (blank(last(v)) ? null : last(v)),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }).nullable());
const idList = z.preprocess(
  (v) => (blank(v) ? [] : (Array.isArray(v) ? v : [v]).filter((x) => !blank(x))),
  z.array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }), { error: 'validation.invalid' }).max(200, { error: 'validation.invalid' }),
).transform((ids) => [...new Set(ids)]);
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const l = last(v); return l === '1' || l === 'on' || l === true; }, z.boolean());
/** Yes / no / not said (radio or select with an empty choice). */
const yesNo = z.preprocess((v) => { const l = last(v); return l === '1' ? true : l === '0' ? false : null; }, z.boolean().nullable());
const optionalInt = (max: number) => z.preprocess((v) => (blank(last(v)) ? null : last(v)),
  z.coerce.number({ error: 'prevention-plan.validation.number' }).int({ error: 'prevention-plan.validation.number' }).min(0, { error: 'prevention-plan.validation.number' }).max(max, { error: 'prevention-plan.validation.number' }).nullable());
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim()),
  z.string().refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'prevention-plan.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)).nullable());
/** `HH:MM`, or null when blank. */
const time = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim()),
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'prevention-plan.validation.time' }).nullable());

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
  workSiteType: z.preprocess((v) => (blank(last(v)) ? 'normal' : last(v)), z.enum(WORK_SITE_TYPES, { error: 'validation.choice' })),
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
  version: z.coerce.number().int().min(0).default(0),
});
export type PlanInput = z.infer<typeof planSchema>;

/** Required on a normal save (seed 002 section 5), in form order. */
export const REQUIRED_TEXT_FIELDS = ['subject', 'participants', 'procedures', 'description', 'comments'] as const;

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
  if (d.startDate && d.endDate && d.endDate < d.startDate) need('endDate', false, 'prevention-plan.validation.end_before_start');
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

