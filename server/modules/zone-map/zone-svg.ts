import type { Db } from '../../kernel/db/sql';
import { escapeHtml } from '../../kernel/pdf';
import { storedImageDataUrl } from '../../kernel/storage';
import type { ZoneOwnerType } from './map-zone.entity';
import { toShape } from './geometry';
import { DEFAULT_PLAN_WIDTH, findSector, listZones, type SectorPlan, type ZoneDto } from './zone.service';
import { zoneStorage } from './zone-map.uploads';

/** Height of the map in plan units (spec 001 §9: bounds [[0,0],[400, width]]). */
export const MAP_HEIGHT = 400;
/** Plan images larger than this are left out of PDFs and widgets. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** How a group of zones is drawn. */
export interface ZoneStyle {
  stroke: string;
  fill: string;
  /** Tooltip (`<title>`) of each shape. */
  title?: string;
  /** Text written on the group's first zone (the owner's number on the widget map). */
  label?: string;
}

/** The owner's own zones (blue) and the others' (orange), as on the island. */
export const OWN_STYLE: ZoneStyle = { stroke: '#0d6efd', fill: '#0d6efd' };
export const OTHER_STYLE: ZoneStyle = { stroke: '#fd7e14', fill: '#fd7e14' };

const n = (v: number) => Math.round(v * 100) / 100;

/** One zone as an SVG element in the map's coordinates (y downwards: y = 400 - lat); '' for invalid data. */
export function zoneSvgElement(zone: { type: string; data: unknown }, style: ZoneStyle): string {
  const shape = toShape(zone.type, zone.data);
  if (!shape) return '';
  const paint = (opacity: number) => `stroke="${escapeHtml(style.stroke)}" stroke-width="3" fill="${escapeHtml(style.fill)}" fill-opacity="${opacity}"`;
  const title = style.title ? `<title>${escapeHtml(style.title)}</title>` : '';
  if (shape.kind === 'point') {
    const x = n(shape.p.lng);
    const y = n(MAP_HEIGHT - shape.p.lat);
    // A marker: a pin whose tip is the point.
    return `<g>${title}<path d="M${x} ${y} l-7 -14 a8 8 0 1 1 14 0 z" ${paint(0.9)}/><circle cx="${x}" cy="${n(y - 17)}" r="3" fill="#fff"/></g>`;
  }
  if (shape.kind === 'circle') {
    return `<circle cx="${n(shape.c.lng)}" cy="${n(MAP_HEIGHT - shape.c.lat)}" r="${n(shape.r)}" ${paint(0.25)}>${title}</circle>`;
  }
  const points = shape.points.map((p) => `${n(p.lng)},${n(MAP_HEIGHT - p.lat)}`).join(' ');
  return `<polygon points="${points}" ${paint(0.25)}>${title}</polygon>`;
}

/** Where a zone's label goes: the point, the circle's centre, the middle of the polygon's bounding box (SVG coordinates). */
function labelAnchor(zone: { type: string; data: unknown }): { x: number; y: number } | null {
  const shape = toShape(zone.type, zone.data);
  if (!shape) return null;
  if (shape.kind === 'point') return { x: shape.p.lng, y: MAP_HEIGHT - shape.p.lat + 14 };
  if (shape.kind === 'circle') return { x: shape.c.lng, y: MAP_HEIGHT - shape.c.lat };
  const lats = shape.points.map((p) => p.lat);
  const lngs = shape.points.map((p) => p.lng);
  return { x: (Math.min(...lngs) + Math.max(...lngs)) / 2, y: MAP_HEIGHT - (Math.min(...lats) + Math.max(...lats)) / 2 };
}

function groupLabel(zones: Array<{ type: string; data: unknown }>, style: ZoneStyle): string {
  const at = style.label ? zones.map(labelAnchor).find((a) => a !== null) : null;
  if (!at || !style.label) return '';
  return `<text x="${n(at.x)}" y="${n(at.y)}" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="13" font-weight="bold" `
    + `fill="#212529" stroke="#fff" stroke-width="3" paint-order="stroke">${escapeHtml(style.label)}</text>`;
}

/**
 * An SVG of the plan image (`imageUrl`, stretched to the map's bounds like leaflet does) with
 * groups of zones on top.
 */
export function zonesSvg(width: number, imageUrl: string | null, groups: Array<{ zones: Array<{ type: string; data: unknown }>; style: ZoneStyle }>, label: string): string {
  const w = Math.max(1, Math.round(width));
  const image = imageUrl ? `<image href="${escapeHtml(imageUrl)}" x="0" y="0" width="${w}" height="${MAP_HEIGHT}" preserveAspectRatio="none"/>` : '';
  const shapes = groups.map((g) => g.zones.map((z) => zoneSvgElement(z, g.style)).join('')).join('');
  const labels = groups.map((g) => groupLabel(g.zones, g.style)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${MAP_HEIGHT}" width="100%" role="img" aria-label="${escapeHtml(label)}" class="vigie-zone-svg">${image}${shapes}${labels}</svg>`;
}

/** A sector's plan image as a data URL (PNG / JPEG), or null when it has none, is too large or is unreadable. */
export async function planImageDataUrl(db: Db, tenantId: number, sector: SectorPlan): Promise<string | null> {
  return storedImageDataUrl(db, zoneStorage, tenantId, sector.planFileId, MAX_IMAGE_BYTES);
}

/** Where the owner's zones are: the sector holding most of them. */
function mainSector(zones: ZoneDto[]): number | null {
  const counts = new Map<number, number>();
  for (const z of zones) if (z.sectorId !== null) counts.set(z.sectorId, (counts.get(z.sectorId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
}

/**
 * HTML for PDFs: for each sector the owner drew on (the sector with the most zones first), the
 * sector's plan image (data URL) with the zones drawn as inline SVG on top and the sector's name
 * as caption. '' when the owner has no zone or none of its sectors has a plan image.
 */
export async function zonesFigure(db: Db, tenantId: number, ownerType: ZoneOwnerType, ownerId: number): Promise<string> {
  const zones = await listZones(db, tenantId, ownerType, ownerId);
  const first = mainSector(zones);
  if (first === null) return '';
  const sectorIds = [first, ...new Set(zones.map((z) => z.sectorId).filter((s): s is number => s !== null && s !== first))];
  const figures: string[] = [];
  for (const id of sectorIds) {
    const sector = await findSector(db, tenantId, id);
    if (!sector) continue;
    const image = await planImageDataUrl(db, tenantId, sector);
    if (!image) continue;
    const svg = zonesSvg(sector.width ?? DEFAULT_PLAN_WIDTH, image, [{ zones: zones.filter((z) => z.sectorId === id), style: OWN_STYLE }], sector.name);
    figures.push(`<figure class="vigie-zone-figure" style="break-inside: avoid; margin: 0 0 12px">${svg}<figcaption style="font-size: 9pt; color: #555">${escapeHtml(sector.name)}</figcaption></figure>`);
  }
  return figures.join('');
}
