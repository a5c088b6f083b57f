import type { RouteDef } from '../../kernel/http/route-table';
import type { ZoneOwnerType } from './map-zone.entity';
import { zoneRouteNames } from './zone-route-names';
import { addLeafletZone, deleteLeafletZone, editLeafletZone, localise, saveMapImage } from './zone-map.handlers';
import { parseSnapshot } from './zone-map.uploads';

/** What an owner module says about its zone routes. */
export interface ZoneRoutesConfig {
  ownerType: ZoneOwnerType;
  /** The permit type key (permits only). */
  kind?: string;
  /** `/work-order`, `/<permit slug>`, `/prevention-plan`. */
  basePath: string;
  /** The right every zone route needs (the owner's `authorize` then decides view / edit). */
  viewRight: string;
  /** Feature toggle of the owner's module, if any. */
  toggle?: string;
}

/**
 * The five zone routes of an owner, named by `zoneRouteNames(ownerType, kind)`:
 * localise GET `{base}/{id}/localise/{sector}` (sector '0' = the owner's own sector),
 * save POST `{base}/{id}/localise/save` (multipart `image`),
 * add POST `{base}/{id}/leaflet-zone/add` (JSON `{type, data, sector}` -> 201 zone),
 * edit POST `{base}/leaflet-zone/{id}/edit` (JSON `{type, data}` -> 200 zone),
 * delete POST `{base}/leaflet-zone/{id}/delete` (-> 200 `{id}`).
 */
export function zoneRoutes(cfg: ZoneRoutesConfig): RouteDef[] {
  const names = zoneRouteNames(cfg.ownerType, cfg.kind);
  const owner = { ownerType: cfg.ownerType, kind: cfg.kind };
  const base = { right: cfg.viewRight, ...(cfg.toggle ? { toggle: cfg.toggle } : {}) };
  return [
    { ...base, name: names.localise, method: 'GET', path: `${cfg.basePath}/{id}/localise/{sector}`, defaults: { sector: '0' }, requirements: { sector: '\\d+' }, handler: localise(owner) },
    { ...base, name: names.save, method: 'POST', path: `${cfg.basePath}/{id}/localise/save`, bodyParsers: [parseSnapshot], handler: saveMapImage(owner) },
    { ...base, name: names.add, method: 'POST', path: `${cfg.basePath}/{id}/leaflet-zone/add`, handler: addLeafletZone(owner) },
    { ...base, name: names.edit, method: 'POST', path: `${cfg.basePath}/leaflet-zone/{id}/edit`, handler: editLeafletZone(owner) },
    { ...base, name: names.delete, method: 'POST', path: `${cfg.basePath}/leaflet-zone/{id}/delete`, handler: deleteLeafletZone(owner) },
  ];
}
