import type { DataSource } from 'typeorm';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { validId, type RemoveResult, type SaveResult } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import type { ContainerInput } from './catalogue.schema';

/** A container as listed; `capacity` in m³ (numeric text) or null. */
export interface ContainerRow { id: number; name: string; capacity: string | null; version: number }

/** One page of the company's containers whose name contains `q`, by name. */
export async function listContainers(db: Db, tenantId: number, q: string, limit: number, offset: number): Promise<{ rows: ContainerRow[]; total: CappedTotal }> {
  const like = containsPattern(q);
  const where = 'FROM waste_container c WHERE c.tenant_id = $1 AND ($2::text IS NULL OR lower(c.name) LIKE $2)';
  const [rows, total] = await Promise.all([
    db.query(`SELECT c.id, c.name, c.capacity, c.version ${where} ORDER BY c.name, c.id LIMIT $3 OFFSET $4`, [tenantId, like, limit, offset]),
    countUpTo(db, where, [tenantId, like]),
  ]);
  return { rows, total };
}

/** One container of the company, or null. */
export async function findContainer(db: Db, tenantId: number, id: number): Promise<ContainerRow | null> {
  if (!validId(id)) return null;
  const [row] = await db.query('SELECT id, name, capacity, version FROM waste_container WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
  return row ?? null;
}

/** Creates (`id` null) or updates a container under the optimistic lock. */
export async function saveContainer(db: Db, tenantId: number, id: number | null, input: ContainerInput): Promise<SaveResult> {
  if (id === null) {
    const [row] = await db.query('INSERT INTO waste_container (tenant_id, name, capacity) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.name, input.capacity]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query('UPDATE waste_container SET name = $4, capacity = $5, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, input.name, input.capacity]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a container unless a voucher uses it. */
export async function removeContainer(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [c] = await m.query('SELECT id FROM waste_container WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!c) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM waste_voucher WHERE tenant_id = $2 AND container_id = $1 LIMIT 1', [id, tenantId]);
    if (used) return { status: 'in_use', reason: 'waste.container.errors.in_use' };
    await m.query('DELETE FROM waste_container WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
