import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FamilyInput } from './catalogue.schema';
import { validId, type RemoveResult, type SaveResult } from './catalogue-result';

/** A family as listed, with its category and how many controls use it. */
export interface FamilyRow { id: number; name: string; categoryId: number; categoryName: string; version: number; controls: number }

/** The company's families (of one category when given), by category then name. */
export async function listFamilies(db: Db, tenantId: number, categoryId: number | null = null): Promise<FamilyRow[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `WITH controls AS (SELECT family_id, count(*)::int AS n FROM vgp_controllable WHERE tenant_id = $1 AND family_id IS NOT NULL GROUP BY family_id)
     SELECT f.id, f.name, f.category_id, c.name AS category_name, f.version, coalesce(k.n, 0) AS controls
       FROM equipment_family f JOIN equipment_category c ON c.id = f.category_id LEFT JOIN controls k ON k.family_id = f.id
      WHERE f.tenant_id = $1 AND ($2::int IS NULL OR f.category_id = $2)
      ORDER BY lower(c.name), c.id, lower(f.name), f.id`, [tenantId, categoryId]);
  return rows.map((r) => ({ id: r.id, name: r.name, categoryId: r.category_id, categoryName: r.category_name, version: r.version, controls: r.controls }));
}

/** One family of the company, or null. */
export async function findFamily(db: Db, tenantId: number, id: number): Promise<FamilyRow | null> {
  if (!validId(id)) return null;
  return (await listFamilies(db, tenantId)).find((f) => f.id === id) ?? null;
}

/** The families of a category of the company as `{id, name}` (the dependent select), or null when the category is not the company's. */
export async function familyOptions(db: Db, tenantId: number, categoryId: number): Promise<Array<{ id: number; name: string }> | null> {
  if (!validId(categoryId)) return null;
  const [known] = await db.query('SELECT 1 FROM equipment_category WHERE id = $1 AND tenant_id = $2', [categoryId, tenantId]);
  if (!known) return null;
  return db.query('SELECT id, name FROM equipment_family WHERE tenant_id = $1 AND category_id = $2 ORDER BY lower(name), id', [tenantId, categoryId]);
}

/** Creates (`id` null) or updates a family under the optimistic lock; its category must be the company's. */
export async function saveFamily(db: DataSource, tenantId: number, id: number | null, input: FamilyInput): Promise<SaveResult> {
  const [category] = await db.query('SELECT 1 FROM equipment_category WHERE id = $1 AND tenant_id = $2', [input.categoryId, tenantId]);
  if (!category) return { ok: false, errors: { categoryId: 'validation.choice' } };
  if (id === null) {
    const [row] = await db.query('INSERT INTO equipment_family (tenant_id, name, category_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.name, input.categoryId]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    'UPDATE equipment_family SET name = $4, category_id = $5, version = version + 1 WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id',
    [id, tenantId, input.version, input.name, input.categoryId]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Deletes a family unless a control uses it. */
export async function removeFamily(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [f] = await m.query('SELECT id FROM equipment_family WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!f) return { status: 'not_found' };
    const [used] = await m.query('SELECT 1 FROM vgp_controllable WHERE tenant_id = $2 AND family_id = $1 LIMIT 1', [id, tenantId]);
    if (used) return { status: 'in_use', uses: ['equipment.catalogue.uses.controls'] };
    await m.query('DELETE FROM equipment_family WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
