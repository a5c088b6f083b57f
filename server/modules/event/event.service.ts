import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import type { FieldError } from '../../kernel/http/forms';
import { intSetting } from '../../kernel/settings/settings';
import { recordHistory } from '../../kernel/history/history.service';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { softDelete, type PurgeHookDef } from '../../kernel/trash/trash';
import { userInTenant } from '../../kernel/tenancy';
import { listUserOrganisation } from '../hierarchy/user-organisation.service';
import { findNomenclatureItems } from '../nomenclature/nomenclature.service';
import type { NomenclatureKind } from '../nomenclature/nomenclature.kinds';
import { conformityRate, deleteResponsesOf, saveResponses } from '../questionnaire/questionnaire.service';
import type { QuestionnaireTree, ResponseValues } from '../questionnaire/questionnaire.types';
import type { EventDefinition } from './event-definition';
import type { EventInput } from './event.schema';
import type { EventAccessSubject } from './event.policy';
import { eventWorkflow } from './event.workflow';
import { createEventActions } from './event-actions';
import { projectSelectable } from './event-project';

type Db = DataSource | EntityManager;

/** An event purged for good takes its questionnaire answers with it (they have no foreign key to it). */
export const EVENT_ANSWERS_PURGE: PurgeHookDef = { table: 'event', run: (m, tenantId, id) => deleteResponsesOf(m, tenantId, ['event'], [id]) };

/** An event as the show page, the form and the policy read it. */
export interface EventRecord extends EventAccessSubject {
  id: number; kind: string; eventTypeId: number | null; eventTypeName: string | null; questionnaireId: number | null;
  subject: string; eventDate: string | null; serviceId: number | null; serviceName: string | null;
  hierarchyItemId: number | null; hierarchyItemName: string | null; supervisorName: string | null; creatorName: string | null;
  notified: boolean; observations: string; mainSourceId: number | null; domainIds: number[]; projectId: number | null;
  conformityRate: number | null; workUnitId: number | null; workUnitName: string | null; injuryTypeIds: number[]; injurySiteIds: number[]; ppeIds: number[];
  stateOfPlay: string; ambiance: string; victimActivity: string; equipment: string; technicalCauses: string; humanCauses: string; organisationalCauses: string;
  visitType: string | null; vehicleBrand: string; vehicleModel: string; vehicleRegistration: string;
  autoActionDone: boolean; answerActions: string[]; version: number; createdAt: Date; updatedAt: Date | null;
  collaboratorIds: number[]; performerIds: number[]; collaboratorNames: string[]; performerNames: string[];
}

