import type { Db } from '../../../kernel/db/sql';
import { rowsOf } from '../../../kernel/db/sql';
import { personName, personNameSql } from '../../../kernel/person-name';
import { userInTenant } from '../../../kernel/tenancy';
import type { MaintenanceInput, PartInput } from './book.schema';

/** A line of the maintenance book as the tab and the form read it. */
export interface MaintenanceRow {
  id: number;
  equipmentId: number;
  subject: string;
  supervisorId: number | null;
  supervisorName: string | null;
  date: string;
  type: string;
  version: number;
}

/** A part (document) of an equipment, with its file's name when it has one. */
export interface PartRow {
  id: number;
  equipmentId: number;
  type: string;
  reference: string | null;
  label: string;
  date: string | null;
  fileId: number | null;
  fileName: string | null;
  version: number;
}

/** A choice of the supervisor select. */
export interface UserOption { id: number; label: string }

const MAINTENANCE_SELECT = `SELECT m.id, m.equipment_id AS "equipmentId", m.subject, m.supervisor_id AS "supervisorId",
    COALESCE(${personNameSql('u')}, u.username) AS "supervisorName", m.intervention_date::text AS date, m.type, m.version
  FROM equipment_maintenance m LEFT JOIN app_user u ON u.id = m.supervisor_id`;

const PART_SELECT = `SELECT p.id, p.equipment_id AS "equipmentId", p.type, p.reference, p.label, p.part_date::text AS date,
    p.file_id AS "fileId", f.original_name AS "fileName", p.version
  FROM equipment_part p LEFT JOIN stored_file f ON f.id = p.file_id AND f.tenant_id = p.tenant_id`;

/** The maintenance book of an equipment, latest intervention first. */
export async function listMaintenance(db: Db, tenantId: number, equipmentId: number): Promise<MaintenanceRow[]> {
  return rowsOf(await db.query(`${MAINTENANCE_SELECT} WHERE m.tenant_id = $1 AND m.equipment_id = $2 ORDER BY m.intervention_date DESC, m.id DESC`, [tenantId, equipmentId]));
}

/** One intervention of the company, or null. */
export async function findMaintenance(db: Db, tenantId: number, id: number): Promise<MaintenanceRow | null> {
  const [row] = rowsOf<MaintenanceRow>(await db.query(`${MAINTENANCE_SELECT} WHERE m.id = $1 AND m.tenant_id = $2`, [id, tenantId]));
  return row ?? null;
}

/** The parts of an equipment, by type then latest first. */
export async function listParts(db: Db, tenantId: number, equipmentId: number): Promise<PartRow[]> {
  return rowsOf(await db.query(`${PART_SELECT} WHERE p.tenant_id = $1 AND p.equipment_id = $2 ORDER BY p.part_date DESC NULLS LAST, p.id DESC`, [tenantId, equipmentId]));
}

/** One part of the company, or null. */
export async function findPart(db: Db, tenantId: number, id: number): Promise<PartRow | null> {
  const [row] = rowsOf<PartRow>(await db.query(`${PART_SELECT} WHERE p.id = $1 AND p.tenant_id = $2`, [id, tenantId]));
  return row ?? null;
}

/** Enabled members of the company (plus `keepId`, already on the record), « Prénom Nom », sorted by last name. */
export async function supervisorOptions(db: Db, tenantId: number, keepId: number | null = null): Promise<UserOption[]> {
  const rows = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND (u.enabled OR u.id = $2) ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId, keepId]);
  return rows.map((r: { id: number; first_name: string | null; last_name: string | null; username: string }) => ({ id: r.id, label: personName(r.first_name, r.last_name, r.username) }));
}

/** The outcome of a save: the row's id, a field error, or a stale version. */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string> } | { ok: false; stale: true };

/**
 * Adds (`id` null, on `equipmentId`) or updates an intervention; the supervisor must be a member of
 * the company (the one already recorded stays allowed); the version guards concurrent edits.
 */
export async function saveMaintenance(db: Db, tenantId: number, equipmentId: number, id: number | null, input: MaintenanceInput, keepSupervisor: number | null = null): Promise<SaveResult> {
  if (input.supervisor !== null && !(await supervisorOptions(db, tenantId, keepSupervisor)).some((u) => u.id === input.supervisor)) {
    return { ok: false, errors: { supervisor: 'validation.choice' } };
  }
  const values = [input.subject, input.supervisor, input.date, input.type];
  if (id === null) {
    const [row] = await db.query(
      `INSERT INTO equipment_maintenance (tenant_id, equipment_id, subject, supervisor_id, intervention_date, type) VALUES ($5, $6, $1, $2, $3, $4) RETURNING id`,
      [...values, tenantId, equipmentId]);
    return { ok: true, id: row.id };
  }
  const done = rowsOf(await db.query(
    `UPDATE equipment_maintenance SET subject = $1, supervisor_id = $2, intervention_date = $3, type = $4, version = version + 1
      WHERE id = $5 AND tenant_id = $6 AND version = $7 RETURNING id`, [...values, id, tenantId, input.version]));
  return done.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Removes an intervention of the company. */
export async function deleteMaintenance(db: Db, tenantId: number, id: number): Promise<void> {
  await db.query('DELETE FROM equipment_maintenance WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
}

/**
 * Adds or updates a part; `fileId` replaces the file when given (undefined keeps the current one).
 * The replaced file is no longer used and goes with the storage's next reconciliation.
 */
export async function savePart(db: Db, tenantId: number, equipmentId: number, id: number | null, input: PartInput, fileId?: number): Promise<SaveResult> {
  const values = [input.type, input.reference, input.label, input.date];
  if (id === null) {
    const [row] = await db.query(
      `INSERT INTO equipment_part (tenant_id, equipment_id, type, reference, label, part_date, file_id) VALUES ($5, $6, $1, $2, $3, $4, $7) RETURNING id`,
      [...values, tenantId, equipmentId, fileId ?? null]);
    return { ok: true, id: row.id };
  }
  const done = rowsOf(await db.query(
    `UPDATE equipment_part SET type = $1, reference = $2, label = $3, part_date = $4, file_id = COALESCE($8, file_id), version = version + 1
      WHERE id = $5 AND tenant_id = $6 AND version = $7 RETURNING id`, [...values, id, tenantId, input.version, fileId ?? null]));
  return done.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Removes a part of the company (its file, no longer used, goes with the storage's next reconciliation). */
export async function deletePart(db: Db, tenantId: number, id: number): Promise<void> {
  await db.query('DELETE FROM equipment_part WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
}
