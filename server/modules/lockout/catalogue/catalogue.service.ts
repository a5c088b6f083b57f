import type { DataSource } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import type { ActivityInput, TypeInput } from './catalogue.schema';

/** A consignment type as listed, with how many isolation points use it. */
export interface TypeRow { id: number; name: string; color: string; version: number; uses: number }
/** A machine activity as listed, with how many machines and slips use it. */
export interface ActivityRow { id: number; name: string; version: number; machines: number; slips: number }

/** One page of the company's consignment types whose name contains `q`, by name. */
export async function listTypes(db: Db, tenantId: number, q: string, limit: number, offset: number): Promise<{ rows: TypeRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const where = 'FROM lockout_type y WHERE y.tenant_id = $1 AND ($2::text IS NULL OR lower(y.name) LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query(`SELECT y.id, y.name, y.color, y.version, (SELECT count(*)::int FROM lockout_point p WHERE p.tenant_id = y.tenant_id AND p.type_id = y.id) AS uses
                ${where} ORDER BY y.name, y.id LIMIT $3 OFFSET $4`, [tenantId, like, limit, offset]),
    countUpTo(db, where, [tenantId, like]),
  ]);
  return { rows, total };
}

/** One consignment type of the company, or null. */
export async function findType(db: Db, tenantId: number, id: number): Promise<TypeRow | null> {
  if (!validId(id)) return null;
  const [row] = await db.query('SELECT id, name, color, version, 0 AS uses FROM lockout_type WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return row ?? null;
}

/** Creates (`id` null) or updates a consignment type under the optimistic lock. */
export async function saveType(db: Db, tenantId: number, id: number | null, input: TypeInput): Promise<SaveResult> {
  const color = input.color.toLowerCase();
  if (id === null) {
    const [row] = await db.query('INSERT INTO lockout_type (tenant_id, name, color) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.name, color]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query('UPDATE lockout_type SET name = $4, color = $5, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, input.name, color]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a consignment type unless an isolation point uses it. */
export async function removeType(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [row] = await m.query('SELECT id FROM lockout_type WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!row) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM lockout_point WHERE tenant_id = $2 AND type_id = $1 LIMIT 1', [id, tenantId]);
    if (used) return { status: 'in_use', reason: 'lockout.type.errors.in_use' };
    await m.query('DELETE FROM lockout_type WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}

/** One page of the company's machine activities whose name contains `q`, by name. */
export async function listActivities(db: Db, tenantId: number, q: string, limit: number, offset: number): Promise<{ rows: ActivityRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const where = 'FROM lockout_activity a WHERE a.tenant_id = $1 AND ($2::text IS NULL OR lower(a.name) LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query(`SELECT a.id, a.name, a.version,
                     (SELECT count(*)::int FROM lockout_machine_activity ma WHERE ma.activity_id = a.id) AS machines,
                     (SELECT count(*)::int FROM lockout_slip_activity sa WHERE sa.activity_id = a.id) AS slips
                ${where} ORDER BY a.name, a.id LIMIT $3 OFFSET $4`, [tenantId, like, limit, offset]),
    countUpTo(db, where, [tenantId, like]),
  ]);
  return { rows, total };
}

/** One machine activity of the company, or null. */
export async function findActivity(db: Db, tenantId: number, id: number): Promise<ActivityRow | null> {
  if (!validId(id)) return null;
  const [row] = await db.query('SELECT id, name, version, 0 AS machines, 0 AS slips FROM lockout_activity WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return row ?? null;
}

/** Creates (`id` null) or updates a machine activity under the optimistic lock. */
export async function saveActivity(db: Db, tenantId: number, id: number | null, input: ActivityInput): Promise<SaveResult> {
  if (id === null) {
    const [row] = await db.query('INSERT INTO lockout_activity (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, input.name]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query('UPDATE lockout_activity SET name = $4, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, input.name]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/**
 * Deletes a machine activity unless a slip is linked to it (seed 002 deletion refusal); the
 * machines that list it lose it with the activity.
 */
export async function removeActivity(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [row] = await m.query('SELECT id FROM lockout_activity WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!row) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM lockout_slip_activity WHERE activity_id = $1 LIMIT 1', [id]);
    if (used) return { status: 'in_use', reason: 'lockout.activity.errors.in_use' };
    await m.query('DELETE FROM lockout_activity WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
