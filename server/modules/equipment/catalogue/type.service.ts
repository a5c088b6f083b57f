import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { TypeInput } from './catalogue.schema';
import { validId, type RemoveResult, type SaveResult } from './catalogue-result';

/** A type of control as listed, with how many controls use it. */
export interface TypeRow { id: number; name: string; autoPlan: boolean; version: number; controls: number }

/** The company's types of control, by name. */
export async function listTypes(db: Db, tenantId: number): Promise<TypeRow[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `WITH controls AS (SELECT type_id, count(*)::int AS n FROM vgp_controllable WHERE tenant_id = $1 AND type_id IS NOT NULL GROUP BY type_id)
     SELECT t.id, t.name, t.auto_plan, t.version, coalesce(k.n, 0) AS controls
       FROM equipment_type t LEFT JOIN controls k ON k.type_id = t.id WHERE t.tenant_id = $1 ORDER BY lower(t.name), t.id`, [tenantId]);
  return rows.map((r) => ({ id: r.id, name: r.name, autoPlan: r.auto_plan, version: r.version, controls: r.controls }));
}

/** One type of the company, or null. */
export async function findType(db: Db, tenantId: number, id: number): Promise<TypeRow | null> {
  if (!validId(id)) return null;
  return (await listTypes(db, tenantId)).find((x) => x.id === id) ?? null;
}

/** Creates (`id` null) or updates a type under the optimistic lock. */
export async function saveType(db: DataSource, tenantId: number, id: number | null, input: TypeInput): Promise<SaveResult> {
  if (id === null) {
    const [row] = await db.query('INSERT INTO equipment_type (tenant_id, name, auto_plan) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.name, input.autoPlan]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE equipment_type SET name = $4, auto_plan = $5, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, input.name, input.autoPlan]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a type unless a control uses it. */
export async function removeType(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [x] = await m.query('SELECT id FROM equipment_type WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!x) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM vgp_controllable WHERE tenant_id = $2 AND type_id = $1 LIMIT 1', [id, tenantId]);
    if (used) return { status: 'in_use', uses: ['equipment.catalogue.uses.controls'] };
    await m.query('DELETE FROM equipment_type WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
