import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import { softDelete } from '../../kernel/trash/trash';
import { DEFAULT_WORK_TYPES } from './work-type.defaults';
import type { WorkTypeInput } from './prevention-admin.schema';
import { rowsOf, seedOnce } from '../../kernel/db/sql';

/** A data source or a transaction's manager: both run `query`. */
export type Db = DataSource | EntityManager;

/** A work type as forms and other modules use it. */
export interface WorkTypeOption { id: number; label: string; dangerous: boolean; isRoofWork: boolean; weighting: number }

/** A work type as the admin screen lists and edits it. */
export interface WorkTypeRow extends WorkTypeOption { position: number; active: boolean; version: number }

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

const COLUMNS = 'id, label, dangerous, is_roof_work, weighting, position, active, version';
const ORDER = 'ORDER BY position, lower(label), id';
const toRow = (r: Record<string, any>): WorkTypeRow => ({
  id: r.id, label: r.label, dangerous: r.dangerous, isRoofWork: r.is_roof_work, weighting: r.weighting, position: r.position, active: r.active, version: r.version,
});
const toOption = (r: Record<string, any>): WorkTypeOption => ({ id: r.id, label: r.label, dangerous: r.dangerous, isRoofWork: r.is_roof_work, weighting: r.weighting });

/**
 * Gives a company the default work types (arrêté du 19 mars 1993, roof works, ordinary works) the
 * first time its list is read, unless it already had work types. The seed mark makes it once per
 * company, so removed defaults never come back; concurrent first reads wait on the mark's key.
 */
export async function ensureWorkTypeDefaults(db: Db, tenantId: number): Promise<void> {
  await seedOnce(db, { table: 'prevention_admin_seed', column: 'list' }, tenantId, 'work_type', async (m) => {
    const [had] = await m.query('SELECT 1 FROM work_type WHERE tenant_id = $1 LIMIT 1', [tenantId]);
    if (had) return;
    for (const [i, w] of DEFAULT_WORK_TYPES.entries()) {
      await m.query('INSERT INTO work_type (tenant_id, label, dangerous, weighting, is_roof_work, position) VALUES ($1, $2, $3, $4, $5, $6)',
        [tenantId, w.label, w.dangerous, w.weighting, w.isRoofWork ?? false, i + 1]);
    }
  });
}

/** The company's active work types (not in the trash), in order: the choices of the plan form. */
export async function listWorkTypeOptions(db: Db, tenantId: number): Promise<WorkTypeOption[]> {
  await ensureWorkTypeDefaults(db, tenantId);
  const rows = await db.query(`SELECT ${COLUMNS} FROM work_type WHERE tenant_id = $1 AND active AND deleted_at IS NULL ${ORDER}`, [tenantId]);
  return rows.map(toOption);
}

/**
 * The work types among `ids` that the company's forms offer (active, not in the trash), in order:
 * validates a submitted choice. `withRetired` also returns retired ones (to show what a plan holds).
 */
export async function findWorkTypes(db: Db, tenantId: number, ids: number[], opts: { withRetired?: boolean } = {}): Promise<WorkTypeOption[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647))];
  if (!wanted.length) return [];
  const usable = opts.withRetired ? '' : 'AND active AND deleted_at IS NULL';
  const rows = await db.query(`SELECT ${COLUMNS} FROM work_type WHERE tenant_id = $1 AND id = ANY($2::int[]) ${usable} ${ORDER}`, [tenantId, wanted]);
  return rows.map(toOption);
}

/** Every work type of the company for the admin screen (inactive ones too, not those in the trash). */
export async function listWorkTypesForAdmin(db: Db, tenantId: number): Promise<WorkTypeRow[]> {
  await ensureWorkTypeDefaults(db, tenantId);
  const rows = await db.query(`SELECT ${COLUMNS} FROM work_type WHERE tenant_id = $1 AND deleted_at IS NULL ${ORDER}`, [tenantId]);
  return rows.map(toRow);
}

/** One work type of the company for editing (not in the trash), or null. */
export async function findWorkTypeForAdmin(db: Db, tenantId: number, id: number): Promise<WorkTypeRow | null> {
  const [r] = await db.query(`SELECT ${COLUMNS} FROM work_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`, [id, tenantId]);
  return r ? toRow(r) : null;
}

/** The position a new work type gets by default: after the last one. */
export async function nextWorkTypePosition(db: Db, tenantId: number): Promise<number> {
  await ensureWorkTypeDefaults(db, tenantId);
  const [r] = await db.query('SELECT coalesce(max(position), 0) + 1 AS next FROM work_type WHERE tenant_id = $1 AND deleted_at IS NULL', [tenantId]);
  return Math.min(Number(r.next), 9999);
}

/**
 * Creates (id null) or updates a work type. The label must not be used by another work type of the
 * company (case-insensitive, trash excluded); a lock per company serialises the check.
 */
export async function saveWorkType(db: DataSource, tenantId: number, id: number | null, input: WorkTypeInput): Promise<SaveResult> {
  // Seeded first, so a company's first own type does not stop its defaults from coming.
  await ensureWorkTypeDefaults(db, tenantId);
  return db.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'prevention-admin:work_type']);
    const [taken] = await m.query('SELECT 1 FROM work_type WHERE tenant_id = $1 AND lower(label) = lower($2) AND deleted_at IS NULL AND id <> $3', [tenantId, input.label, id ?? 0]);
    if (taken) return { ok: false, errors: { label: 'prevention-admin.validation.label_taken' } };
    const values = [input.label, input.dangerous, input.weighting, input.isRoofWork, input.position, input.active];
    if (id === null) {
      const [row] = await m.query('INSERT INTO work_type (label, dangerous, weighting, is_roof_work, position, active, tenant_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id', [...values, tenantId]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE work_type SET label = $1, dangerous = $2, weighting = $3, is_roof_work = $4, position = $5, active = $6, version = version + 1, updated_at = now()
        WHERE id = $7 AND tenant_id = $8 AND version = $9 AND deleted_at IS NULL RETURNING id`,
      [...values, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a work type to the shared trash (plans keep it); false when it is not one of the company's. */
export async function removeWorkType(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT label FROM work_type WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!r) return false;
    return softDelete(m, { table: 'work_type', id, tenantId, title: r.label, userId });
  });
}
