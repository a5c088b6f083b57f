import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { recordHistory } from '../../../kernel/history/history.service';
import { softDelete } from '../../../kernel/trash/trash';
import { userInTenant } from '../../../kernel/tenancy';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import type { PlanInput } from './prevention-plan.schema';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';
import { enqueuePlanCreationMails } from './plan-creation-mail';

type Db = DataSource | EntityManager;

/** Subject type of the plan's history rows. */
export const PLAN_HISTORY_SUBJECT = 'prevention_plan';

/** A plan as the form and the show page read it (dates `YYYY-MM-DD`, times `HH:MM`). */
export interface PlanRecord {
  id: number;
  tenantId: number;
  pdpNumber: string;
  subject: string;
  status: string;
  archived: boolean;
  version: number;
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  orderingCustomerId: number | null;
  orderingCustomerName: string | null;
  substituteIds: number[];
  substituteNames: string[];
  hierarchyItemId: number | null;
  hierarchyItemName: string | null;
  extraItemIds: number[];
  extraItemNames: string[];
  isPunctual: boolean | null;
  frequency: string | null;
  isExternal: boolean;
  hostTiersId: number | null;
  hostTiersName: string | null;
  interventionAddress: string | null;
  isMmModel: boolean;
  externalFileId: number | null;
  externalFileName: string | null;
  orderNumber: string | null;
  startDate: string | null;
  endDate: string | null;
  informationJobInspectionDate: string | null;
  plannedStartTime: string | null;
  plannedEndTime: string | null;
  serviceId: number | null;
  serviceName: string | null;
  sectorId: number | null;
  sectorName: string | null;
  sectorPrecision: string | null;
  descriptionSector: string | null;
  participants: string | null;
  procedures: string | null;
  description: string | null;
  comments: string | null;
  workSiteType: string;
  productionStop: boolean;
  maximumStaff: number | null;
  hoursWorked: number | null;
  workTypeIds: number[];
  workTypes: Array<{ id: number; label: string; dangerous: boolean }>;
  equipment: string | null;
  prerunInspectionDate: string | null;
  prerunInspectionTime: string | null;
  installationAvailable: boolean | null;
  meetingPoint: string | null;
  labourInspectionId: number | null;
  labourInspectionName: string | null;
  occupationalMedicineId: number | null;
  occupationalMedicineName: string | null;
  rescueWorkerIds: number[];
  rescueWorkerNames: string[];
  assemblyPoints: string | null;
  emergencyNumbers: string | null;
}

const NAME = (a: string) => `NULLIF(trim(coalesce(${a}.first_name, '') || ' ' || coalesce(${a}.last_name, '')), '')`;
const userName = (a: string) => `coalesce(${NAME(a)}, ${a}.username)`;

