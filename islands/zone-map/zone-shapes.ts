/**
 * Zones as the server stores them (plan pixel coordinates, leaflet CRS.Simple: `lat` is the
 * vertical axis 0..400 from the bottom, `lng` the horizontal one 0..plan width) and the map's
 * constants of spec 001 §9. No leaflet here: this module is unit-tested in node.
 */
import { toShape } from '../../server/modules/zone-map/geometry';

/** Height of the map, CSS pixels. */
export const MAP_HEIGHT = 500;
/** The plan image spans 400 units vertically, whatever its real height. */
export const PLAN_HEIGHT = 400;
export const INITIAL_ZOOM = 0;
export const MAX_ZOOM = 5;
/** Not in the spec: lets a plan wider than the panel be seen whole. */
export const MIN_ZOOM = -3;

/** The stored shape types. */
export type ZoneType = 'circle' | 'circlemarker' | 'marker' | 'polygon';

export interface LatLng { lat: number; lng: number }

/** A zone of the localise answer. */
export interface Zone { id: number; type: ZoneType | string; data: unknown }

/** A neighbouring owner of the localise answer. */
export interface Coactivity { id: number; pdpNumber: string; orderingCustomer: string | null; subject: string; zones: Zone[] }

/** The localise answer (spec 001 §3). `plan` null without sector, `path` null without image. */
export interface Localisation {
  intervention: { id: number; zones: Zone[]; nbZones: number };
  plan: { name: string; path: string | null; width: number | null } | null;
  coactivities: Coactivity[];
}

/** A zone ready to draw: what leaflet needs for each kind. */
export type Shape =
  | { kind: 'circle'; center: LatLng; radius: number }
  | { kind: 'circlemarker'; center: LatLng }
  | { kind: 'marker'; at: LatLng }
  | { kind: 'polygon'; points: LatLng[] };

/**
 * The drawable shape of a stored zone, or null when its data is not usable (skipped, not fatal).
 * Reads the data with the server's own parser (one definition of the stored layout).
 */
export function zoneShape(zone: Pick<Zone, 'type' | 'data'>): Shape | null {
  const shape = toShape(zone.type, zone.data);
  if (!shape) return null;
  if (shape.kind === 'circle') return { kind: 'circle', center: shape.c, radius: shape.r };
  if (shape.kind === 'polygon') return { kind: 'polygon', points: shape.points };
  return zone.type === 'marker' ? { kind: 'marker', at: shape.p } : { kind: 'circlemarker', center: shape.p };
}

const round = (n: number) => Math.round(n * 100) / 100;
const roundPoint = (p: LatLng): LatLng => ({ lat: round(p.lat), lng: round(p.lng) });

/** The `{type, data}` posted for a shape (coordinates rounded to 1/100 of a plan pixel). */
export function shapeToZone(shape: Shape): { type: ZoneType; data: unknown } {
  switch (shape.kind) {
    case 'circle': return { type: 'circle', data: { ...roundPoint(shape.center), radius: round(shape.radius) } };
    case 'circlemarker': return { type: 'circlemarker', data: roundPoint(shape.center) };
    case 'marker': return { type: 'marker', data: roundPoint(shape.at) };
    case 'polygon': return { type: 'polygon', data: { points: shape.points.map(roundPoint) } };
  }
}

/** The tooltip of a neighbour's zones: "number – ordering customer – subject" (empty parts left out). */
export function coactivityLabel(c: Pick<Coactivity, 'pdpNumber' | 'orderingCustomer' | 'subject'>): string {
  return [c.pdpNumber, c.orderingCustomer, c.subject].map((s) => (s ?? '').trim()).filter(Boolean).join(' – ');
}

/** Map options of spec 001 §9 for a plan `width` units wide. */
export function mapFrame(width: number): { bounds: [[number, number], [number, number]]; center: [number, number]; zoom: number; maxZoom: number; minZoom: number } {
  return { bounds: [[0, 0], [PLAN_HEIGHT, width]], center: [PLAN_HEIGHT / 2, width / 2], zoom: INITIAL_ZOOM, maxZoom: MAX_ZOOM, minZoom: MIN_ZOOM };
}

/** A point of the plan in the snapshot image's pixels (y grows downwards, the image is `width` x 400). */
export function toImagePoint(p: LatLng): { x: number; y: number } {
  return { x: p.lng, y: PLAN_HEIGHT - p.lat };
}

/** The URL of a zone's edit or delete route from its template. */
export function zoneUrl(template: string, placeholder: string, id: number): string {
  return template.replace(placeholder, String(id));
}
