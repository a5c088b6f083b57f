import type { EntityManager } from 'typeorm';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { ZONE_TYPES, type ZoneOwnerType, type ZoneType } from './map-zone.entity';
import { toShape } from './geometry';

/** A zone as the routes and the island see it. */
export interface ZoneDto {
  id: number;
  type: ZoneType;
  data: unknown;
  sectorId: number | null;
}

/** A zone with its owner (coactivity lookups). */
export interface OwnedZone extends ZoneDto {
  ownerType: ZoneOwnerType;
  ownerId: number;
}

/** What a client may post for a zone: its shape type and data. */
export interface ZoneInput {
  type: ZoneType;
  data: unknown;
}

const COLUMNS = `id, type, data, sector_id AS "sectorId", owner_type AS "ownerType", owner_id AS "ownerId"`;

function dto(r: any): OwnedZone {
  return { id: Number(r.id), type: r.type, data: r.data, sectorId: r.sectorId === null ? null : Number(r.sectorId), ownerType: r.ownerType, ownerId: Number(r.ownerId) };
}

/** The zone without its owner columns (what routes answer). */
export function publicZone(z: ZoneDto): ZoneDto {
  return { id: z.id, type: z.type, data: z.data, sectorId: z.sectorId };
}

/** Keeps only the numeric fields of a shape, in the documented layout (nothing else is stored). */
function cleanData(type: ZoneType, data: unknown): unknown {
  const shape = toShape(type, data);
  if (!shape) return null;
  if (shape.kind === 'point') return { lat: shape.p.lat, lng: shape.p.lng };
  if (shape.kind === 'circle') return { lat: shape.c.lat, lng: shape.c.lng, radius: shape.r };
  return { points: shape.points.map((p) => ({ lat: p.lat, lng: p.lng })) };
}

/** The posted `{type, data}` checked and cleaned, or null when it is not a valid shape. */
export function parseZoneInput(body: unknown): ZoneInput | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const type = b.type;
  if (typeof type !== 'string' || !(ZONE_TYPES as readonly string[]).includes(type)) return null;
  // Clients may send `data` as a JSON string (form posts): accept both.
  let data = b.data;
  if (typeof data === 'string') {
    try { data = JSON.parse(data); } catch { return null; }
  }
  const clean = cleanData(type as ZoneType, data);
  return clean ? { type: type as ZoneType, data: clean } : null;
}

/** The zones of one owner (every sector), oldest first. */
export async function listZones(db: Db, tenantId: number, ownerType: ZoneOwnerType, ownerId: number): Promise<ZoneDto[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM map_zone WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3 ORDER BY id`, [tenantId, ownerType, ownerId]);
  return rows.map((r: any) => publicZone(dto(r)));
}

/** The zones of several owners of one type (coactivity lookups). */
export async function listZonesOfOwners(db: Db, tenantId: number, ownerType: ZoneOwnerType, ownerIds: number[]): Promise<OwnedZone[]> {
  if (!ownerIds.length) return [];
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM map_zone WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = ANY($3::int[]) ORDER BY id`, [tenantId, ownerType, ownerIds]);
  return rows.map(dto);
}

/** The zones of every owner drawn on one sector (the coactivity map widget filters by owner). */
export async function listZonesOfSector(db: Db, tenantId: number, sectorId: number): Promise<OwnedZone[]> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM map_zone WHERE tenant_id = $1 AND sector_id = $2 ORDER BY id`, [tenantId, sectorId]);
  return rows.map(dto);
}

/** One zone of the company, or null. */
export async function findZone(db: Db, tenantId: number, zoneId: number): Promise<OwnedZone | null> {
  if (!Number.isSafeInteger(zoneId)) return null;
  const rows = await db.query(`SELECT ${COLUMNS} FROM map_zone WHERE tenant_id = $1 AND id = $2`, [tenantId, zoneId]);
  return rows[0] ? dto(rows[0]) : null;
}

/** Adds a zone to an owner on a sector. */
export async function addZone(db: Db, tenantId: number, owner: { ownerType: ZoneOwnerType; ownerId: number }, input: ZoneInput, sectorId: number | null, userId: number | null): Promise<ZoneDto> {
  const rows = rowsOf(await db.query(
    `INSERT INTO map_zone (tenant_id, owner_type, owner_id, sector_id, type, data, created_by_id)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) RETURNING ${COLUMNS}`,
    [tenantId, owner.ownerType, owner.ownerId, sectorId, input.type, JSON.stringify(input.data), userId]));
  return publicZone(dto(rows[0]));
}

/** Replaces a zone's shape; null when it is gone. */
export async function updateZone(db: Db, tenantId: number, zoneId: number, input: ZoneInput): Promise<ZoneDto | null> {
  const rows = rowsOf(await db.query(
    `UPDATE map_zone SET type = $3, data = $4::jsonb, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [tenantId, zoneId, input.type, JSON.stringify(input.data)]));
  return rows[0] ? publicZone(dto(rows[0])) : null;
}