/** The plan `id` of the tenant with everything it shows (not in the trash), or null. */
export async function findPlan(db: Db, tenantId: number, id: number): Promise<PlanRecord | null> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.*, to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso,
            to_char(p.information_job_inspection_date, 'YYYY-MM-DD') AS info_iso, to_char(p.prerun_inspection_date, 'YYYY-MM-DD') AS prerun_iso,
            to_char(p.planned_start_time, 'HH24:MI') AS start_hm, to_char(p.planned_end_time, 'HH24:MI') AS end_hm,
            to_char(p.prerun_inspection_time, 'HH24:MI') AS prerun_hm,
            ${userName('oc')} AS oc_name, ${userName('cb')} AS cb_name, hi.name AS item_name, sv.name AS service_name,
            coalesce(sh.name || ' – ', '') || sc.name AS sector_name, li.name AS li_name, om.name AS om_name, ti.name AS tiers_name, ef.original_name AS file_name
       FROM prevention_plan p
       LEFT JOIN app_user oc ON oc.id = p.ordering_customer_id
       LEFT JOIN app_user cb ON cb.id = p.created_by_id
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN service sv ON sv.id = p.service_id
       LEFT JOIN sector sc ON sc.id = p.sector_id
       LEFT JOIN hierarchy_item sh ON sh.id = sc.item_id
       LEFT JOIN prevention_organisation li ON li.id = p.labour_inspection_id
       LEFT JOIN prevention_organisation om ON om.id = p.occupational_medicine_id
       LEFT JOIN tiers ti ON ti.id = p.host_tiers_id
       LEFT JOIN stored_file ef ON ef.id = p.external_file_id
      WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [id, tenantId]);
  const r = rows[0];
  if (!r) return null;
  const users = (table: string) => db.query(
    `SELECT x.user_id AS id, ${userName('u')} AS name FROM ${table} x JOIN app_user u ON u.id = x.user_id
      WHERE x.plan_id = $1 AND x.tenant_id = $2 ORDER BY u.last_name, u.first_name`, [id, tenantId]) as Promise<Array<{ id: number; name: string }>>;
  const subs = await users('plan_substitute');
  const rescuers = await users('plan_rescue_worker');
  const items: Array<{ id: number; name: string }> = await db.query(
    `SELECT x.hierarchy_item_id AS id, i.name FROM plan_hierarchy_item x JOIN hierarchy_item i ON i.id = x.hierarchy_item_id
      WHERE x.plan_id = $1 AND x.tenant_id = $2 ORDER BY i.name`, [id, tenantId]);
  const workTypes: Array<{ id: number; label: string; dangerous: boolean }> = await db.query(
    `SELECT w.id, w.label, w.dangerous FROM plan_work_type x JOIN work_type w ON w.id = x.work_type_id
      WHERE x.plan_id = $1 AND x.tenant_id = $2 ORDER BY w.position, w.label`, [id, tenantId]);
  return {
    id: r.id, tenantId: r.tenant_id, pdpNumber: r.pdp_number, subject: r.subject, status: r.status, archived: r.archived, version: r.version,
    createdById: r.created_by_id, createdByName: r.cb_name, createdAt: r.created_at, updatedAt: r.updated_at,
    orderingCustomerId: r.ordering_customer_id, orderingCustomerName: r.oc_name,
    substituteIds: subs.map((s) => s.id), substituteNames: subs.map((s) => s.name),
    hierarchyItemId: r.hierarchy_item_id, hierarchyItemName: r.item_name,
    extraItemIds: items.map((i) => i.id), extraItemNames: items.map((i) => i.name),
    isPunctual: r.is_punctual, frequency: r.frequency, isExternal: r.is_external, hostTiersId: r.host_tiers_id, hostTiersName: r.tiers_name,
    interventionAddress: r.intervention_address, isMmModel: r.is_mm_model, externalFileId: r.external_file_id, externalFileName: r.file_name, orderNumber: r.order_number,
    startDate: r.start_iso, endDate: r.end_iso, informationJobInspectionDate: r.info_iso, plannedStartTime: r.start_hm, plannedEndTime: r.end_hm,
    serviceId: r.service_id, serviceName: r.service_name, sectorId: r.sector_id, sectorName: r.sector_name, sectorPrecision: r.sector_precision,
    descriptionSector: r.description_sector, participants: r.participants, procedures: r.procedures, description: r.description, comments: r.comments,
    workSiteType: r.work_site_type, productionStop: r.production_stop, maximumStaff: r.maximum_staff, hoursWorked: r.hours_worked,
    workTypeIds: workTypes.map((w) => w.id), workTypes, equipment: r.equipment,
    prerunInspectionDate: r.prerun_iso, prerunInspectionTime: r.prerun_hm, installationAvailable: r.installation_available, meetingPoint: r.meeting_point,
    labourInspectionId: r.labour_inspection_id, labourInspectionName: r.li_name, occupationalMedicineId: r.occupational_medicine_id, occupationalMedicineName: r.om_name,
    rescueWorkerIds: rescuers.map((s) => s.id), rescueWorkerNames: rescuers.map((s) => s.name),
    assemblyPoints: r.assembly_points, emergencyNumbers: r.emergency_numbers,
  };
}

const fr = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const yn = (b: boolean | null) => (b === true ? '1' : b === false ? '0' : '');

