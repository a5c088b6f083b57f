import { z } from 'zod';
import {
  checkbox, idList as kernelIdList, optionalId as kernelOptionalId, optionalOneOf, queryDate, queryEnum, queryId, queryMatch, queryText,
  requiredFrenchDate, requiredText as required, text, version,
} from '../../kernel/http/fields';
import { AUDIT_FINDING_KINDS, FINDING_KINDS, RISK_PERCEPTION_CODES, VISIT_TYPES } from './event.kinds';

const optionalId = kernelOptionalId();
const idList = kernelIdList();
/** A code of a list, `undefined` when blank (the service reads only the kinds that show it). */
const optionalCode = <const T extends readonly string[]>(values: T) => optionalOneOf(values).transform((v) => v ?? undefined);

/**
 * The event form (`event[...]`), every kind: fields of blocks a kind does not show are ignored
 * by the service. Required: subject, date; the visit type for a safety visit; the vehicle
 * registration only when the visit type is VEHICLE (checked by the service, see `checkKindRules`).
 */
export const eventSchema = z.object({
  subject: required(255),
  date: requiredFrenchDate({ error: 'event.validation.date' }),
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
  visitType: optionalCode(VISIT_TYPES),
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
  riskPerception: optionalCode(RISK_PERCEPTION_CODES),
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
  q: queryText(100),
  kind: queryMatch(/^(?:[a-z_]{1,40}|custom:\d{1,9})$/),
  status: queryMatch(/^[A-Z_]{1,30}$/),
  from: queryDate,
  to: queryDate,
  service: queryId,
  item: queryId,
  sort: queryEnum(['date', 'subject', 'kind', 'status', 'conformity'], 'date'),
  dir: queryEnum(['asc', 'desc'], 'desc'),
});
export type ListFilters = z.infer<typeof listFilterSchema>;
