import type { DataSource } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import type { MachineInput, PointInput } from './machine.schema';

/** A machine as listed. */
export interface MachineListRow { id: number; code: string; name: string; sectorName: string | null; points: number; photos: number; activeSlips: number }

/** A machine as shown and edited. */
export interface MachineRecord {
  id: number; tenantId: number; code: string; name: string; prerequisite: string | null; sectorId: number | null; sectorName: string | null;
  activityIds: number[]; activityNames: string[]; version: number;
}

/** An isolation point of a machine, with its type's name and colour. */
export interface PointRow { id: number; code: string; typeId: number; typeName: string; typeColor: string; location: string; cutMethod: string; verificationMethod: string }

/** A photo of a machine. */
export interface PhotoRow { id: number; fileId: number; comment: string | null; pointId: number | null; pointCode: string | null }

/** What narrows the machine list. */
export interface MachineFilter { q: string; sector: number | null; activity: number | null }

/** One page of the company's machines, by code. */
export async function listMachines(db: Db, tenantId: number, f: MachineFilter, limit: number, offset: number): Promise<{ rows: MachineListRow[]; total: CappedTotal }> {
  const like = containsPattern(f.q);
  const where = `FROM lockout_machine m WHERE m.tenant_id = $1 AND ($2::text IS NULL OR lower(m.code) LIKE $2 OR lower(m.name) LIKE $2)
     AND ($3::int IS NULL OR m.sector_id = $3)
     AND ($4::int IS NULL OR EXISTS (SELECT 1 FROM lockout_machine_activity ma WHERE ma.machine_id = m.id AND ma.activity_id = $4))`;
  const params = [tenantId, like, f.sector, f.activity];
  const [rows, total] = await Promise.all([
    db.query(`SELECT m.id, m.code, m.name, (SELECT name FROM hierarchy_item h WHERE h.id = m.sector_id) AS "sectorName",
                     (SELECT count(*)::int FROM lockout_point p WHERE p.tenant_id = m.tenant_id AND p.machine_id = m.id) AS points,
                     (SELECT count(*)::int FROM lockout_photo ph WHERE ph.tenant_id = m.tenant_id AND ph.machine_id = m.id) AS photos,
                     (SELECT count(*)::int FROM lockout_slip s WHERE s.tenant_id = m.tenant_id AND s.machine_id = m.id AND s.state IN ('awaiting_consignment', 'consigned', 'end_works')) AS "activeSlips"
                ${where} ORDER BY m.code, m.id LIMIT $5 OFFSET $6`, [...params, limit, offset]),
    countUpTo(db, where, params),
  ]);
  return { rows, total };
}

/** One machine of the company with its activities, or null. */
export async function findMachine(db: Db, tenantId: number, id: number): Promise<MachineRecord | null> {
  if (!validId(id)) return null;
  const [row] = rowsOf<MachineRecord>(await db.query(
    `SELECT m.id, m.tenant_id AS "tenantId", m.code, m.name, m.prerequisite, m.sector_id AS "sectorId", h.name AS "sectorName", m.version,
            COALESCE(array_agg(a.id ORDER BY a.name) FILTER (WHERE a.id IS NOT NULL), '{}') AS "activityIds",
            COALESCE(array_agg(a.name ORDER BY a.name) FILTER (WHERE a.id IS NOT NULL), '{}') AS "activityNames"
       FROM lockout_machine m LEFT JOIN hierarchy_item h ON h.id = m.sector_id
       LEFT JOIN lockout_machine_activity ma ON ma.machine_id = m.id LEFT JOIN lockout_activity a ON a.id = ma.activity_id
      WHERE m.id = $1 AND m.tenant_id = $2 GROUP BY m.id, h.name`, [id, tenantId]));
  return row ?? null;
}

/** Creates (`id` null) or updates a machine: unique code in the company, sector and activities of the company, optimistic lock. */
export async function saveMachine(db: DataSource, tenantId: number, id: number | null, input: MachineInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    const [taken] = await m.query('SELECT 1 FROM lockout_machine WHERE tenant_id = $1 AND lower(code) = lower($2) AND id <> $3 LIMIT 1', [tenantId, input.code, id ?? 0]);
    if (taken) return { ok: false, errors: { code: 'lockout.machine.errors.code_taken' } };
    if (input.sectorId !== null) {
      const [sector] = await m.query('SELECT 1 FROM hierarchy_item WHERE id = $1 AND tenant_id = $2', [input.sectorId, tenantId]);
      if (!sector) return { ok: false, errors: { sectorId: 'validation.choice' } };
    }
    const activities = rowsOf<{ id: number }>(await m.query('SELECT id FROM lockout_activity WHERE tenant_id = $1 AND id = ANY($2::int[])', [tenantId, input.activityIds]));
    if (activities.length !== input.activityIds.length) return { ok: false, errors: { activityIds: 'validation.choice' } };
    let machineId = id;
    if (machineId === null) {
      const [row] = await m.query('INSERT INTO lockout_machine (tenant_id, code, name, prerequisite, sector_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [tenantId, input.code, input.name, input.prerequisite, input.sectorId]);
      machineId = Number(row.id);
    } else {
      const updated = rowsOf(await m.query(
        'UPDATE lockout_machine SET code = $4, name = $5, prerequisite = $6, sector_id = $7, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
        [machineId, tenantId, input.version, input.code, input.name, input.prerequisite, input.sectorId]));
      if (!updated.length) return { ok: false, stale: true };
      await m.query('DELETE FROM lockout_machine_activity WHERE machine_id = $1', [machineId]);
    }
    for (const a of input.activityIds) await m.query('INSERT INTO lockout_machine_activity (machine_id, activity_id) VALUES ($1, $2)', [machineId, a]);
    return { ok: true, id: machineId };
  });
}

