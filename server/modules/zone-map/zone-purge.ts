import type { EntityManager } from 'typeorm';
import type { PurgeHookDef } from '../../kernel/trash/trash';
import { deleteZonesOf } from './zone.service';

/**
 * The zones of a plan purged from the trash, and of the work orders and permits that go with it
 * (FK cascade): `map_zone` has no foreign key to its owners, so they are removed here.
 */
export async function deletePlanZones(m: EntityManager, tenantId: number, planId: number): Promise<void> {
  const owned = async (table: 'work_order' | 'permit') =>
    (await m.query(`SELECT id FROM ${table} WHERE tenant_id = $1 AND plan_id = $2`, [tenantId, planId])).map((r: { id: number }) => Number(r.id));
  for (const id of await owned('work_order')) await deleteZonesOf(m, tenantId, 'work_order', id);
  for (const id of await owned('permit')) await deleteZonesOf(m, tenantId, 'permit', id);
  await deleteZonesOf(m, tenantId, 'prevention_plan', planId);
}

/** The plan's purge takes its zones and those of its work orders and permits with it. */
export const PLAN_ZONES_PURGE: PurgeHookDef = { table: 'prevention_plan', run: deletePlanZones };
