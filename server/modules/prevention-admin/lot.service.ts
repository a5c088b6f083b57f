import type { DataSource } from 'typeorm';
import { softDelete } from '../../kernel/trash/trash';
import type { LabelInput } from './prevention-admin.schema';
import type { Db, SaveResult } from './work-type.service';
import { rowsOf } from '../../kernel/db/sql';

/** A specification of a lot. */
export interface SpecificationRow { id: number; lotId: number; label: string; version: number }

/** A lot with its specifications. */
export interface LotRow { id: number; label: string; version: number; specifications: SpecificationRow[] }

const toSpec = (r: Record<string, any>): SpecificationRow => ({ id: r.id, lotId: r.lot_id, label: r.label, version: r.version });

/** The company's lots (not in the trash) by label, each with its specifications by label. */
export async function listLots(db: Db, tenantId: number): Promise<LotRow[]> {
  const lots = await db.query('SELECT id, label, version FROM lot WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(label), id', [tenantId]);
  const specs = await db.query(
    `SELECT s.id, s.lot_id, s.label, s.version FROM lot_specification s JOIN lot l ON l.id = s.lot_id AND l.deleted_at IS NULL
      WHERE s.tenant_id = $1 AND s.deleted_at IS NULL ORDER BY lower(s.label), s.id`, [tenantId]);
  const byLot = new Map<number, SpecificationRow[]>();
  for (const s of specs.map(toSpec)) byLot.set(s.lotId, [...(byLot.get(s.lotId) ?? []), s]);
  return lots.map((l: Record<string, any>) => ({ id: l.id, label: l.label, version: l.version, specifications: byLot.get(l.id) ?? [] }));
}

/** One lot of the company (not in the trash), or null. */
export async function findLot(db: Db, tenantId: number, id: number): Promise<Omit<LotRow, 'specifications'> | null> {
  const [r] = await db.query('SELECT id, label, version FROM lot WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [id, tenantId]);
  return r ? { id: r.id, label: r.label, version: r.version } : null;
}

/** One specification of the company whose lot is not in the trash, or null. */
export async function findSpecification(db: Db, tenantId: number, id: number): Promise<SpecificationRow | null> {
  const [r] = await db.query(
    `SELECT s.id, s.lot_id, s.label, s.version FROM lot_specification s JOIN lot l ON l.id = s.lot_id AND l.deleted_at IS NULL
      WHERE s.id = $1 AND s.tenant_id = $2 AND s.deleted_at IS NULL`, [id, tenantId]);
  return r ? toSpec(r) : null;
}

/** Creates (id null) or updates a lot; the label is unique in the company (trash excluded). */
export async function saveLot(db: DataSource, tenantId: number, id: number | null, input: LabelInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, 'prevention-admin:lot']);
    const [taken] = await m.query('SELECT 1 FROM lot WHERE tenant_id = $1 AND lower(label) = lower($2) AND deleted_at IS NULL AND id <> $3', [tenantId, input.label, id ?? 0]);
    if (taken) return { ok: false, errors: { label: 'prevention-admin.validation.label_taken' } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO lot (tenant_id, label) VALUES ($1, $2) RETURNING id', [tenantId, input.label]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query('UPDATE lot SET label = $1, version = version + 1, updated_at = now() WHERE id = $2 AND tenant_id = $3 AND version = $4 AND deleted_at IS NULL RETURNING id',
      [input.label, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Creates (id null) or updates a specification of `lotId`; the label is unique within the lot. */
export async function saveSpecification(db: DataSource, tenantId: number, lotId: number, id: number | null, input: LabelInput): Promise<SaveResult> {
  return db.transaction(async (m) => {
    await m.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [tenantId, `prevention-admin:lot:${lotId}`]);
    const [taken] = await m.query('SELECT 1 FROM lot_specification WHERE tenant_id = $1 AND lot_id = $2 AND lower(label) = lower($3) AND deleted_at IS NULL AND id <> $4',
      [tenantId, lotId, input.label, id ?? 0]);
    if (taken) return { ok: false, errors: { label: 'prevention-admin.validation.label_taken' } };
    if (id === null) {
      const [row] = await m.query('INSERT INTO lot_specification (tenant_id, lot_id, label) VALUES ($1, $2, $3) RETURNING id', [tenantId, lotId, input.label]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      'UPDATE lot_specification SET label = $1, version = version + 1, updated_at = now() WHERE id = $2 AND tenant_id = $3 AND version = $4 AND deleted_at IS NULL RETURNING id',
      [input.label, id, tenantId, input.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Moves a lot (and so its specifications, hidden with it) to the shared trash. */
export async function removeLot(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT label FROM lot WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!r) return false;
    return softDelete(m, { table: 'lot', id, tenantId, title: r.label, userId });
  });
}

/** Moves a specification to the shared trash. */
export async function removeSpecification(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT s.label, l.label AS lot FROM lot_specification s JOIN lot l ON l.id = s.lot_id WHERE s.id = $1 AND s.tenant_id = $2 AND s.deleted_at IS NULL FOR UPDATE OF s', [id, tenantId]);
    if (!r) return false;
    return softDelete(m, { table: 'lot_specification', id, tenantId, title: `${r.label} (${r.lot})`, userId });
  });
}
