import { tenantKey } from '../../../server/kernel/storage';
import { zoneStorage } from '../../../server/modules/zone-map/zone-map.uploads';
import type { TestApp } from '../../support/app';
import { png } from '../../support/png';
import { insertPlan } from '../prevention-plan/plan-helpers';

/** A hierarchy item with a sector; the sector has a stored plan image (PNG `width` x 300) unless `image` is false. */
export async function sectorWithPlan(t: TestApp, tenantId: number, opts: { name?: string; width?: number; image?: boolean } = {}): Promise<{ itemId: number; sectorId: number; fileId: number | null }> {
  const q = async (sql: string, params: unknown[]) => (await t.db.dataSource.query(sql, params))[0].id as number;
  const type = await q("INSERT INTO hierarchy_type (tenant_id, name, level, attach_pdp) VALUES ($1, 'Site', 1, true) RETURNING id", [tenantId]);
  const itemId = await q("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Usine de Lyon', $2) RETURNING id", [tenantId, type]);
  let fileId: number | null = null;
  const width = opts.width ?? 600;
  if (opts.image !== false) {
    const bytes = png(width, 300);
    const key = tenantKey(tenantId, 'plan.png');
    await zoneStorage.put(key, bytes);
    fileId = await q(
      "INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, 'plan.png', 'image/png', $3) RETURNING id",
      [tenantId, key, bytes.length]);
  }
  const sectorId = await q(
    'INSERT INTO sector (tenant_id, item_id, name, plan_file_id, plan_width, plan_height) VALUES ($1, $2, $3, $4, $5, 300) RETURNING id',
    [tenantId, itemId, opts.name ?? 'Atelier de production', fileId, opts.image === false ? null : width]);
  return { itemId, sectorId, fileId };
}

/** A plan on the sector, from `start` to `end` days from today (creator `creatorId`). */
export function planOnSector(t: TestApp, tenantId: number, creatorId: number, sectorId: number | null, cols: Record<string, unknown> = {}): Promise<number> {
  return insertPlan(t, tenantId, creatorId, { sector_id: sectorId, start_date: -1, end_date: 5, status: 'draft', ordering_customer_id: creatorId, ...cols });
}

/** Inserts a zone directly. */
export async function insertZone(t: TestApp, tenantId: number, ownerType: string, ownerId: number, sectorId: number | null, type: string, data: unknown): Promise<number> {
  const [row] = await t.db.dataSource.query(
    'INSERT INTO map_zone (tenant_id, owner_type, owner_id, sector_id, type, data) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id',
    [tenantId, ownerType, ownerId, sectorId, type, JSON.stringify(data)]);
  return row.id;
}

/** A square polygon of `size` plan units from (lat, lng). */
export const square = (lat: number, lng: number, size: number) => ({ points: [{ lat, lng }, { lat, lng: lng + size }, { lat: lat + size, lng: lng + size }, { lat: lat + size, lng }] });
