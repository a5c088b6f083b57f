import type { DataSource } from 'typeorm';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { softDelete } from '../../../kernel/trash/trash';
import type { Removal } from '../core/du-http';
import type { WorkstationInput } from './workstations.schema';

/** A workstation as listed and edited. */
export interface WorkstationRow {
  id: number; name: string; hierarchyItemId: number | null; itemName: string | null; workUnitId: number | null; workUnitName: string | null;
  description: string | null; usage: number; version: number;
}

const USAGE = '(SELECT count(*) FROM risk_evaluation e WHERE e.workstation_id = w.id)::int';

/** The company's workstations (not in the trash) by name, with their entity, work unit and usage; `id` keeps one. */
export async function listWorkstations(db: Db, tenantId: number, id: number | null = null): Promise<WorkstationRow[]> {
  const rows = await db.query(
    `SELECT w.id, w.name, w.hierarchy_item_id, i.name AS item_name, w.work_unit_id, u.name AS work_unit_name, w.description, w.version, ${USAGE} AS usage
       FROM du_workstation w
       LEFT JOIN hierarchy_item i ON i.id = w.hierarchy_item_id
       LEFT JOIN work_unit u ON u.id = w.work_unit_id
      WHERE w.tenant_id = $1 AND w.deleted_at IS NULL AND ($2::int IS NULL OR w.id = $2)
      ORDER BY lower(w.name), w.id`, [tenantId, id]);
  return rows.map((r: Record<string, any>) => ({
    id: r.id, name: r.name, hierarchyItemId: r.hierarchy_item_id, itemName: r.item_name, workUnitId: r.work_unit_id, workUnitName: r.work_unit_name,
    description: r.description, usage: r.usage, version: r.version,
  }));
}

/** Which of the entity and work unit chosen are not the company's (field errors), none when both are. */
export async function foreignPlaces(db: Db, tenantId: number, input: { hierarchyItemId: number | null; workUnitId: number | null }): Promise<Record<string, string>> {
  const [r] = await db.query(
    `SELECT ($2::int IS NULL OR EXISTS (SELECT 1 FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL)) AS item_ok,
            ($3::int IS NULL OR EXISTS (SELECT 1 FROM work_unit WHERE id = $3 AND tenant_id = $1 AND deleted_at IS NULL)) AS unit_ok`,
    [tenantId, input.hierarchyItemId, input.workUnitId]);
  const errors: Record<string, string> = {};
  if (!r.item_ok) errors.hierarchyItemId = 'validation.choice';
  if (!r.unit_ok) errors.workUnitId = 'validation.choice';
  return errors;
}

/** Creates (`id` null) or updates a workstation under the optimistic lock. */
export async function saveWorkstation(db: Db, tenantId: number, id: number | null, input: WorkstationInput): Promise<{ ok: true; id: number } | { ok: false; stale: true }> {
  if (id === null) {
    const [r] = await db.query('INSERT INTO du_workstation (tenant_id, name, hierarchy_item_id, work_unit_id, description) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [tenantId, input.name, input.hierarchyItemId, input.workUnitId, input.description]);
    return { ok: true, id: r.id };
  }
  const updated = rowsOf(await db.query(
    `UPDATE du_workstation SET name = $1, hierarchy_item_id = $2, work_unit_id = $3, description = $4, version = version + 1
      WHERE id = $5 AND tenant_id = $6 AND version = $7 AND deleted_at IS NULL RETURNING id`,
    [input.name, input.hierarchyItemId, input.workUnitId, input.description, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves a workstation to the trash, unless an evaluation names it (« Suppression impossible »). */
export async function removeWorkstation(db: DataSource, tenantId: number, id: number, userId: number): Promise<Removal> {
  return db.transaction(async (m) => {
    const [r] = await m.query(`SELECT w.name, ${USAGE} AS usage FROM du_workstation w WHERE w.id = $1 AND w.tenant_id = $2 AND w.deleted_at IS NULL FOR UPDATE`, [id, tenantId]);
    if (!r) return 'not_found' as const;
    if (r.usage > 0) return { inUse: { label: r.name as string, count: r.usage as number } };
    await softDelete(m, { table: 'du_workstation', id, tenantId, title: r.name, userId });
    return { removed: true as const };
  });
}
