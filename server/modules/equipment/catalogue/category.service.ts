import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { CategoryInput } from './catalogue.schema';
import { validId, type RemoveResult, type SaveResult } from './catalogue-result';

/** A category as listed: its place in the tree and how much uses it. */
export interface CategoryRow {
  id: number; name: string; parentId: number | null; isEquipment: boolean; preset: string | null; version: number;
  depth: number; children: number; families: number; equipment: number; controls: number;
}

/**
 * The company's categories in tree order (each parent followed by its children, by name), with
 * counts of what uses each one. A category whose parent is missing is shown at the root.
 */
export async function listCategoryTree(db: Db, tenantId: number): Promise<CategoryRow[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `WITH controls AS (SELECT category_id, count(*)::int AS n FROM vgp_controllable WHERE tenant_id = $1 AND category_id IS NOT NULL GROUP BY category_id)
     SELECT c.id, c.name, c.parent_id, c.is_equipment, c.preset, c.version,
            (SELECT count(*)::int FROM equipment_category x WHERE x.tenant_id = c.tenant_id AND x.parent_id = c.id) AS children,
            (SELECT count(*)::int FROM equipment_family f WHERE f.tenant_id = c.tenant_id AND f.category_id = c.id) AS families,
            (SELECT count(*)::int FROM equipment e WHERE e.category_id = c.id) AS equipment,
            coalesce(k.n, 0) AS controls
       FROM equipment_category c LEFT JOIN controls k ON k.category_id = c.id WHERE c.tenant_id = $1 ORDER BY lower(c.name), c.id`, [tenantId]);
  const ids = new Set(rows.map((r) => r.id as number));
  const byParent = new Map<number | null, Array<Record<string, any>>>();
  for (const r of rows) {
    const parent = r.parent_id !== null && ids.has(r.parent_id) ? r.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const out: CategoryRow[] = [];
  const walk = (parent: number | null, depth: number, seen: Set<number>) => {
    for (const r of byParent.get(parent) ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({
        id: r.id, name: r.name, parentId: r.parent_id, isEquipment: r.is_equipment, preset: r.preset, version: r.version,
        depth, children: r.children, families: r.families, equipment: r.equipment, controls: r.controls,
      });
      walk(r.id, depth + 1, seen);
    }
  };
  walk(null, 0, new Set());
  return out;
}

/** One category of the company, or null. */
export async function findCategory(db: Db, tenantId: number, id: number): Promise<CategoryRow | null> {
  if (!validId(id)) return null;
  return (await listCategoryTree(db, tenantId)).find((c) => c.id === id) ?? null;
}

/** The ids of `id` and every category below it. */
export function subtreeOf(tree: CategoryRow[], id: number): Set<number> {
  const out = new Set<number>([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of tree) if (c.parentId !== null && out.has(c.parentId) && !out.has(c.id)) { out.add(c.id); grew = true; }
  }
  return out;
}

/**
 * Creates (`id` null) or updates a category under the optimistic lock. The parent must be a
 * category of the company outside the category's own subtree (no cycle); a category that holds
 * equipment keeps its is-equipment flag.
 */
export async function saveCategory(db: DataSource, tenantId: number, id: number | null, input: CategoryInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'equipment_category']);
    if (input.parentId !== null) {
      const tree = await listCategoryTree(m, tenantId);
      const parentKnown = tree.some((c) => c.id === input.parentId);
      if (!parentKnown) return { ok: false, errors: { parentId: 'validation.choice' } };
      if (id !== null && subtreeOf(tree, id).has(input.parentId)) return { ok: false, errors: { parentId: 'equipment.catalogue.category.errors.cycle' } };
    }
    if (id !== null && !input.isEquipment) {
      const [holds] = await m.query('SELECT 1 FROM equipment WHERE category_id = $1 AND tenant_id = $2 LIMIT 1', [id, tenantId]);
      if (holds) return { ok: false, errors: { isEquipment: 'equipment.catalogue.category.errors.holds_equipment' } };
    }
    if (id === null) {
      const [row] = await m.query(
        'INSERT INTO equipment_category (tenant_id, name, parent_id, is_equipment, preset) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [tenantId, input.name, input.parentId, input.isEquipment, input.preset]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE equipment_category SET name = $4, parent_id = $5, is_equipment = $6, preset = $7, version = version + 1
        WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`,
      [id, tenantId, input.version, input.name, input.parentId, input.isEquipment, input.preset]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Deletes a category unless sub-categories, families, equipment or controls use it. */
export async function removeCategory(db: DataSource, tenantId: number, id: number): Promise<RemoveResult> {
  return db.transaction(async (m): Promise<RemoveResult> => {
    const [c] = await m.query('SELECT id FROM equipment_category WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!c) return { status: 'not_found' };
    const [u] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM equipment_category WHERE tenant_id = $2 AND parent_id = $1) AS children,
              EXISTS (SELECT 1 FROM equipment_family WHERE tenant_id = $2 AND category_id = $1) AS families,
              EXISTS (SELECT 1 FROM equipment WHERE category_id = $1) AS equipment,
              EXISTS (SELECT 1 FROM vgp_controllable WHERE tenant_id = $2 AND category_id = $1) AS controls`, [id, tenantId]);
    const uses = (['children', 'families', 'equipment', 'controls'] as const).filter((k) => u[k]).map((k) => `equipment.catalogue.uses.${k}`);
    if (uses.length) return { status: 'in_use', uses };
    await m.query('DELETE FROM equipment_category WHERE id = $1 AND tenant_id = $2', [id, tenantId]);
    return { status: 'removed' };
  });
}