/** The form values of a saved plan (as the user would type them). */
export function formValues(p: PlanRecord): Record<string, unknown> {
  return {
    subject: p.subject, orderingCustomerId: p.orderingCustomerId ?? '', substituteIds: p.substituteIds, hierarchyItemId: p.hierarchyItemId ?? '',
    extraItemIds: p.extraItemIds, isPunctual: yn(p.isPunctual), frequency: p.frequency ?? '', isExternal: p.isExternal ? '1' : '0',
    hostTiersId: p.hostTiersId ?? '', interventionAddress: p.interventionAddress ?? '', isMmModel: p.isMmModel ? '1' : '0', orderNumber: p.orderNumber ?? '',
    startDate: fr(p.startDate), endDate: fr(p.endDate), informationJobInspectionDate: fr(p.informationJobInspectionDate),
    plannedStartTime: p.plannedStartTime ?? '', plannedEndTime: p.plannedEndTime ?? '', serviceId: p.serviceId ?? '', sectorId: p.sectorId ?? '',
    sectorPrecision: p.sectorPrecision ?? '', descriptionSector: p.descriptionSector ?? '', participants: p.participants ?? '', procedures: p.procedures ?? '',
    description: p.description ?? '', comments: p.comments ?? '', workSiteType: p.workSiteType, productionStop: p.productionStop ? '1' : '0',
    maximumStaff: p.maximumStaff ?? '', hoursWorked: p.hoursWorked ?? '', workTypeIds: p.workTypeIds, equipment: p.equipment ?? '',
    prerunInspectionDate: fr(p.prerunInspectionDate), prerunInspectionTime: p.prerunInspectionTime ?? '', installationAvailable: yn(p.installationAvailable),
    meetingPoint: p.meetingPoint ?? '', labourInspectionId: p.labourInspectionId ?? '', occupationalMedicineId: p.occupationalMedicineId ?? '',
    rescueWorkerIds: p.rescueWorkerIds, assemblyPoints: p.assemblyPoints ?? '', emergencyNumbers: p.emergencyNumbers ?? '', version: p.version,
  };
}

/** Ids among `ids` that the query (with $1 = tenant, $2 = ids) does not return: they are not the tenant's. */
async function foreignIds(db: Db, sql: string, tenantId: number, ids: number[], extra: unknown[] = []): Promise<boolean> {
  if (!ids.length) return false;
  const rows: Array<{ id: number }> = await db.query(sql, [tenantId, ids, ...extra]);
  return rows.length !== new Set(ids).size;
}

/**
 * Every reference of the form must belong to the tenant (a hand-made POST could name another
 * company's user or site): field -> translation key.
 */
export async function referenceErrors(db: Db, tenantId: number, d: PlanInput, kept: { rescueWorkerIds?: number[] } = {}): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const one = (v: number | null) => (v == null ? [] : [v]);
  const USERS = `SELECT u.id FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.id = ANY($2)`;
  const ITEMS = 'SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)';
  const checks: Array<[string, string, number[]]> = [
    ['orderingCustomerId', USERS, one(d.orderingCustomerId)],
    ['substituteIds', USERS, d.substituteIds],
    // A rescue worker is an enabled holder of pdp.rescue_worker (the form's choices); one already on the plan stays allowed.
    ['rescueWorkerIds', `${USERS} AND ((u.enabled AND ${holdsRightSql('u', '$1', 'pdp.rescue_worker')}) OR u.id = ANY($3::int[]))`, d.rescueWorkerIds],
    ['hierarchyItemId', ITEMS, one(d.hierarchyItemId)],
    ['extraItemIds', ITEMS, d.extraItemIds],
    ['serviceId', 'SELECT id FROM service WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)', one(d.serviceId)],
    ['sectorId', 'SELECT id FROM sector WHERE tenant_id = $1 AND id = ANY($2)', one(d.sectorId)],
    ['workTypeIds', 'SELECT id FROM work_type WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)', d.workTypeIds],
    ['labourInspectionId', "SELECT id FROM prevention_organisation WHERE tenant_id = $1 AND type = 'labour_inspection' AND id = ANY($2)", one(d.labourInspectionId)],
    ['occupationalMedicineId', "SELECT id FROM prevention_organisation WHERE tenant_id = $1 AND type = 'occupational_medicine' AND id = ANY($2)", one(d.occupationalMedicineId)],
    ['hostTiersId', 'SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL AND id = ANY($2)', one(d.hostTiersId)],
  ];
  for (const [field, sql, ids] of checks) {
    if (await foreignIds(db, sql, tenantId, ids, sql.includes('$3') ? [kept.rescueWorkerIds ?? []] : [])) errors[field] = 'validation.choice';
  }
  return errors;
}

