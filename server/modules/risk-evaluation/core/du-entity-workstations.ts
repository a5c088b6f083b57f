import type { Db } from '../../../kernel/db/sql';
import type { Choice } from './du-places.service';

/**
 * The workstations offered with an entity, whatever their work unit (chemical products and
 * arduousness exposures name an entity and a workstation, no work unit): those tied to the entity
 * or to none; every workstation while no entity is chosen. The one a record holds is kept.
 */
export async function entityWorkstationChoices(db: Db, tenantId: number, itemId: number | null, keepId: number | null = null): Promise<Choice[]> {
  const rows = await db.query(
    `SELECT id, name FROM du_workstation
      WHERE tenant_id = $1 AND deleted_at IS NULL AND ($2::int IS NULL OR hierarchy_item_id IS NULL OR hierarchy_item_id = $2 OR id = $3)
      ORDER BY lower(name), id`, [tenantId, itemId, keepId]);
  return rows.map((r: { id: number; name: string }) => ({ id: r.id, label: r.name }));
}

/** Whether workstation `id` (null: none chosen) is the company's and offered with entity `itemId`. */
export async function workstationOffered(db: Db, tenantId: number, itemId: number, id: number | null): Promise<boolean> {
  if (id === null) return true;
  const [r] = await db.query(
    'SELECT 1 FROM du_workstation WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL AND (hierarchy_item_id IS NULL OR hierarchy_item_id = $3)', [id, tenantId, itemId]);
  return !!r;
}
