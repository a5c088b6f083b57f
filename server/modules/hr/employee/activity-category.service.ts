import type { DataSource } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';
import { rowsOf } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import type { CategoryInput } from './employee.schema';
import type { SaveResult } from './employee.service';

/** An activity category with how many employees (not in the trash) carry it. */
export interface CategoryRow { id: number; code: string; name: string; version: number; uses: number }

/** The activity categories of the company, by code. */
export async function listCategories(db: Db, tenantId: number): Promise<CategoryRow[]> {
  const rows = await db.query(
    `SELECT c.id, c.code, c.name, c.version, (SELECT count(*)::int FROM employee e WHERE e.activity_category_id = c.id AND e.deleted_at IS NULL) AS uses
       FROM activity_category c WHERE c.tenant_id = $1 AND c.deleted_at IS NULL ORDER BY lower(c.code), c.id`, [tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, code: r.code, name: r.name, version: r.version, uses: r.uses }));
}

/** One category of the company (not in the trash), or null. */
export async function findCategory(db: Db, tenantId: number, id: number): Promise<CategoryRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  return (await listCategories(db, tenantId)).find((c) => c.id === id) ?? null;
}

/**
 * Creates or renames a category; the code is unique in the company (case-insensitive). A rename
 * carries the version it was read at (0 rows updated → stale), so a concurrent edit is refused
 * rather than silently overwritten.
 */
export async function saveCategory(db: DataSource, tenantId: number, id: number | null, input: CategoryInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'activity_category']);
    const [taken] = await m.query('SELECT name FROM activity_category WHERE tenant_id = $1 AND lower(code) = lower($2) AND deleted_at IS NULL AND id <> $3', [tenantId, input.code, id ?? 0]);
    if (taken) return { ok: false, errors: { code: { key: 'hr.category.errors.code_taken', params: { name: taken.name } } } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, $2, $3) RETURNING id', [tenantId, input.code, input.name]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query('UPDATE activity_category SET code = $4, name = $5, version = version + 1 WHERE id = $1 AND version = $2 AND tenant_id = $3 AND deleted_at IS NULL RETURNING id',
      [id, input.version, tenantId, input.code, input.name]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a category to the trash unless an employee (not in the trash) carries it. */
export async function trashCategory(db: DataSource, tenantId: number, id: number, userId: number): Promise<'removed' | 'in_use' | 'not_found'> {
  return db.transaction(async (m) => {
    const [c] = await m.query('SELECT code, name FROM activity_category WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!c) return 'not_found';
    const [used] = await m.query('SELECT 1 FROM employee WHERE activity_category_id = $1 AND deleted_at IS NULL LIMIT 1', [id]);
    if (used) return 'in_use';
    return (await softDelete(m, { table: 'activity_category', id, tenantId, title: `${c.code} – ${c.name}`, userId })) ? 'removed' : 'not_found';
  });
}