/** Removes one zone; false when it was already gone. */
export async function removeZone(db: Db, tenantId: number, zoneId: number): Promise<boolean> {
  const rows = rowsOf(await db.query('DELETE FROM map_zone WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, zoneId]));
  return rows.length > 0;
}

/**
 * Removes every zone and the map snapshot of an owner: owners call it in the transaction that
 * deletes the owner (no FK ties `owner_id` to its table).
 */
export async function deleteZonesOf(m: EntityManager, tenantId: number, ownerType: ZoneOwnerType, ownerId: number): Promise<void> {
  await m.query('DELETE FROM map_zone WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3', [tenantId, ownerType, ownerId]);
  // The snapshot row goes with its file (FK cascade); the stored object stays until a storage purge.
  await m.query(
    'DELETE FROM stored_file WHERE tenant_id = $1 AND id IN (SELECT file_id FROM map_snapshot WHERE tenant_id = $1 AND owner_type = $2 AND owner_id = $3)',
    [tenantId, ownerType, ownerId]);
}

/** Width assumed for a plan image whose size was never read (leaflet and the SVG need one). */
export const DEFAULT_PLAN_WIDTH = 800;

/** A sector with its plan image, as the map draws it. */
export interface SectorPlan {
  id: number;
  name: string;
  planFileId: number | null;
  /** Pixel size of the plan image (null when unknown). */
  width: number | null;
  height: number | null;
}

/** A sector of the company, or null. */
export async function findSector(db: Db, tenantId: number, sectorId: number): Promise<SectorPlan | null> {
  if (!Number.isSafeInteger(sectorId)) return null;
  const rows = await db.query(
    `SELECT id, name, plan_file_id AS "planFileId", plan_width AS width, plan_height AS height FROM sector WHERE tenant_id = $1 AND id = $2`,
    [tenantId, sectorId]);
  const r = rows[0];
  return r ? { id: Number(r.id), name: r.name, planFileId: r.planFileId === null ? null : Number(r.planFileId), width: r.width === null ? null : Number(r.width), height: r.height === null ? null : Number(r.height) } : null;
}

/**
 * Stores the map image posted by the browser as the owner's snapshot (one per owner; the newest
 * wins) and removes the row of the image it replaces (the island posts after every change).
 * Returns the storage key of the replaced image, for the caller to delete after the commit.
 */
export async function saveSnapshot(m: EntityManager, tenantId: number, ownerType: ZoneOwnerType, ownerId: number, fileId: number): Promise<string | null> {
  const [old] = await m.query(
    `SELECT f.id, f.storage_key AS key FROM map_snapshot s JOIN stored_file f ON f.id = s.file_id
      WHERE s.tenant_id = $1 AND s.owner_type = $2 AND s.owner_id = $3 FOR UPDATE OF s`, [tenantId, ownerType, ownerId]);
  await m.query(
    `INSERT INTO map_snapshot (tenant_id, owner_type, owner_id, file_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, owner_type, owner_id) DO UPDATE SET file_id = EXCLUDED.file_id, created_at = now()`,
    [tenantId, ownerType, ownerId, fileId]);
  if (!old || Number(old.id) === fileId) return null;
  await m.query('DELETE FROM stored_file WHERE id = $1 AND tenant_id = $2', [old.id, tenantId]);
  return old.key;
}
