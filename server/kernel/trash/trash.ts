import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../clock';
import { recordAudit } from '../audit/audit';
import { extensionPoint } from '../extension';

/** A table whose rows go to the trash: it has `id`, `tenant_id` and `deleted_at`. */
export interface Trashable {
  table: string;
  /** Translation key of the kind shown in the trash. */
  typeKey: string;
}

const declaredTables = new Map<string, Trashable>();

/** Runs in the purge's transaction, before the row goes: removes what refers to it without a foreign key. */
export type PurgeHook = (m: EntityManager, tenantId: number, id: number) => Promise<void>;
const hooksByTable = new Map<string, PurgeHook[]>();

/**
 * Lets another module clean up, when a row of `table` is deleted for good, the rows that point to it
 * without a foreign key (e.g. the map zones of a plan and of its work orders and permits).
 */
export function onPurge(table: string, hook: PurgeHook): void {
  hooksByTable.set(table, [...(hooksByTable.get(table) ?? []), hook]);
}

/** A purge hook declared as data: `run` cleans up before a row of `table` goes for good. */
export interface PurgeHookDef {
  table: string;
  run: PurgeHook;
}

/** The purge hooks: a module contributes `{ table, run }` (`contribute(purgeHooks, ...)`, see {@link onPurge}). */
export const purgeHooks = extensionPoint<PurgeHookDef>('trash:purge_hooks', (def) => onPurge(def.table, def.run));

/** Declares a table as trashable. Only declared tables are ever touched. */
export function registerTrashable(def: Trashable): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(def.table)) throw new Error(`Nom de table invalide : ${def.table}`);
  declaredTables.set(def.table, def);
}

/** The trashable tables: a module contributes its own (`contribute(trashables, { table, typeKey })`). */
export const trashables = extensionPoint<Trashable>('trash:tables', registerTrashable);

function trashable(table: string): Trashable {
  const def = declaredTables.get(table);
  if (!def) throw new Error(`Table non déclarée pour la corbeille : ${table}`);
  return def;
}

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? result[0] : (result as unknown[]);
}

/**
 * Moves a row to the trash: sets its `deleted_at` and lists it, in the caller's transaction.
 * Returns false when the row is not in this company (or already deleted).
 */
export async function softDelete(m: EntityManager, input: { table: string; id: number; tenantId: number; title: string; userId: number | null }): Promise<boolean> {
  const def = trashable(input.table);
  const now = clock.now();
  const updated = rowsOf(await m.query(`UPDATE "${def.table}" SET deleted_at = $1 WHERE id = $2 AND tenant_id = $3 AND deleted_at IS NULL RETURNING id`, [now, input.id, input.tenantId]));
  if (!updated.length) return false;
  await m.query(
    'INSERT INTO trash_item (tenant_id, subject_table, subject_id, type_key, title, deleted_at, deleted_by) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [input.tenantId, def.table, input.id, def.typeKey, input.title.slice(0, 255), now, input.userId],
  );
  await recordAudit(m, { event: 'deletion', tenantId: input.tenantId, userId: input.userId, detail: { table: def.table, id: input.id, title: input.title } });
  return true;
}

/** The trash of a company, newest first. */
export async function listTrash(db: DataSource, tenantId: number, page: { perPage: number; offset: number }): Promise<{ rows: Array<{ id: number; title: string; typeKey: string; deletedAt: Date }>; total: number }> {
  const [{ total }] = await db.query('SELECT count(*)::int AS total FROM trash_item WHERE tenant_id = $1', [tenantId]);
  const rows = await db.query(
    `SELECT id, title, type_key, deleted_at FROM trash_item WHERE tenant_id = $1 ORDER BY deleted_at DESC, id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
    [tenantId],
  );
  return { total, rows: rows.map((r: Record<string, any>) => ({ id: r.id, title: r.title, typeKey: r.type_key, deletedAt: r.deleted_at })) };
}

async function takeItem(m: EntityManager, tenantId: number, itemId: number): Promise<{ subject_table: string; subject_id: number; title: string } | null> {
  const [item] = await m.query('SELECT subject_table, subject_id, title FROM trash_item WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [itemId, tenantId]);
  return item ?? null;
}

/** Puts a trashed row back. Returns false when the item is not in this company's trash. */
export async function restoreFromTrash(db: DataSource, tenantId: number, itemId: number): Promise<boolean> {
  return db.transaction(async (m) => {
    const item = await takeItem(m, tenantId, itemId);
    if (!item) return false;
    const def = trashable(item.subject_table);
    await m.query(`UPDATE "${def.table}" SET deleted_at = NULL WHERE id = $1 AND tenant_id = $2`, [item.subject_id, tenantId]);
    await m.query('DELETE FROM trash_item WHERE id = $1', [itemId]);
    return true;
  });
}

/** Outcome of a permanent deletion. */
export type PurgeResult = 'deleted' | 'not_found' | 'in_use';

/** Deletes a trashed row for good; refused (nothing changed) when other rows still use it. */
export async function purgeFromTrash(db: DataSource, tenantId: number, itemId: number, userId: number | null): Promise<PurgeResult> {
  try {
    return await db.transaction(async (m) => {
      const item = await takeItem(m, tenantId, itemId);
      if (!item) return 'not_found' as const;
      const def = trashable(item.subject_table);
      for (const hook of hooksByTable.get(def.table) ?? []) await hook(m, tenantId, Number(item.subject_id));
      await m.query(`DELETE FROM "${def.table}" WHERE id = $1 AND tenant_id = $2`, [item.subject_id, tenantId]);
      await m.query('DELETE FROM trash_item WHERE id = $1', [itemId]);
      await recordAudit(m, { event: 'deletion', tenantId, userId, detail: { table: def.table, id: item.subject_id, title: item.title, permanent: true } });
      return 'deleted' as const;
    });
  } catch (err) {
    // A foreign key still points to the row: 23503 (PostgreSQL 15), 23001 for ON DELETE RESTRICT (PostgreSQL 18, PGlite).
    const code = (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;
    if (code === '23503' || code === '23001') return 'in_use';
    throw err;
  }
}