/** The next free number of the tenant for the year: `PDP-2026-0007`. */
/** The next free number of the tenant for the year (`PDP-2026-0007`), under a per-tenant lock. */
export async function nextNumber(m: EntityManager, tenantId: number): Promise<string> {
  const year = clock.now().getFullYear();
  const prefix = `PDP-${year}-`;
  // Serialises numbering per tenant: two plans created at once never get the same number.
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pdp_number:${tenantId}`]);
  const [row] = await m.query(
    `SELECT max(substring(pdp_number FROM $2)::int) AS n FROM prevention_plan WHERE tenant_id = $1 AND pdp_number ~ $3`,
    [tenantId, `^${prefix}(\\d+)$`, `^${prefix}\\d+$`]);
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
}

/** Column values of the plan row from the form data (the site is dropped for a plan in an outside company). */
function columns(d: PlanInput, externalAllowed: boolean): Record<string, unknown> {
  const external = externalAllowed && d.isExternal;
  const orNull = (s: string) => (s ? s : null);
  return {
    subject: d.subject, ordering_customer_id: d.orderingCustomerId, hierarchy_item_id: d.hierarchyItemId,
    is_punctual: d.isPunctual, frequency: d.isPunctual === true ? null : orNull(d.frequency),
    is_external: external, host_tiers_id: external ? d.hostTiersId : null, intervention_address: external ? orNull(d.interventionAddress) : null,
    is_mm_model: d.isMmModel, order_number: orNull(d.orderNumber), start_date: d.startDate, end_date: d.endDate,
    information_job_inspection_date: d.informationJobInspectionDate, planned_start_time: d.plannedStartTime, planned_end_time: d.plannedEndTime,
    service_id: d.serviceId, sector_id: d.sectorId, sector_precision: orNull(d.sectorPrecision), description_sector: orNull(d.descriptionSector),
    participants: orNull(d.participants), procedures: orNull(d.procedures), description: orNull(d.description), comments: orNull(d.comments),
    work_site_type: d.workSiteType, production_stop: d.productionStop, maximum_staff: d.maximumStaff, hours_worked: d.hoursWorked,
    equipment: orNull(d.equipment), prerun_inspection_date: d.prerunInspectionDate, prerun_inspection_time: d.prerunInspectionTime,
    installation_available: d.installationAvailable, meeting_point: orNull(d.meetingPoint),
    labour_inspection_id: d.labourInspectionId, occupational_medicine_id: d.occupationalMedicineId,
    assembly_points: orNull(d.assemblyPoints), emergency_numbers: orNull(d.emergencyNumbers),
  };
}

async function replaceLinks(m: EntityManager, tenantId: number, planId: number, d: PlanInput): Promise<void> {
  const links: Array<[string, string, number[]]> = [
    ['plan_substitute', 'user_id', d.substituteIds],
    ['plan_hierarchy_item', 'hierarchy_item_id', d.extraItemIds.filter((i) => i !== d.hierarchyItemId)],
    ['plan_work_type', 'work_type_id', d.workTypeIds],
    ['plan_rescue_worker', 'user_id', d.rescueWorkerIds],
  ];
  for (const [table, column, ids] of links) {
    await m.query(`DELETE FROM ${table} WHERE plan_id = $1 AND tenant_id = $2`, [planId, tenantId]);
    if (ids.length) {
      await m.query(`INSERT INTO ${table} (plan_id, ${column}, tenant_id) SELECT $1, x, $2 FROM unnest($3::int[]) AS x`, [planId, tenantId, ids]);
    }
  }
}

/** Outcome of a save: the plan id, or a stale version (someone saved in between). */
export type SaveResult = { ok: true; id: number; pdpNumber: string } | { ok: false; stale: true };

/**
 * Creates (`id` null) or updates a plan with its links, in one transaction, with a history row.
 * A new plan starts as a draft; its number is given here.
 */
export async function savePlan(db: DataSource, input: {
  tenantId: number; user: AuthUser; id: number | null; data: PlanInput; draft: boolean; externalAllowed: boolean;
}): Promise<SaveResult> {
  const cols = columns(input.data, input.externalAllowed);
  // Assembly points and emergency numbers left empty come from the site's safety card.
  if (input.data.hierarchyItemId != null && (cols.assembly_points == null || cols.emergency_numbers == null)) {
    const [site] = await db.query('SELECT assembly_point, emergency_numbers FROM hierarchy_item WHERE id = $1 AND tenant_id = $2', [input.data.hierarchyItemId, input.tenantId]);
    cols.assembly_points ??= site?.assembly_point || null;
    cols.emergency_numbers ??= site?.emergency_numbers || null;
  }
  const now = clock.now();
  return db.transaction(async (m) => {
    let id: number;
    let pdpNumber: string;
    if (input.id == null) {
      pdpNumber = await nextNumber(m, input.tenantId);
      const names = ['tenant_id', 'pdp_number', 'status', 'created_by_id', 'created_at', 'updated_at', ...Object.keys(cols)];
      const values = [input.tenantId, pdpNumber, 'draft', input.user.id, now, now, ...Object.values(cols)];
      const [row] = await m.query(
        `INSERT INTO prevention_plan (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, values);
      id = row.id;
      await enqueuePlanCreationMails(m, { tenantId: input.tenantId, planId: id, creatorId: input.user.id });
    } else {
      const names = Object.keys(cols);
      const rows = await m.query(
        `UPDATE prevention_plan SET ${names.map((n, i) => `${n} = $${i + 4}`).join(', ')}, version = version + 1, updated_at = $${names.length + 4}
          WHERE id = $1 AND tenant_id = $2 AND version = $3 AND deleted_at IS NULL RETURNING id, pdp_number`,
        [input.id, input.tenantId, input.data.version, ...Object.values(cols), now]);
      const updated = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ id: number; pdp_number: string }>;
      if (!updated.length) return { ok: false, stale: true } as const;
      id = updated[0].id;
      pdpNumber = updated[0].pdp_number;
    }
    await replaceLinks(m, input.tenantId, id, input.data);
    await recordHistory(m, {
      tenantId: input.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: id, userId: input.user.id,
      transition: input.id == null ? 'create' : input.draft ? 'edit_draft' : 'edit',
    });
    return { ok: true, id, pdpNumber } as const;
  });
}

/** Archives or unarchives a plan (history row); false when nothing changed. */
export async function setArchived(db: DataSource, tenantId: number, userId: number, id: number, archived: boolean): Promise<boolean> {
  return db.transaction(async (m) => {
    const rows = await m.query(
      `UPDATE prevention_plan SET archived = $3, version = version + 1, updated_at = $4
        WHERE id = $1 AND tenant_id = $2 AND archived <> $3 AND deleted_at IS NULL RETURNING id`, [id, tenantId, archived, clock.now()]);
    const done = (Array.isArray(rows[0]) ? rows[0] : rows) as unknown[];
    if (!done.length) return false;
    await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: id, userId, transition: archived ? 'archive' : 'unarchive' });
    return true;
  });
}

/** Puts a plan in the shared trash (restorable). */
export async function trashPlan(db: DataSource, tenantId: number, userId: number, plan: { id: number; pdpNumber: string; subject: string }): Promise<boolean> {
  return db.transaction(async (m) => {
    const done = await softDelete(m, { table: 'prevention_plan', id: plan.id, tenantId, title: `${plan.pdpNumber} – ${plan.subject}`, userId });
    if (done) await recordHistory(m, { tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, userId, transition: 'delete' });
    return done;
  });
}
