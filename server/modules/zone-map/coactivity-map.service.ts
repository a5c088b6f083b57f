import { todayIso } from '../../kernel/clock';
import { zonesIntersect } from './geometry';
import { isCritical, isParentChild, type Neighbour } from './coactivity.service';
import { zoneOwners, type ZoneOwnerContext, type ZoneOwnerInfo } from './zone-owners';
import { listZonesOfOwners } from './zone.service';
import { dayPeriod } from './zone-period';

/** Two owners whose zones meet on a sector on the day. */
export interface CoactivityPair {
  a: ZoneOwnerInfo;
  b: ZoneOwnerInfo;
  sectorId: number | null;
  critical: boolean;
  /** Zones of either owner that meet a zone of the other. */
  zoneIds: number[];
}

/** The work of one day: each live owner with its zones, and the pairs that meet. */
export interface DayActivity {
  owners: Neighbour[];
  pairs: CoactivityPair[];
}

/**
 * Every live owner whose period holds the day (`YYYY-MM-DD`, today by default) with its zones, and
 * the coactivities among them; `keep` leaves out the owners a user may not see.
 */
export async function dayActivity(ctx: ZoneOwnerContext, day: string = todayIso(), keep: (o: ZoneOwnerInfo) => Promise<boolean> = async () => true): Promise<DayActivity> {
  const { start, end } = dayPeriod(day, day);
  const owners: Neighbour[] = [];
  for (const owner of zoneOwners()) {
    const infos = await owner.overlapping(ctx, start, end);
    const zones = await listZonesOfOwners(ctx.db, ctx.tenantId, owner.ownerType, infos.map((o) => o.id));
    for (const info of infos) {
      const mine = zones.filter((z) => z.ownerId === info.id);
      if (mine.length && await keep(info)) owners.push({ info, zones: mine });
    }
  }
  const pairs: CoactivityPair[] = [];
  for (let i = 0; i < owners.length; i++) {
    for (let j = i + 1; j < owners.length; j++) {
      const [x, y] = [owners[i], owners[j]];
      if (isParentChild(x.info, y.info)) continue;
      const bySector = new Map<number | null, Set<number>>();
      for (const zx of x.zones) {
        for (const zy of y.zones) {
          if (zx.sectorId === null || zx.sectorId !== zy.sectorId || !zonesIntersect(zx, zy)) continue;
          const ids = bySector.get(zx.sectorId) ?? new Set<number>();
          ids.add(zx.id).add(zy.id);
          bySector.set(zx.sectorId, ids);
        }
      }
      for (const [sectorId, ids] of bySector) pairs.push({ a: x.info, b: y.info, sectorId, critical: isCritical(x.info, y.info), zoneIds: [...ids] });
    }
  }
  pairs.sort((p, q) => Number(q.critical) - Number(p.critical));
  return { owners, pairs };
}

/** The sector shown by default: the one with most zones of the day (null when there is none). */
export function busiestSector(day: DayActivity): number | null {
  const counts = new Map<number, number>();
  for (const o of day.owners) for (const z of o.zones) if (z.sectorId !== null) counts.set(z.sectorId, (counts.get(z.sectorId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
}
