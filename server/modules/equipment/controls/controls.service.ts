import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FieldError } from '../../../kernel/http/forms';
import { personNameSql } from '../../../kernel/person-name';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { controllableDeadline } from '../core/controllable-deadline';
import type { FrequencyUnit } from '../core/deadline';
import { loadVgpScope, scopeParam, scopeSql } from '../core/equipment-access';
import type { ControllableInput } from './controls.schema';

/** A controllable as its form and page read it (dates `YYYY-MM-DD`). */
export interface ControllableRecord {
  id: number; name: string; equipmentId: number | null; equipmentName: string | null; hierarchyItemId: number | null;
  categoryId: number | null; categoryName: string | null; familyId: number | null; familyName: string | null; typeId: number | null; typeName: string | null;
  frequency: number | null; frequencyUnit: FrequencyUnit; preset: string | null; operatorId: number | null; operatorName: string | null;
  deadline: string | null; plannedDate: string | null; lastControlDate: string | null; comment: string | null;
  clientName: string | null; clientContact: string | null; clientPhone: string | null; contractStart: string | null; contractEnd: string | null;
  hoursPerMonth: string | null; ownedByClient: boolean | null; owner: string | null; matriculation: string | null; parkNumber: string | null;
  latitude: string | null; longitude: string | null; modusOperandi: string | null; modusOperandiFileId: number | null; modusOperandiFileName: string | null;
  startupDate: string | null; formId: number | null; formName: string | null; archived: boolean; version: number;
}

const SELECT = `SELECT c.id, c.name, c.equipment_id AS "equipmentId", e.name AS "equipmentName", e.hierarchy_item_id AS "hierarchyItemId",
    c.category_id AS "categoryId", cat.name AS "categoryName", c.family_id AS "familyId", fam.name AS "familyName", c.type_id AS "typeId", ty.name AS "typeName",
    c.frequency, c.frequency_unit AS "frequencyUnit", c.preset, c.operator_id AS "operatorId", COALESCE(${personNameSql('u')}, u.username) AS "operatorName",
    c.deadline::text AS deadline, c.planned_date::text AS "plannedDate", c.last_control_date::text AS "lastControlDate", c.comment,
    c.client_name AS "clientName", c.client_contact AS "clientContact", c.client_phone AS "clientPhone",
    c.contract_start::text AS "contractStart", c.contract_end::text AS "contractEnd", c.hours_per_month::text AS "hoursPerMonth",
    c.owned_by_client AS "ownedByClient", c.owner, c.matriculation, c.park_number AS "parkNumber",
    c.latitude::text AS latitude, c.longitude::text AS longitude, c.modus_operandi AS "modusOperandi",
    c.modus_operandi_file_id AS "modusOperandiFileId", f.original_name AS "modusOperandiFileName",
    c.startup_date::text AS "startupDate", c.form_id AS "formId", q.name AS "formName", c.archived, c.version
  FROM vgp_controllable c
  LEFT JOIN equipment e ON e.id = c.equipment_id
  LEFT JOIN equipment_category cat ON cat.id = c.category_id
  LEFT JOIN equipment_family fam ON fam.id = c.family_id
  LEFT JOIN equipment_type ty ON ty.id = c.type_id
  LEFT JOIN app_user u ON u.id = c.operator_id
  LEFT JOIN stored_file f ON f.id = c.modus_operandi_file_id
  LEFT JOIN questionnaire q ON q.id = c.form_id`;

/** One controllable of the company (the caller checked the scope with `requireControllable`). */
export async function findControllable(db: Db, tenantId: number, id: number): Promise<ControllableRecord | null> {
  const [row] = await db.query(`${SELECT} WHERE c.id = $1 AND c.tenant_id = $2`, [id, tenantId]);
  return row ?? null;
}

/** The category and its preset of an equipment in the user's scope (to prefill a new control), or null. */
export async function equipmentDefaults(db: Db, user: AuthUser, equipmentId: number): Promise<{ id: number; name: string; categoryId: number | null; preset: string | null } | null> {
  const scope = await loadVgpScope(db, user);
  const [row] = await db.query(
    `SELECT e.id, e.name, e.category_id AS "categoryId", cat.preset FROM equipment e LEFT JOIN equipment_category cat ON cat.id = e.category_id
      WHERE e.id = $1 AND e.tenant_id = $2 AND ${scopeSql(scope, 'e.hierarchy_item_id', 3)}`, [equipmentId, user.tenantId, scopeParam(scope)]);
  return row ?? null;
}

/** Outcome of a save. */
export type SaveResult = { ok: true; id: number; deadline: string | null } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** What happens to the modus operandi file: a new stored file, removal, or nothing. */
export type ModusFileChange = { set: number } | { remove: true } | null;

async function exists(db: Db, sql: string, params: unknown[]): Promise<boolean> {
  return (await db.query(sql, params)).length > 0;
}