/** Outcome of a save: the id, field errors (the form is shown again), or a stale version (409). */
export type EventSaveResult = { ok: true; id: number; status: string } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
const userName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function dateOnly(v: unknown): string | null {
  if (!v) return null;
  if (v instanceof Date) return `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
  return String(v).slice(0, 10);
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY` (the form's text). */
export function isoToFrench(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** One event of the company (not in the trash) with its people and labels, or null. */
export async function findEvent(db: Db, tenantId: number, id: number): Promise<EventRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await db.query(
    `SELECT e.*, t.name AS type_name, s.name AS service_name, i.name AS item_name, w.name AS work_unit_name,
            su.first_name AS sup_first, su.last_name AS sup_last, cr.first_name AS cr_first, cr.last_name AS cr_last
       FROM event e
       LEFT JOIN event_type t ON t.id = e.event_type_id
       LEFT JOIN service s ON s.id = e.service_id
       LEFT JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
       LEFT JOIN work_unit w ON w.id = e.work_unit_id
       LEFT JOIN app_user su ON su.id = e.supervisor_id
       LEFT JOIN app_user cr ON cr.id = e.creator_id
      WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL`, [id, tenantId]);
  if (!r) return null;
  const people: Array<{ user_id: number; role: string; first_name: string; last_name: string }> = await db.query(
    `SELECT p.user_id, p.role, u.first_name, u.last_name FROM event_person p JOIN app_user u ON u.id = p.user_id
      WHERE p.event_id = $1 AND p.tenant_id = $2 ORDER BY lower(u.last_name), lower(u.first_name)`, [id, tenantId]);
  const of = (role: string) => people.filter((p) => p.role === role);
  return {
    id: r.id, kind: r.kind, eventTypeId: r.event_type_id, eventTypeName: r.type_name ?? null, questionnaireId: r.questionnaire_id, status: r.status,
    subject: r.subject, eventDate: dateOnly(r.event_date), serviceId: r.service_id, serviceName: r.service_name ?? null,
    hierarchyItemId: r.hierarchy_item_id, hierarchyItemName: r.item_name ?? null, supervisorId: r.supervisor_id, supervisorName: r.supervisor_id ? userName(r.sup_first, r.sup_last) : null,
    creatorId: r.creator_id, creatorName: r.creator_id ? userName(r.cr_first, r.cr_last) : null, confidential: r.confidential, notified: r.notified,
    observations: str(r.observations), mainSourceId: r.main_source_id, domainIds: ids(r.domain_ids), projectId: r.project_id,
    conformityRate: r.conformity_rate === null ? null : Number(r.conformity_rate), workUnitId: r.work_unit_id, workUnitName: r.work_unit_name ?? null,
    injuryTypeIds: ids(r.injury_type_ids), injurySiteIds: ids(r.injury_site_ids), ppeIds: ids(r.ppe_ids),
    stateOfPlay: str(r.state_of_play), ambiance: str(r.ambiance), victimActivity: str(r.victim_activity), equipment: str(r.equipment),
    technicalCauses: str(r.technical_causes), humanCauses: str(r.human_causes), organisationalCauses: str(r.organisational_causes),
    visitType: r.visit_type, vehicleBrand: str(r.vehicle_brand), vehicleModel: str(r.vehicle_model), vehicleRegistration: str(r.vehicle_registration),
    autoActionDone: r.auto_action_done, answerActions: Array.isArray(r.answer_actions) ? r.answer_actions : [], version: r.version,
    createdAt: r.created_at, updatedAt: r.updated_at,
    collaboratorIds: of('collaborator').map((p) => p.user_id), performerIds: of('performer').map((p) => p.user_id),
    collaboratorNames: of('collaborator').map((p) => userName(p.first_name, p.last_name)), performerNames: of('performer').map((p) => userName(p.first_name, p.last_name)),
  };
}

/** The form values of a recorded event (what `partials/_field` and the selects read). */
export function formValues(e: EventRecord): Record<string, unknown> {
  return { ...e, date: isoToFrench(e.eventDate), visitType: e.visitType ?? '', previousSupervisorId: e.supervisorId ?? '' };
}

import { todayIso } from '../../kernel/clock';
export { todayIso };

/** The oldest date an event may have today, with the company's `event_age_limit_days`. */
export async function oldestAllowedDate(db: Db, tenantId: number): Promise<{ iso: string; days: number }> {
  const days = await intSetting(db, tenantId, 'event_age_limit_days');
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return { iso: d.toISOString().slice(0, 10), days };
}

/** What a save receives: the parsed form (every field, defaults for a draft's blanks) and its context. */
export interface EventSaveInput {
  tenantId: number;
  user: AuthUser;
  /** null: a new event. */
  id: number | null;
  definition: EventDefinition;
  data: EventInput;
  /** Saved with the DRAFT button: only types and lengths were checked; the status stays (or becomes) DRAFT. */
  draft: boolean;
  /** The questionnaire and its parsed answers, when the definition has one. */
  responses?: { tree: QuestionnaireTree; values: ResponseValues } | null;
  /** The record before the edit. */
  previous?: EventRecord | null;
  /** The form offered the project select (`projectsShown`); otherwise the event keeps its project. */
  projectField?: boolean;
}

/** The form's blanks of a draft, filled with "nothing" (the draft schema leaves them undefined). */
export function withDefaults(data: Partial<EventInput>): EventInput {
  return {
    subject: data.subject ?? '', date: data.date ?? '', serviceId: data.serviceId ?? null, hierarchyItemId: data.hierarchyItemId ?? null,
    supervisorId: data.supervisorId ?? null, collaboratorIds: data.collaboratorIds ?? [], performerIds: data.performerIds ?? [],
    domainIds: data.domainIds ?? [], mainSourceId: data.mainSourceId ?? null, confidential: data.confidential ?? false, notified: data.notified ?? false, projectId: data.projectId ?? null,
    observations: data.observations ?? '', workUnitId: data.workUnitId ?? null, injuryTypeIds: data.injuryTypeIds ?? [], injurySiteIds: data.injurySiteIds ?? [],
    ppeIds: data.ppeIds ?? [], stateOfPlay: data.stateOfPlay ?? '', ambiance: data.ambiance ?? '', victimActivity: data.victimActivity ?? '',
    equipment: data.equipment ?? '', technicalCauses: data.technicalCauses ?? '', humanCauses: data.humanCauses ?? '', organisationalCauses: data.organisationalCauses ?? '',
    visitType: data.visitType, vehicleBrand: data.vehicleBrand ?? '', vehicleModel: data.vehicleModel ?? '', vehicleRegistration: data.vehicleRegistration ?? '',
    version: data.version ?? 0,
  };
}

/** Drops what the definition does not show, so a hidden block never writes (an edit keeps the stored values). */
function visibleData(input: EventSaveInput): EventInput {
  const { definition: def, previous: prev } = input;
  const d = { ...input.data };
  const has = (b: string) => def.blocks.has(b as never);
  if (!has('service')) { d.serviceId = prev?.serviceId ?? null; d.hierarchyItemId = prev?.hierarchyItemId ?? null; }
  if (!has('supervisor')) d.supervisorId = prev?.supervisorId ?? null;
  if (!has('collaborators')) d.collaboratorIds = prev?.collaboratorIds ?? [];
  if (!has('performers')) d.performerIds = prev?.performerIds ?? [];
  if (!has('domains')) d.domainIds = prev?.domainIds ?? (def.eventType?.domainId ? [def.eventType.domainId] : []);
  if (!has('observations')) d.observations = prev?.observations ?? '';
  if (!has('confidential')) d.confidential = prev?.confidential ?? false;
  if (!input.projectField) d.projectId = prev?.projectId ?? null;
  if (def.kind !== 'at') Object.assign(d, { workUnitId: null, injuryTypeIds: [], injurySiteIds: [], ppeIds: [], stateOfPlay: '', ambiance: '', victimActivity: '', equipment: '', technicalCauses: '', humanCauses: '', organisationalCauses: '' });
  if (def.kind !== 'vms') d.visitType = undefined;
  // The vehicle fields belong to vehicle visits only.
  if (d.visitType !== 'VEHICLE') Object.assign(d, { vehicleBrand: '', vehicleModel: '', vehicleRegistration: '' });
  return d;
}

/** Checks that every id belongs to the company (a refusal is a field error, never a 500). */
async function checkReferences(m: EntityManager, tenantId: number, d: EventInput, prev: EventRecord | null | undefined): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const one = async (field: keyof EventInput, sql: string, id: number | null) => {
    if (id === null) return;
    const [found] = await m.query(sql, [id, tenantId]);
    if (!found) errors[field] = 'validation.choice';
  };
  await one('serviceId', 'SELECT 1 FROM service WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', d.serviceId);
  await one('hierarchyItemId', 'SELECT 1 FROM hierarchy_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', d.hierarchyItemId);
  await one('workUnitId', 'SELECT 1 FROM work_unit WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', d.workUnitId);
  await one('supervisorId', `SELECT 1 FROM app_user u WHERE u.id = $1 AND ${userInTenant('u', '$2')}`, d.supervisorId);
  for (const field of ['collaboratorIds', 'performerIds'] as const) {
    const wanted = d[field];
    if (!wanted.length) continue;
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM app_user u WHERE u.id = ANY($1::int[]) AND ${userInTenant('u', '$2')}`, [wanted, tenantId]);
    if (n !== wanted.length) errors[field] = 'validation.choice';
  }
  // A retired value the event already holds stays acceptable.
  const lists: Array<[keyof EventInput, NomenclatureKind, number[], number[]]> = [
    ['domainIds', 'domain', d.domainIds, prev?.domainIds ?? []],
    ['injuryTypeIds', 'injury_type', d.injuryTypeIds, prev?.injuryTypeIds ?? []],
    ['injurySiteIds', 'injury_site', d.injurySiteIds, prev?.injurySiteIds ?? []],
    ['ppeIds', 'ppe', d.ppeIds, prev?.ppeIds ?? []],
    ['mainSourceId', 'main_source', d.mainSourceId ? [d.mainSourceId] : [], prev?.mainSourceId ? [prev.mainSourceId] : []],
  ];
  for (const [field, kind, wanted, held] of lists) {
    if (!wanted.length) continue;
    const found = await findNomenclatureItems(m, tenantId, kind, wanted.filter((id) => !held.includes(id)));
    if (found.length !== wanted.filter((id) => !held.includes(id)).length) errors[field] = 'validation.choice';
  }
  return errors;
}

/** Rules of a recorded (not draft) event: age limit, visit type, vehicle registration. */
async function checkRecordRules(m: EntityManager, input: EventSaveInput, d: EventInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  // An edit keeps its date even once older than the limit; only a new or changed date is checked.
  if (d.date && (!input.previous || input.previous.eventDate !== d.date)) {
    const limit = await oldestAllowedDate(m, input.tenantId);
    if (d.date < limit.iso) errors.date = { key: 'event.validation.too_old', params: { days: limit.days } };
  }
  return { ...errors, ...visitFieldErrors(input.definition.kind, d.visitType, d.vehicleRegistration) };
}

/** A safety visit needs its type, and the vehicle registration when the type is VEHICLE (only then). */
export function visitFieldErrors(kind: string, visitType: unknown, registration: unknown): Record<string, FieldError> {
  if (kind !== 'vms') return {};
  if (!visitType) return { visitType: 'validation.required' };
  if (visitType === 'VEHICLE' && !(typeof registration === 'string' && registration.trim())) return { vehicleRegistration: 'validation.required' };
  return {};
}

/** Supervisor given, hierarchy item or service left empty: they are copied from the supervisor's organisation. */
async function copyFromSupervisor(m: EntityManager, tenantId: number, d: EventInput): Promise<void> {
  if (!d.supervisorId || (d.hierarchyItemId && d.serviceId)) return;
  const org = await listUserOrganisation(m, tenantId, d.supervisorId);
  d.hierarchyItemId ??= org.hierarchyItemIds[0] ?? null;
  d.serviceId ??= org.serviceIds[0] ?? null;
}

const nul = (s: string) => (s === '' ? null : s);

function columnValues(d: EventInput): Array<[string, unknown]> {
  return [
    ['subject', d.subject], ['event_date', nul(d.date)], ['service_id', d.serviceId], ['hierarchy_item_id', d.hierarchyItemId], ['supervisor_id', d.supervisorId],
    ['confidential', d.confidential], ['notified', d.notified], ['observations', nul(d.observations)], ['main_source_id', d.mainSourceId], ['domain_ids', d.domainIds],
    ['project_id', d.projectId],
    ['work_unit_id', d.workUnitId], ['injury_type_ids', d.injuryTypeIds], ['injury_site_ids', d.injurySiteIds], ['ppe_ids', d.ppeIds],
    ['state_of_play', nul(d.stateOfPlay)], ['ambiance', nul(d.ambiance)], ['victim_activity', nul(d.victimActivity)], ['equipment', nul(d.equipment)],
    ['technical_causes', nul(d.technicalCauses)], ['human_causes', nul(d.humanCauses)], ['organisational_causes', nul(d.organisationalCauses)],
    ['visit_type', d.visitType ?? null], ['vehicle_brand', nul(d.vehicleBrand)], ['vehicle_model', nul(d.vehicleModel)], ['vehicle_registration', nul(d.vehicleRegistration)],
  ];
}

/**
 * Records a new event or an edit, in one transaction: company references, the record rules
 * (unless a draft), the supervisor copy, people, questionnaire answers and conformity rate, a
 * history row; a draft saved normally leaves the draft (`start`); then the automatic actions.
 */
export async function saveEvent(db: DataSource, input: EventSaveInput): Promise<EventSaveResult> {
  return db.transaction(async (m) => {
    const { tenantId, user, definition } = input;
    const d = visibleData(input);
    const errors = await checkReferences(m, tenantId, d, input.previous);
    // A project the event already has stays acceptable, even out of sight; a new one must be in sight.
    if (d.projectId !== null && d.projectId !== (input.previous?.projectId ?? null) && !(await projectSelectable(m, user, d.projectId))) errors.projectId = 'validation.choice';
    if (!input.draft) Object.assign(errors, await checkRecordRules(m, input, d));
    if (Object.keys(errors).length) return { ok: false, errors };
    await copyFromSupervisor(m, tenantId, d);
    const cols = columnValues(d);
    const rate = input.responses ? conformityRate(input.responses.tree, input.responses.values) : null;
    const conformity = rate === null ? null : Math.round(rate * 10) / 10;
    const now = clock.now();
    let id: number;
    let status: string;
    if (input.id === null) {
      status = input.draft ? 'DRAFT' : 'IN_PROGRESS';
      const all: Array<[string, unknown]> = [...cols, ['kind', definition.kind], ['event_type_id', definition.eventType?.id ?? null], ['questionnaire_id', definition.questionnaireId],
        ['status', status], ['creator_id', user.id], ['conformity_rate', conformity], ['tenant_id', tenantId], ['updated_at', now]];
      const [row] = await m.query(`INSERT INTO event (${all.map(([c]) => c).join(', ')}) VALUES (${all.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, all.map(([, v]) => v));
      id = row.id;
      await recordHistory(m, { tenantId, subjectType: 'event', subjectId: id, transition: 'created', to: status, userId: user.id, createdAt: now });
    } else {
      id = input.id;
      const all: Array<[string, unknown]> = [...cols, ['conformity_rate', input.responses ? conformity : input.previous?.conformityRate ?? null], ['updated_at', now]];
      const n = all.length;
      const updated = rowsOf(await m.query(
        `UPDATE event SET ${all.map(([c], i) => `${c} = $${i + 1}`).join(', ')}, version = version + 1
          WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} AND deleted_at IS NULL RETURNING status`,
        [...all.map(([, v]) => v), id, tenantId, d.version]));
      if (!updated.length) return { ok: false, stale: true };
      status = (updated[0] as { status: string }).status;
      await recordHistory(m, { tenantId, subjectType: 'event', subjectId: id, transition: 'edited', userId: user.id, createdAt: now });
    }
    await m.query('DELETE FROM event_person WHERE event_id = $1 AND tenant_id = $2', [id, tenantId]);
    for (const [role, people] of [['collaborator', d.collaboratorIds], ['performer', d.performerIds]] as const) {
      if (people.length) await m.query('INSERT INTO event_person (event_id, user_id, role, tenant_id) SELECT $1, unnest($2::int[]), $3, $4', [id, people, role, tenantId]);
    }
    if (input.responses) await saveResponses(m, tenantId, input.responses.tree, 'event', id, input.responses.values);
    if (!input.draft && status === 'DRAFT') {
      const started = await eventWorkflow.apply(m, { id, tenantId }, 'start', { user });
      if (started.result) status = 'IN_PROGRESS';
    }
    if (status !== 'DRAFT') await createEventActions(m, { tenantId, user, eventId: id, definition, supervisorId: d.supervisorId, hierarchyItemId: d.hierarchyItemId, serviceId: d.serviceId, responses: input.responses ?? null });
    return { ok: true, id, status };
  });
}

/** Moves an event to the trash (`event.delete`); false when it is not the company's. */
export async function removeEvent(db: DataSource, tenantId: number, id: number, userId: number): Promise<boolean> {
  return db.transaction(async (m) => {
    const [e] = await m.query('SELECT subject FROM event WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!e) return false;
    return softDelete(m, { table: 'event', id, tenantId, title: e.subject || `#${id}`, userId });
  });
}

/** The supervisor's first hierarchy item and service (what the form copies when a supervisor is picked). */
export async function supervisorOrganisation(db: Db, tenantId: number, supervisorId: number): Promise<{ hierarchyItemId: number | null; serviceId: number | null }> {
  const org = await listUserOrganisation(db, tenantId, supervisorId);
  return { hierarchyItemId: org.hierarchyItemIds[0] ?? null, serviceId: org.serviceIds[0] ?? null };
}
