/**
 * Exact intersection of the zone shapes in the plan's pixel coordinates (leaflet CRS.Simple:
 * `lat` vertical, `lng` horizontal; one unit = one pixel of the plan image at zoom 0).
 * A marker or a circle marker is a point; touching counts as intersecting.
 */

/** A point of the plan. */
export interface Pt { lat: number; lng: number }

/** A shape reduced to what the geometry needs. */
export type Shape =
  | { kind: 'point'; p: Pt }
  | { kind: 'circle'; c: Pt; r: number }
  | { kind: 'polygon'; points: Pt[] };

/** Tolerance of the "touching" comparisons (floating point error on pixel coordinates). */
const EPS = 1e-9;

/** `a <= b` up to a rounding error relative to the size of `b` (squared distances of large plans). */
const atMost = (a: number, b: number): boolean => a <= b + EPS * Math.max(1, Math.abs(b));

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function point(v: unknown): Pt | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const lat = num(o.lat);
  const lng = num(o.lng);
  return lat === null || lng === null ? null : { lat, lng };
}

/**
 * The shape of a stored zone (`type` + `data` as described on `MapZone`), or null when the data
 * is not a valid shape of that type.
 */
export function toShape(type: string, data: unknown): Shape | null {
  if (!data || typeof data !== 'object') return null;
  const o = data as Record<string, unknown>;
  if (type === 'marker' || type === 'circlemarker') {
    const p = point(o);
    return p ? { kind: 'point', p } : null;
  }
  if (type === 'circle') {
    const c = point(o);
    const r = num(o.radius);
    return c && r !== null && r >= 0 ? { kind: 'circle', c, r } : null;
  }
  if (type === 'polygon') {
    if (!Array.isArray(o.points) || o.points.length < 3) return null;
    const points = o.points.map(point);
    return points.every((p): p is Pt => p !== null) ? { kind: 'polygon', points } : null;
  }
  return null;
}

const sub = (a: Pt, b: Pt): Pt => ({ lat: a.lat - b.lat, lng: a.lng - b.lng });
const cross = (a: Pt, b: Pt): number => a.lng * b.lat - a.lat * b.lng;
const dot = (a: Pt, b: Pt): number => a.lng * b.lng + a.lat * b.lat;
const dist2 = (a: Pt, b: Pt): number => (a.lat - b.lat) ** 2 + (a.lng - b.lng) ** 2;

/** Squared distance from `p` to the segment [a, b]. */
export function segmentDistance2(p: Pt, a: Pt, b: Pt): number {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  if (len2 === 0) return dist2(p, a);
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2));
  return dist2(p, { lat: a.lat + t * ab.lat, lng: a.lng + t * ab.lng });
}

function edges(points: Pt[]): Array<[Pt, Pt]> {
  return points.map((p, i) => [p, points[(i + 1) % points.length]] as [Pt, Pt]);
}

/** Is `p` inside the polygon or on its border (even-odd rule; self-intersecting polygons as leaflet fills them)? */
export function pointInPolygon(p: Pt, points: Pt[]): boolean {
  let inside = false;
  for (const [a, b] of edges(points)) {
    if (atMost(segmentDistance2(p, a, b), 0)) return true;
    if ((a.lat > p.lat) !== (b.lat > p.lat)) {
      const x = a.lng + ((p.lat - a.lat) * (b.lng - a.lng)) / (b.lat - a.lat);
      if (p.lng < x) inside = !inside;
    }
  }
  return inside;
}

function orientation(a: Pt, b: Pt, c: Pt): number {
  const ab = sub(b, a);
  const ac = sub(c, a);
  const v = cross(ab, ac);
  // The cross product grows with the lengths: compare it with them.
  return Math.abs(v) <= EPS * Math.max(1, Math.hypot(ab.lat, ab.lng) * Math.hypot(ac.lat, ac.lng)) ? 0 : v > 0 ? 1 : -1;
}

function onSegment(a: Pt, b: Pt, p: Pt): boolean {
  return Math.min(a.lng, b.lng) - EPS <= p.lng && p.lng <= Math.max(a.lng, b.lng) + EPS
    && Math.min(a.lat, b.lat) - EPS <= p.lat && p.lat <= Math.max(a.lat, b.lat) + EPS;
}

/** Do the segments [a, b] and [c, d] share a point (touching included)? */
export function segmentsIntersect(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d))
    || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

function circleMeetsPolygon(c: Pt, r: number, points: Pt[]): boolean {
  if (pointInPolygon(c, points)) return true;
  const r2 = r * r;
  return edges(points).some(([a, b]) => atMost(segmentDistance2(c, a, b), r2));
}

function polygonsMeet(p: Pt[], q: Pt[]): boolean {
  for (const [a, b] of edges(p)) for (const [c, d] of edges(q)) if (segmentsIntersect(a, b, c, d)) return true;
  return pointInPolygon(p[0], q) || pointInPolygon(q[0], p);
}

/** Do two shapes share at least one point (touching counts)? */
export function shapesIntersect(s: Shape, t: Shape): boolean {
  if (s.kind === 'point') {
    if (t.kind === 'point') return atMost(dist2(s.p, t.p), 0);
    if (t.kind === 'circle') return atMost(dist2(s.p, t.c), t.r * t.r);
    return pointInPolygon(s.p, t.points);
  }
  if (s.kind === 'circle') {
    if (t.kind === 'point') return shapesIntersect(t, s);
    if (t.kind === 'circle') return atMost(dist2(s.c, t.c), (s.r + t.r) ** 2);
    return circleMeetsPolygon(s.c, s.r, t.points);
  }
  if (t.kind === 'polygon') return polygonsMeet(s.points, t.points);
  return shapesIntersect(t, s);
}

/** Do two stored zones intersect? Invalid data never intersects. */
export function zonesIntersect(a: { type: string; data: unknown }, b: { type: string; data: unknown }): boolean {
  const s = toShape(a.type, a.data);
  const t = toShape(b.type, b.data);
  return !!s && !!t && shapesIntersect(s, t);
}
