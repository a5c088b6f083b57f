import { z } from 'zod';
import { parseFrenchDate } from '../../kernel/i18n/format';
import { AUDIT_FINDING_KINDS, FINDING_KINDS, RISK_PERCEPTION_CODES, VISIT_TYPES } from './event.kinds';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable());
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '')),
  z.array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }), { error: 'validation.invalid' }).max(200, { error: 'validation.invalid' }),
).transform((ids) => [...new Set(ids)]);
const version = z.coerce.number().int().min(0).default(0);

/** `DD/MM/YYYY` -> `YYYY-MM-DD`. */
const frenchDate = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' })
  .refine((s) => parseFrenchDate(s) !== null && /^\d{2}\/\d{2}\/\d{4}$/.test(s), { error: 'event.validation.date' })
  .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10));

/**
 * The event form (`event[...]`), every kind: fields of blocks a kind does not show are ignored
 * by the service. Required: subject, date; the visit type for a safety visit; the vehicle
 * registration only when the visit type is VEHICLE (checked by the service, see `checkKindRules`).
 */
export const eventSchema = z.object({
  subject: required(255),
  date: frenchDate,
  serviceId: optionalId,
  hierarchyItemId: optionalId,
  supervisorId: optionalId,
  collaboratorIds: idList,
  performerIds: idList,
  domainIds: idList,
  mainSourceId: optionalId,
  confidential: checkbox,
  notified: checkbox,
  observations: text(10_000),
  /** Optional; offered only with the projects toggle and right (see `event-project.ts`). */
  projectId: optionalId,
  // Accident analysis.
  workUnitId: optionalId,
  injuryTypeIds: idList,
  injurySiteIds: idList,
  ppeIds: idList,
  stateOfPlay: text(5000),
  ambiance: text(5000),
  victimActivity: text(5000),
  equipment: text(5000),
  technicalCauses: text(5000),
  humanCauses: text(5000),
  organisationalCauses: text(5000),
  // Safety visit.
  visitType: z.preprocess(blankToUndefined, z.enum(VISIT_TYPES, { error: 'validation.choice' }).optional()),
  vehicleBrand: text(100),
  vehicleModel: text(100),
  vehicleRegistration: text(20),
  version,
});
export type EventInput = z.infer<typeof eventSchema>;

/** An observation of a visit or a finding of an audit (`event_finding[...]`). */
export const findingSchema = z.object({
  kind: z.enum(FINDING_KINDS, { error: 'validation.choice' }),
  description: required(5000),
  riskPerception: z.preprocess(blankToUndefined, z.enum(RISK_PERCEPTION_CODES, { error: 'validation.choice' }).optional()),
  version,
});
export type FindingInput = z.infer<typeof findingSchema>;

/** True for the audit's kinds (they carry no risk perception code). */
export const isAuditFinding = (kind: string) => (AUDIT_FINDING_KINDS as readonly string[]).includes(kind);

/** The custom event type form (`event_type[...]`). */
export const eventTypeSchema = z.object({
  name: required(180),
  menuLabel: required(180),
  active: checkbox,
  domainId: optionalId,
  showService: checkbox,
  showSupervisor: checkbox,
  showCollaborators: checkbox,
  showPerformers: checkbox,
  showDomains: checkbox,
  showObservations: checkbox,
  showFiles: checkbox,
  showConfidential: checkbox,
  autoAction: checkbox,
  autoActionText: text(2000),
  version,
});
export type EventTypeInput = z.infer<typeof eventTypeSchema>;

/** The list filters (query string); bad values are dropped, never an error. */
export const listFilterSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  kind: z.string().max(40).regex(/^(?:[a-z_]+|custom:\d{1,9})$/).optional().catch(undefined),
  status: z.string().max(30).regex(/^[A-Z_]+$/).optional().catch(undefined),
  from: z.string().trim().max(10).catch(''),
  to: z.string().trim().max(10).catch(''),
  service: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  item: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  sort: z.enum(['date', 'subject', 'kind', 'status', 'conformity']).catch('date'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
});
export type ListFilters = z.infer<typeof listFilterSchema>;
