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

/** The spec's names for the plan (`intervention_*`), `<prefix>_zones` / `_screenshot` / `_leaflet_zone_*` otherwise. */
export function zoneRouteNames(ownerType: ZoneOwnerType, kind?: string): ZoneRouteNames {
  if (ownerType === 'prevention_plan') {
    return { localise: 'intervention_localise', save: 'intervention_localise_save', add: 'intervention_leaflet_zone_add', edit: 'intervention_leaflet_zone_edit', delete: 'intervention_leaflet_zone_delete' };
  }
  const prefix = ownerType === 'work_order' ? 'work_order' : permitType(kind ?? '')?.routePrefix;
  if (!prefix) throw new Error(`unknown permit type: ${kind}`);
  return { localise: `${prefix}_zones`, save: `${prefix}_screenshot`, add: `${prefix}_leaflet_zone_add`, edit: `${prefix}_leaflet_zone_edit`, delete: `${prefix}_leaflet_zone_delete` };
}
