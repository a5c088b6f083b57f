import type { Request } from 'express';
import { renderView } from '../../kernel/http/render';
import type { ZoneOwnerType } from './map-zone.entity';
import { findCoactivities } from './coactivity.service';
import { ownerContext } from './zone-map.handlers';
import type { ZoneOwnerInfo } from './zone-owners';

/** Translation key of an owner's kind (`coactivity.kind.work_order`, `coactivity.kind.fire` ...). */
export function ownerKindKey(o: Pick<ZoneOwnerInfo, 'ownerType' | 'kind'>): string {
  return `coactivity.kind.${o.ownerType === 'permit' ? o.kind : o.ownerType}`;
}

/**
 * The coactivity warnings of an owner as HTML (one alert per other owner, a link to it, red when
 * a fire permit meets an ATEX permit), or '' when there is none. Show pages and tabs include it.
 */
export async function coactivityAlerts(req: Request, ownerType: ZoneOwnerType, ownerId: number): Promise<string> {
  const coactivities = await findCoactivities(ownerContext(req), ownerType, ownerId);
  if (!coactivities.length) return '';
  return renderView(req.res!, 'zone-map/_coactivities', { coactivities, label: (o: ZoneOwnerInfo) => req.t(ownerKindKey(o)) });
}
