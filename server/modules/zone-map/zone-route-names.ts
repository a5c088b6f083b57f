import type { ZoneOwnerType } from './map-zone.entity';
import { permitType } from '../permit/permit-types';

/** The names of one owner's zone routes (built by `zoneRoutes`, read by the map island's props). */
export interface ZoneRouteNames {
  /** GET `{id, sector}`: the localisation JSON (owner, sector plan, coactivities). */
  localise: string;
  /** POST `{id}`: the map image posted by the browser (multipart field `image`). */
  save: string;
  /** POST `{id}`: JSON `{type, data, sector}`, answers the zone. */
  add: string;
  /** POST `{id}` (the zone's id): JSON `{type, data}`, answers the zone. */
  edit: string;
  /** POST `{id}` (the zone's id), answers `{id}`. */
  delete: string;
}

/** The spec's names for the plan (`intervention_*`) and the work order (`work_order_*`); a permit's come with its type (`type.routes.zones`). */
export function zoneRouteNames(ownerType: ZoneOwnerType, kind?: string): ZoneRouteNames {
  if (ownerType === 'prevention_plan') {
    return { localise: 'intervention_localise', save: 'intervention_localise_save', add: 'intervention_leaflet_zone_add', edit: 'intervention_leaflet_zone_edit', delete: 'intervention_leaflet_zone_delete' };
  }
  if (ownerType === 'work_order') {
    return { localise: 'work_order_zones', save: 'work_order_screenshot', add: 'work_order_leaflet_zone_add', edit: 'work_order_leaflet_zone_edit', delete: 'work_order_leaflet_zone_delete' };
  }
  const type = permitType(kind ?? '');
  if (!type) throw new Error(`unknown permit type: ${kind}`);
  return type.routes.zones;
}
