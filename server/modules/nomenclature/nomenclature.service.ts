import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete } from '../../kernel/trash/trash';
import { NOMENCLATURE_KIND_DEFS, NOMENCLATURE_KINDS, type NomenclatureKind } from './nomenclature.kinds';
import type { ItemInput } from './nomenclature.schema';
import { rowsOf, seedOnce } from '../../kernel/db/sql';

/** A data source or a transaction's manager: both run `query`. */
type Db = DataSource | EntityManager;

/** A value of an administration list as other modules use it. */
export interface NomenclatureOption { id: number; label: string }

/** A value as the admin screen lists and edits it. */
export interface NomenclatureRow extends NomenclatureOption { kind: NomenclatureKind; position: number; active: boolean; version: number }

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Options of the finders. */
export interface FindOptions {
  /** Also return inactive values and values in the trash (to show what a record already holds). */
  withRetired?: boolean;
}

const toOption = (r: Record<string, any>): NomenclatureOption => ({ id: r.id, label: r.label });
const toRow = (r: Record<string, any>): NomenclatureRow => ({ id: r.id, label: r.label, kind: r.kind, position: r.position, active: r.active, version: r.version });

/**
 * Gives a company the default items of a kind the first time the kind is read, unless it already
 * had rows of that kind. The seed mark makes it once per company and kind, so removed defaults
 * never come back; concurrent first reads wait on the mark's primary key.
 */
export async function ensureDefaults(db: Db, tenantId: number, kind: NomenclatureKind): Promise<void> {
  const defaults = NOMENCLATURE_KIND_DEFS[kind].defaults;
  if (!defaults?.length) return;
  await seedOnce(db, { table: 'nomenclature_seed', column: 'kind' }, tenantId, kind, async (m) => {
    const [had] = await m.query('SELECT 1 FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2 LIMIT 1', [tenantId, kind]);
    if (had) return;
    for (const [i, label] of defaults.entries()) {
      await m.query('INSERT INTO nomenclature_item (tenant_id, kind, label, position) VALUES ($1, $2, $3, $4)', [tenantId, kind, label, i + 1]);
    }
  });
}

/** The company's active values of a kind (not in the trash), by position then label: the choices of a form. */
export async function listNomenclature(em: Db, tenantId: number, kind: NomenclatureKind): Promise<NomenclatureOption[]> {
  await ensureDefaults(em, tenantId, kind);
  const rows = await em.query(
    'SELECT id, label FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2 AND active AND deleted_at IS NULL ORDER BY position, lower(label), id',
    [tenantId, kind]);
  return rows.map(toOption);
}

/**
 * One value of the company and kind, or null. By default only a value the forms offer (active, not
 * in the trash), so it validates a submitted choice; `withRetired` also finds retired ones.
 */
export async function findNomenclatureItem(em: Db, tenantId: number, kind: NomenclatureKind, id: number, opts: FindOptions = {}): Promise<NomenclatureOption | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [found] = await findNomenclatureItems(em, tenantId, kind, [id], opts);
  return found ?? null;
}

/** The values among `ids` that belong to the company and kind (same rule as {@link findNomenclatureItem}), by position then label. */
export async function findNomenclatureItems(em: Db, tenantId: number, kind: NomenclatureKind, ids: number[], opts: FindOptions = {}): Promise<NomenclatureOption[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  if (!wanted.length) return [];
  const usable = opts.withRetired ? '' : 'AND active AND deleted_at IS NULL';
  const rows = await em.query(
    `SELECT id, label FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2 AND id = ANY($3::int[]) ${usable} ORDER BY position, lower(label), id`,
    [tenantId, kind, wanted]);
  return rows.map(toOption);
}

/** Every value of a kind for the admin screen (inactive ones too, not those in the trash). */
export async function listForAdmin(db: Db, tenantId: number, kind: NomenclatureKind): Promise<NomenclatureRow[]> {
  await ensureDefaults(db, tenantId, kind);
  const rows = await db.query(
    'SELECT id, label, kind, position, active, version FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2 AND deleted_at IS NULL ORDER BY position, lower(label), id',
    [tenantId, kind]);
  return rows.map(toRow);
}

/** One value of the company for editing (any kind, not in the trash), or null. */
export async function findForAdmin(db: Db, tenantId: number, id: number): Promise<NomenclatureRow | null> {
  const [r] = await db.query('SELECT id, label, kind, position, active, version FROM nomenclature_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return r ? toRow(r) : null;
}

/** The position a new value gets by default: after the last one. */
export async function nextPosition(db: Db, tenantId: number, kind: NomenclatureKind): Promise<number> {
  const [r] = await db.query('SELECT coalesce(max(position), 0) + 1 AS next FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2 AND deleted_at IS NULL', [tenantId, kind]);
  return Math.min(Number(r.next), 9999);
}

/**
 * Creates (id null) or updates a value. The label must not be used by another value of the same
 * company and kind (case-insensitive, trash excluded); a lock per company and kind serialises the check.
 */
export async function saveItem(db: DataSource, tenantId: number, kind: NomenclatureKind, id: number | null, input: ItemInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, `nomenclature:${kind}`]);
    const [taken] = await m.query(
      'SELECT 1 FROM nomenclature_item WHERE tenant_id = $1 AND kind = $2 AND lower(label) = lower($3) AND deleted_at IS NULL AND id <> $4',
      [tenantId, kind, input.label, id ?? 0]);
    if (taken) return { ok: false, errors: { label: 'nomenclature.validation.label_taken' } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO nomenclature_item (tenant_id, kind, label, position, active) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [tenantId, kind, input.label, input.position, input.active]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE nomenclature_item SET label = $1, position = $2, active = $3, version = version + 1, updated_at = now()
        WHERE id = $4 AND tenant_id = $5 AND kind = $6 AND version = $7 AND deleted_at IS NULL RETURNING id`,
      [input.label, input.position, input.active, id, tenantId, kind, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a value to the shared trash with `title`; false when it is not a value of the company (or already trashed). */
export async function removeItem(db: DataSource, tenantId: number, id: number, userId: number | null, title: (row: NomenclatureRow) => string): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT id, label, kind, position, active, version FROM nomenclature_item WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!r) return false;
    return softDelete(m, { table: 'nomenclature_item', id, tenantId, title: title(toRow(r)), userId });
  });
}

/** Active values per list (not in the trash), every kind present, in tab order; defaults seeded first. */
export async function countActiveByKind(db: Db, tenantId: number): Promise<Array<{ kind: NomenclatureKind; count: number }>> {
  for (const kind of NOMENCLATURE_KINDS) await ensureDefaults(db, tenantId, kind);
  const rows: Array<{ kind: string; n: number }> = await db.query(
    'SELECT kind, count(*)::int AS n FROM nomenclature_item WHERE tenant_id = $1 AND active AND deleted_at IS NULL GROUP BY kind', [tenantId]);
  const byKind = new Map(rows.map((r) => [r.kind, r.n]));
  return NOMENCLATURE_KINDS.map((kind) => ({ kind, count: byKind.get(kind) ?? 0 }));
}
