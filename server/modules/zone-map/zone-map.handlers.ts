import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { orNotFound, routeId, tenantOf } from '../../kernel/http/respond';
import { keepUploads } from '../../kernel/uploads';
import type { ZoneOwnerType } from './map-zone.entity';
import { neighbours } from './coactivity.service';
import { zoneOwner, type ZoneOwnerContext, type ZoneOwnerInfo } from './zone-owners';
import { addZone, DEFAULT_PLAN_WIDTH, findSector, findZone, listZones, parseZoneInput, removeZone, saveSnapshot, updateZone, type OwnedZone, type SectorPlan } from './zone.service';
import { zoneStorage } from './zone-map.uploads';

/** Which owner a set of zone routes serves. */
export interface ZoneRouteOwner {
  ownerType: ZoneOwnerType;
  /** The permit type key, for permit routes: a zone of another type is not found there. */
  kind?: string;
}

/** The owner lookups' context for the request. */
export function ownerContext(req: Request): ZoneOwnerContext {
  return { db: req.ctx.db, tenantId: tenantOf(req), routes: req.ctx.routes };
}

async function authorize(req: Request, owner: ZoneRouteOwner, id: number, mode: 'view' | 'edit'): Promise<ZoneOwnerInfo> {
  const info = await zoneOwner(owner.ownerType).authorize(req, id, mode);
  if (owner.kind && info.kind !== owner.kind) throw new HttpError(404, 'errors.not_found.title');
  return info;
}

/** The zone of the route `{id}`, checked against its owner (404 for another owner type, kind or company). */
async function authorizedZone(req: Request, owner: ZoneRouteOwner): Promise<OwnedZone> {
  const zone = await findZone(req.ctx.db, tenantOf(req), routeId(req));
  if (!zone || zone.ownerType !== owner.ownerType) throw new HttpError(404, 'errors.not_found.title');
  await authorize(req, owner, zone.ownerId, 'edit');
  return zone;
}

/** The sector a request names: '0', empty or missing means the owner's own sector. */
async function requestedSector(req: Request, info: ZoneOwnerInfo, raw: unknown): Promise<SectorPlan | null> {
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text === '' || text === '0') return info.sectorId ? findSector(req.ctx.db, tenantOf(req), info.sectorId) : null;
  if (!/^\d+$/.test(text)) throw new HttpError(400, 'coactivity.errors.invalid_sector');
  return orNotFound(await findSector(req.ctx.db, tenantOf(req), Number(text)));
}

/** The `plan` part of the localisation: null without sector, `path` null when the sector has no plan image. */
function planOf(req: Request, sector: SectorPlan | null): { name: string; path: string | null; width: number | null } | null {
  if (!sector) return null;
  if (!sector.planFileId) return { name: sector.name, path: null, width: null };
  return { name: sector.name, path: req.ctx.routes.path('zone_sector_plan', { id: sector.id }), width: sector.width ?? DEFAULT_PLAN_WIDTH };
}

const shape = (z: { id: number; type: string; data: unknown }) => ({ id: z.id, type: z.type, data: z.data });

/** `GET <localise>`: the owner's zones on the sector, the sector's plan and the neighbouring work (spec 001 §3). */
export function localise(owner: ZoneRouteOwner) {
  return async (req: Request, res: Response): Promise<void> => {
    const info = await authorize(req, owner, routeId(req), 'view');
    const sector = await requestedSector(req, info, req.routeParams.sector);
    const sectorId = sector?.id ?? null;
    const all = await listZones(req.ctx.db, tenantOf(req), owner.ownerType, info.id);
    const zones = all.filter((z) => z.sectorId === sectorId).map(shape);
    const others = await neighbours(ownerContext(req), info, [sectorId]);
    res.set('Cache-Control', 'no-store').json({
      intervention: { id: info.id, zones, nbZones: all.length },
      plan: planOf(req, sector),
      coactivities: others.map((n) => ({
        id: n.info.id, pdpNumber: n.info.number, orderingCustomer: n.info.orderingCustomer, subject: n.info.subject, zones: n.zones.map(shape),
      })),
    });
  };
}

function invalidZone(req: Request, res: Response): void {
  res.status(400).json({ message: req.t('coactivity.errors.invalid_zone') });
}

/** `POST <add>`: JSON `{type, data, sector}` -> 201 and the zone. */
export function addLeafletZone(owner: ZoneRouteOwner) {
  return async (req: Request, res: Response): Promise<void> => {
    const info = await authorize(req, owner, routeId(req), 'edit');
    const input = parseZoneInput(req.body);
    if (!input) return invalidZone(req, res);
    const sector = await requestedSector(req, info, req.body?.sector);
    const zone = await addZone(req.ctx.db, tenantOf(req), { ownerType: owner.ownerType, ownerId: info.id }, input, sector?.id ?? null, req.authUser!.id);
    res.status(201).json(zone);
  };
}

/** `POST <edit>` (the zone's id): JSON `{type, data}` -> 200 and the zone. */
export function editLeafletZone(owner: ZoneRouteOwner) {
  return async (req: Request, res: Response): Promise<void> => {
    const zone = await authorizedZone(req, owner);
    const input = parseZoneInput(req.body);
    if (!input) return invalidZone(req, res);
    res.status(200).json(orNotFound(await updateZone(req.ctx.db, tenantOf(req), zone.id, input)));
  };
}

/** `POST <delete>` (the zone's id) -> 200 `{id}`. */
export function deleteLeafletZone(owner: ZoneRouteOwner) {
  return async (req: Request, res: Response): Promise<void> => {
    const zone = await authorizedZone(req, owner);
    orNotFound((await removeZone(req.ctx.db, tenantOf(req), zone.id)) || null);
    res.status(200).json({ id: zone.id });
  };
}

/** `POST <save>`: the map image (multipart `image`) kept as the owner's snapshot; refusals are logged and answered 400. */
export function saveMapImage(owner: ZoneRouteOwner) {
  return async (req: Request, res: Response): Promise<void> => {
    const info = await authorize(req, owner, routeId(req), 'edit');
    const upload = req.uploads?.[0];
    const refusal = req.uploadErrors?.[0];
    if (!upload || refusal) {
      console.error(`[zone-map] image de carte refusée (${owner.ownerType} ${info.id})`, refusal ?? 'aucun fichier');
      res.status(400).json({ message: refusal ? req.t(refusal.key, refusal.params) : req.t('coactivity.errors.no_image') });
      return;
    }
    const [file] = await keepUploads(req, zoneStorage, [upload]);
    const replaced = await req.ctx.db.transaction((m) => saveSnapshot(m, tenantOf(req), owner.ownerType, info.id, file.id));
    if (replaced) await zoneStorage.delete(replaced).catch((err: unknown) => console.error('[zone-map] ancienne image de carte', err));
    res.status(200).json({ message: req.t('coactivity.flash.image_saved') });
  };
}
