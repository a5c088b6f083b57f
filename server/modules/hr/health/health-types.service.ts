import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import type { AccidentTypeInput, CheckupTypeInput } from './health.schema';

/** Outcome of a removal. */
export type RemoveResult = 'removed' | 'in_use' | 'not_found';
/** Outcome of a save: the id, or a stale version (another user saved first, or the type left: 409). */
export type TypeSaveResult = { ok: true; id: number } | { ok: false; stale: true };

/** A medical check-up type as listed and edited. */
export interface CheckupTypeRow { id: number; name: string; frequencyMonths: number; alertDays: number | null; usage: number; version: number }
/** An accident type as listed and edited. */
export interface AccidentTypeRow { id: number; name: string; usage: number; version: number }

// Check-ups, employees (their current type) and their rows in the trash all hold the type.
const CHECKUP_TYPE_USAGE = `((SELECT count(*) FROM employee_medical_checkup c WHERE c.type_id = x.id)
  + (SELECT count(*) FROM employee e WHERE e.medical_checkup_type_id = x.id))::int`;
const ACCIDENT_TYPE_USAGE = '(SELECT count(*) FROM work_interruption w WHERE w.accident_type_id = x.id)::int';

/** The company's check-up types, by name, with how many records use each. */
export async function listCheckupTypes(db: Db, tenantId: number): Promise<CheckupTypeRow[]> {
  const rows = await db.query(`SELECT x.id, x.name, x.frequency_months, x.alert_days, x.version, ${CHECKUP_TYPE_USAGE} AS usage
    FROM medical_checkup_type x WHERE x.tenant_id = $1 AND x.deleted_at IS NULL ORDER BY lower(x.name), x.id`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, name: r.name, frequencyMonths: r.frequency_months, alertDays: r.alert_days, usage: r.usage, version: r.version }));
}

/** One check-up type of the company (not in the trash), or null. */
export async function findCheckupType(db: Db, tenantId: number, id: number): Promise<CheckupTypeRow | null> {
  return (await listCheckupTypes(db, tenantId)).find((r) => r.id === id) ?? null;
}

/**
 * Creates (`id` null) or updates a check-up type under the optimistic lock: the update needs the
 * version the form was opened with and bumps it; none updated (edited meanwhile, trashed) is stale.
 * The caller has already checked that the type is the company's (404).
 */
export async function saveCheckupType(db: Db, tenantId: number, id: number | null, input: CheckupTypeInput): Promise<TypeSaveResult> {
  if (id === null) {
    const [r] = await db.query('INSERT INTO medical_checkup_type (tenant_id, name, frequency_months, alert_days) VALUES ($1, $2, $3, $4) RETURNING id',
      [tenantId, input.name, input.frequencyMonths, input.alertDays]);
    return { ok: true, id: r.id };
  }
  const updated = rowsOf(await db.query(
    `UPDATE medical_checkup_type SET name = $1, frequency_months = $2, alert_days = $3, version = version + 1
      WHERE id = $4 AND version = $5 AND tenant_id = $6 AND deleted_at IS NULL RETURNING id`,
    [input.name, input.frequencyMonths, input.alertDays, id, input.version, tenantId]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** The company's accident types, by name, with how many work accidents use each. */
export async function listAccidentTypes(db: Db, tenantId: number): Promise<AccidentTypeRow[]> {
  const rows = await db.query(`SELECT x.id, x.name, x.version, ${ACCIDENT_TYPE_USAGE} AS usage
    FROM accident_type x WHERE x.tenant_id = $1 AND x.deleted_at IS NULL ORDER BY lower(x.name), x.id`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, name: r.name, usage: r.usage, version: r.version }));
}

/** One accident type of the company (not in the trash), or null. */
export async function findAccidentType(db: Db, tenantId: number, id: number): Promise<AccidentTypeRow | null> {
  return (await listAccidentTypes(db, tenantId)).find((r) => r.id === id) ?? null;
}

/** Creates (`id` null) or renames an accident type, under the optimistic lock as `saveCheckupType`. */
export async function saveAccidentType(db: Db, tenantId: number, id: number | null, input: AccidentTypeInput): Promise<TypeSaveResult> {
  if (id === null) {
    const [r] = await db.query('INSERT INTO accident_type (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, input.name]);
    return { ok: true, id: r.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE accident_type SET name = $1, version = version + 1 WHERE id = $2 AND version = $3 AND tenant_id = $4 AND deleted_at IS NULL RETURNING id',
    [input.name, id, input.version, tenantId]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a type to the trash unless a record uses it (the spec's "in use" refusal). */
export async function removeType(db: DataSource, table: 'medical_checkup_type' | 'accident_type', tenantId: number, id: number, userId: number): Promise<RemoveResult> {
  const usage = table === 'accident_type' ? ACCIDENT_TYPE_USAGE : CHECKUP_TYPE_USAGE;
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT x.name, ${usage} AS usage FROM ${table} x WHERE x.id = $1 AND x.tenant_id = $2 AND x.deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found';
    if (r.usage > 0) return 'in_use';
    return (await softDelete(m, { table, id, tenantId, title: r.name, userId })) ? 'removed' : 'not_found';
  });
}
