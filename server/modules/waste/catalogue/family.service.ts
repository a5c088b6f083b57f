import type { DataSource } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { containsPattern } from '../../../kernel/db/like';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import type { FamilyInput } from './catalogue.schema';

/** A family as listed, with how many wastes use it. */
export interface FamilyRow { id: number; name: string; version: number; wastes: number }

/** One page of the company's families whose name contains `q`, by name. */
export async function listFamilies(db: Db, tenantId: number, q: string, limit: number, offset: number): Promise<{ rows: FamilyRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const where = 'FROM waste_family f WHERE f.tenant_id = $1 AND ($2::text IS NULL OR lower(f.name) LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query(`SELECT f.id, f.name, f.version, (SELECT count(*)::int FROM waste w WHERE w.tenant_id = f.tenant_id AND w.family_id = f.id) AS wastes
                ${where} ORDER BY f.name, f.id LIMIT $3 OFFSET $4`, [tenantId, like, limit, offset]),
    countUpTo(db, where, [tenantId, like]),
  ]);
  return { rows, total };
}

/** One family of the company, or null. */
export async function findFamily(db: Db, tenantId: number, id: number): Promise<FamilyRow | null> {
  if (!validId(id)) return null;
  const [row] = await db.query('SELECT id, name, version, 0 AS wastes FROM waste_family WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return row ?? null;
}

/** The company's families as select options, by name. */
export async function familyOptions(db: Db, tenantId: number): Promise<Array<{ value: number; label: string }>> {
  const rows: Array<{ id: number; name: string }> = await db.query('SELECT id, name FROM waste_family WHERE tenant_id = $1 ORDER BY name, id', [tenantId]);
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/** Creates (`id` null) or updates a family under the optimistic lock. */
export async function saveFamily(db: Db, tenantId: number, id: number | null, input: FamilyInput): Promise<SaveResult> {
  if (id === null) {
    const [row] = await db.query('INSERT INTO waste_family (tenant_id, name) VALUES ($1, $2) RETURNING id', [tenantId, input.name]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query('UPDATE waste_family SET name = $4, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, input.name]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a family unless a waste uses it. */
export async function removeFamily(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [f] = await m.query('SELECT id FROM waste_family WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!f) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM waste WHERE tenant_id = $2 AND family_id = $1 LIMIT 1', [id, tenantId]);
    if (used) return { status: 'in_use', reason: 'waste.family.errors.in_use' };
    await m.query('DELETE FROM waste_family WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
