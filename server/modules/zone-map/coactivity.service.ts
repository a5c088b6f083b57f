import type { ZoneOwnerType } from './map-zone.entity';
import { zonesIntersect } from './geometry';
import { zoneOwner, zoneOwners, type ZoneOwnerContext, type ZoneOwnerInfo } from './zone-owners';
import { listZonesOfOwners, publicZone, type OwnedZone, type ZoneDto } from './zone.service';

/** Another owner whose work meets this one's in time and space. */
export interface Coactivity {
  other: ZoneOwnerInfo;
  /** The other owner's zones that meet one of ours. */
  zones: ZoneDto[];
  /** A fire permit meets an ATEX permit (shown in red). */
  critical: boolean;
}

/** An owner with its zones on the sectors that matter. */
export interface Neighbour {
  info: ZoneOwnerInfo;
  zones: OwnedZone[];
}

const isPermit = (o: ZoneOwnerInfo, kind: string) => o.ownerType === 'permit' && o.kind === kind;

/** A fire permit next to an ATEX permit: the only pair flagged critical. */
export function isCritical(a: ZoneOwnerInfo, b: ZoneOwnerInfo): boolean {
  return (isPermit(a, 'fire') && isPermit(b, 'atex')) || (isPermit(a, 'atex') && isPermit(b, 'fire'));
}

/** True when one owner is the prevention plan the other belongs to (a plan's own work orders and permits are not its coactivities). */
export function isParentChild(a: ZoneOwnerInfo, b: ZoneOwnerInfo): boolean {
  return (a.ownerType === 'prevention_plan' && b.planId === a.id) || (b.ownerType === 'prevention_plan' && a.planId === b.id);
}

const same = (a: ZoneOwnerInfo, b: { ownerType: string; id: number }) => a.ownerType === b.ownerType && a.id === b.id;

/**
 * The live owners of every type whose period meets `self`'s (itself and its plan/children left
 * out), each with its zones drawn on one of `sectorIds`. Zones without sector are never compared:
 * without a common plan image their coordinates mean nothing.
 */
export async function neighbours(ctx: ZoneOwnerContext, self: ZoneOwnerInfo, sectorIds: Array<number | null>): Promise<Neighbour[]> {
  const sectors = sectorIds.filter((s): s is number => s !== null);
  const out: Neighbour[] = [];
  if (!sectors.length) return out;
  for (const owner of zoneOwners()) {
    const infos = (await owner.overlapping(ctx, self.start, self.end)).filter((o) => !same(o, self) && !isParentChild(o, self));
    if (!infos.length) continue;
    const zones = await listZonesOfOwners(ctx.db, ctx.tenantId, owner.ownerType, infos.map((o) => o.id));
    for (const info of infos) {
      const mine = zones.filter((z) => z.ownerId === info.id && z.sectorId !== null && sectors.includes(z.sectorId));
      if (mine.length) out.push({ info, zones: mine });
    }
  }
  return out;
}

/** The coactivities of `zones` (the owner's own zones) among `candidates`: zones on the same sector that intersect. */
export function coactivitiesAmong(self: ZoneOwnerInfo, zones: OwnedZone[] | ZoneDto[], candidates: Neighbour[]): Coactivity[] {
  const out: Coactivity[] = [];
  for (const n of candidates) {
    const meeting = n.zones.filter((z) => z.sectorId !== null && zones.some((mine) => mine.sectorId === z.sectorId && zonesIntersect(mine, z)));
    if (meeting.length) out.push({ other: n.info, zones: meeting.map(publicZone), critical: isCritical(self, n.info) });
  }
  return out.sort((a, b) => Number(b.critical) - Number(a.critical) || a.other.start.getTime() - b.other.start.getTime()
    || a.other.ownerType.localeCompare(b.other.ownerType) || a.other.id - b.other.id);
}

/**
 * The coactivities of one owner: the live owners (plans, work orders, permits) whose period
 * meets its own, with a zone on one of its sectors that intersects one of its zones; critical
 * when a fire permit meets an ATEX permit. Empty when the owner is unknown or has no zone.
 */
export async function findCoactivities(ctx: ZoneOwnerContext, ownerType: ZoneOwnerType, ownerId: number): Promise<Coactivity[]> {
  const [self] = await zoneOwner(ownerType).load(ctx, [ownerId]);
  if (!self) return [];
  const zones = await listZonesOfOwners(ctx.db, ctx.tenantId, ownerType, [ownerId]);
  if (!zones.length) return [];
  const sectors = [...new Set(zones.map((z) => z.sectorId))];
  return coactivitiesAmong(self, zones, await neighbours(ctx, self, sectors));
}