/** Checks that every chosen record is the company's (and in the user's scope, for the equipment), and the dates' order. */
export async function referenceErrors(db: Db, user: AuthUser, input: ControllableInput, keepEquipment: number | null): Promise<Record<string, FieldError>> {
  const t = user.tenantId;
  const errors: Record<string, FieldError> = {};
  if (input.equipment) {
    const scope = await loadVgpScope(db, user);
    const ok = await exists(db, `SELECT 1 FROM equipment WHERE id = $1 AND tenant_id = $2 AND (NOT archived OR id = $4) AND ${scopeSql(scope, 'hierarchy_item_id', 3)}`,
      [input.equipment, t, scopeParam(scope), keepEquipment ?? 0]);
    if (!ok) errors.equipment = 'validation.choice';
  }
  if (input.category && !(await exists(db, 'SELECT 1 FROM equipment_category WHERE id = $1 AND tenant_id = $2', [input.category, t]))) errors.category = 'validation.choice';
  if (input.family) {
    const [fam] = await db.query('SELECT category_id FROM equipment_family WHERE id = $1 AND tenant_id = $2', [input.family, t]);
    if (!fam || (input.category && fam.category_id !== input.category)) errors.family = 'validation.choice';
  }
  if (input.type && !(await exists(db, 'SELECT 1 FROM equipment_type WHERE id = $1 AND tenant_id = $2', [input.type, t]))) errors.type = 'validation.choice';
  if (input.operator && !(await exists(db, `SELECT 1 FROM app_user u WHERE u.id = $2 AND (u.tenant_id = $1 OR EXISTS (SELECT 1 FROM user_tenant x WHERE x.user_id = u.id AND x.tenant_id = $1))`, [t, input.operator]))) errors.operator = 'validation.choice';
  if (input.form && !(await exists(db, `SELECT 1 FROM questionnaire WHERE id = $1 AND tenant_id = $2 AND owner_type = 'vgp_form'`, [input.form, t]))) errors.form = 'validation.choice';
  if (input.contractStart && input.contractEnd && input.contractEnd < input.contractStart) errors.contractEnd = 'vgp-controls.validation.contract_end';
  if (input.lastControlDate && input.lastControlDate > todayIso()) errors.lastControlDate = 'vgp-controls.validation.future';
  return errors;
}

/**
 * Adds (`id` null) or edits a controllable. The deadline is last control date + frequency when both
 * are set, else the typed one; the planned date changes only for a user with vgp.plan. Optimistic
 * lock on `version`.
 */
export async function saveControllable(db: DataSource, user: AuthUser, id: number | null, input: ControllableInput, file: ModusFileChange, before: { equipmentId: number | null; plannedDate: string | null } | null): Promise<SaveResult> {
  const errors = await referenceErrors(db, user, input, before?.equipmentId ?? null);
  if (Object.keys(errors).length) return { ok: false, errors };
  const deadline = controllableDeadline(input.lastControlDate, input.frequency, input.frequencyUnit, input.deadline);
  const plannedDate = can(user, 'vgp.plan') ? input.plannedDate : before?.plannedDate ?? null;
  const nul = (s: string) => (s === '' ? null : s);
  const values = [
    input.name, input.equipment, input.category, input.family, input.type, input.frequency, input.frequencyUnit, input.preset, input.operator,
    deadline, plannedDate, input.lastControlDate, nul(input.comment), nul(input.clientName), nul(input.clientContact), input.clientPhone,
    input.contractStart, input.contractEnd, input.hoursPerMonth, input.ownedByClient === '1', nul(input.owner), nul(input.matriculation), input.parkNumber,
    input.latitude, input.longitude, nul(input.modusOperandi), input.startupDate, input.form,
  ];
  const cols = ['name', 'equipment_id', 'category_id', 'family_id', 'type_id', 'frequency', 'frequency_unit', 'preset', 'operator_id',
    'deadline', 'planned_date', 'last_control_date', 'comment', 'client_name', 'client_contact', 'client_phone',
    'contract_start', 'contract_end', 'hours_per_month', 'owned_by_client', 'owner', 'matriculation', 'park_number',
    'latitude', 'longitude', 'modus_operandi', 'startup_date', 'form_id'];
  if (file) { cols.push('modus_operandi_file_id'); values.push('set' in file ? file.set : null); }
  if (id === null) {
    const [row] = await db.query(
      `INSERT INTO vgp_controllable (tenant_id, ${cols.join(', ')}) VALUES ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`, [user.tenantId, ...values]);
    return { ok: true, id: row.id, deadline };
  }
  const n = values.length;
  const updated = rowsOf(await db.query(
    `UPDATE vgp_controllable SET ${cols.map((c, i) => `${c} = $${i + 1}`).join(', ')}, version = version + 1
      WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} RETURNING id`, [...values, id, user.tenantId, input.version]));
  return updated.length ? { ok: true, id, deadline } : { ok: false, stale: true };
}

/** Sets the planned date alone (vgp.plan); false when the version moved. */
export async function planControllable(db: Db, tenantId: number, id: number, plannedDate: string | null, version: number): Promise<boolean> {
  const rows = rowsOf(await db.query('UPDATE vgp_controllable SET planned_date = $1, version = version + 1 WHERE id = $2 AND tenant_id = $3 AND version = $4 RETURNING id',
    [plannedDate, id, tenantId, version]));
  return rows.length > 0;
}

/** Archives or brings back a controllable. */
export async function setArchived(db: Db, tenantId: number, id: number, archived: boolean): Promise<void> {
  await db.query('UPDATE vgp_controllable SET archived = $1, version = version + 1 WHERE id = $2 AND tenant_id = $3', [archived, id, tenantId]);
}

/**
 * Deletes a controllable that has no control record and is in no tour; `in_use` otherwise (the
 * records and the tours keep pointing at it: archive it instead).
 */
export async function deleteControllable(db: DataSource, tenantId: number, id: number): Promise<'deleted' | 'in_use'> {
  return db.transaction(async (m) => {
    await m.query('SELECT id FROM vgp_controllable WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    const [used] = await m.query(
      `SELECT 1 FROM vgp_control WHERE tenant_id = $2 AND controllable_id = $1 UNION ALL SELECT 1 FROM vgp_tour_control WHERE controllable_id = $1 LIMIT 1`, [id, tenantId]);
    if (used) return 'in_use';
    await m.query('DELETE FROM vgp_controllable WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return 'deleted';
  });
}