/** Deletes a machine (its points and photos with it) unless a slip was written on it. */
export async function removeMachine(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [row] = await m.query('SELECT id FROM lockout_machine WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!row) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM lockout_slip WHERE tenant_id = $2 AND machine_id = $1 LIMIT 1', [id, tenantId]);
    if (used) return { status: 'in_use', reason: 'lockout.machine.errors.in_use' };
    await m.query('DELETE FROM lockout_machine WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}

/** The isolation points of a machine, in their order. */
export async function listPoints(db: Db, tenantId: number, machineId: number): Promise<PointRow[]> {
  return rowsOf<PointRow>(await db.query(
    `SELECT p.id, p.code, p.type_id AS "typeId", y.name AS "typeName", y.color AS "typeColor", p.location, p.cut_method AS "cutMethod", p.verification_method AS "verificationMethod"
       FROM lockout_point p JOIN lockout_type y ON y.id = p.type_id WHERE p.tenant_id = $1 AND p.machine_id = $2 ORDER BY p.position, p.id`, [tenantId, machineId]));
}

/** One isolation point of a machine, or null. */
export async function findPoint(db: Db, tenantId: number, machineId: number, id: number): Promise<PointRow | null> {
  if (!validId(id)) return null;
  return (await listPoints(db, tenantId, machineId)).find((p) => p.id === id) ?? null;
}

/** Adds (`id` null, at the end) or updates an isolation point; the type must be the company's. */
export async function savePoint(db: Db, tenantId: number, machineId: number, id: number | null, input: PointInput): Promise<SaveResult> {
  const [type] = input.typeId === null ? [] : await db.query('SELECT 1 FROM lockout_type WHERE id = $1 AND tenant_id = $2', [input.typeId, tenantId]);
  if (!type) return { ok: false, errors: { typeId: input.typeId === null ? 'validation.required' : 'validation.choice' } };
  const values = [input.code, input.typeId, input.location, input.cutMethod, input.verificationMethod];
  if (id === null) {
    const [row] = await db.query(
      `INSERT INTO lockout_point (tenant_id, machine_id, code, type_id, location, cut_method, verification_method, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT COALESCE(max(position), 0) + 1 FROM lockout_point WHERE machine_id = $2)) RETURNING id`, [tenantId, machineId, ...values]);
    return { ok: true, id: Number(row.id) };
  }
  await db.query('UPDATE lockout_point SET code = $4, type_id = $5, location = $6, cut_method = $7, verification_method = $8 WHERE id = $1 AND tenant_id = $2 AND machine_id = $3',
    [id, tenantId, machineId, ...values]);
  return { ok: true, id };
}

/** Deletes an isolation point unless a slip still in progress has it checked. */
export async function removePoint(db: DataSource, tenantId: number, machineId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [row] = await m.query('SELECT id FROM lockout_point WHERE id = $1 AND tenant_id = $2 AND machine_id = $3 FOR UPDATE', [id, tenantId, machineId]);
    if (!row) return { status: 'not_found' };
    const [used] = await m.query(
      `SELECT 1 FROM lockout_slip s WHERE s.tenant_id = $1 AND s.machine_id = $2 AND s.state IN ('awaiting_consignment', 'consigned', 'end_works') LIMIT 1`, [tenantId, machineId]);
    if (used) return { status: 'in_use', reason: 'lockout.point.errors.in_use' };
    await m.query('DELETE FROM lockout_point WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}

/** The photos of a machine, oldest first. */
export async function listPhotos(db: Db, tenantId: number, machineId: number): Promise<PhotoRow[]> {
  return rowsOf<PhotoRow>(await db.query(
    `SELECT ph.id, ph.file_id AS "fileId", ph.comment, ph.point_id AS "pointId", p.code AS "pointCode"
       FROM lockout_photo ph LEFT JOIN lockout_point p ON p.id = ph.point_id WHERE ph.tenant_id = $1 AND ph.machine_id = $2 ORDER BY ph.id`, [tenantId, machineId]));
}

/** Adds a photo (a stored file already kept) to a machine. */
export async function addPhoto(db: Db, tenantId: number, machineId: number, fileId: number, comment: string, pointId: number | null): Promise<number> {
  const [row] = await db.query('INSERT INTO lockout_photo (tenant_id, machine_id, file_id, comment, point_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, machineId, fileId, comment || null, pointId]);
  return Number(row.id);
}

/** Removes a photo of a machine (its file goes with the next purge of unused files). */
export async function removePhoto(db: Db, tenantId: number, machineId: number, id: number): Promise<boolean> {
  if (!validId(id)) return false;
  const rows = rowsOf(await db.query('DELETE FROM lockout_photo WHERE id = $1 AND tenant_id = $2 AND machine_id = $3 RETURNING id', [id, tenantId, machineId]));
  return rows.length > 0;
}
