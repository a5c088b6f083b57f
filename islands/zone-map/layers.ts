import L from 'leaflet';
import type { Shape } from './zone-shapes';

/** A layer of the owner's editable group, with the id of the zone it shows once saved. */
export type ZoneLayer = L.Layer & { zoneId?: number };

/** The shape a leaflet layer shows (drawn or edited by leaflet-draw), or null for other layers. */
export function layerShape(layer: L.Layer): Shape | null {
  if (layer instanceof L.Circle) {
    const c = layer.getLatLng();
    return { kind: 'circle', center: { lat: c.lat, lng: c.lng }, radius: layer.getRadius() };
  }
  if (layer instanceof L.CircleMarker) {
    const c = layer.getLatLng();
    return { kind: 'circlemarker', center: { lat: c.lat, lng: c.lng } };
  }
  if (layer instanceof L.Marker) {
    const c = layer.getLatLng();
    return { kind: 'marker', at: { lat: c.lat, lng: c.lng } };
  }
  if (layer instanceof L.Polygon) {
    const rings = layer.getLatLngs() as L.LatLng[][];
    const ring = Array.isArray(rings[0]) ? rings[0] : (rings as unknown as L.LatLng[]);
    return { kind: 'polygon', points: ring.map((p) => ({ lat: p.lat, lng: p.lng })) };
  }
  return null;
}

/** The leaflet layer of a stored shape. */
export function shapeLayer(shape: Shape, style: L.PathOptions): L.Layer {
  switch (shape.kind) {
    case 'circle': return L.circle([shape.center.lat, shape.center.lng], { ...style, radius: shape.radius });
    case 'circlemarker': return L.circleMarker([shape.center.lat, shape.center.lng], { ...style, radius: 8 });
    case 'marker': return L.marker([shape.at.lat, shape.at.lng]);
    case 'polygon': return L.polygon(shape.points.map((p) => [p.lat, p.lng] as [number, number]), style);
  }
}
