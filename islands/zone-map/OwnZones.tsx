import { useEffect } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import { postZone } from './api';
import { layerShape, shapeLayer, type ZoneLayer } from './layers';
import { OWN_COLOUR } from './snapshot';
import { shapeToZone, zoneShape, zoneUrl, type Zone } from './zone-shapes';

/** What the owner's layer needs from the island. */
export interface OwnZonesProps {
  zones: Zone[];
  /** Null: the owner does not exist yet, drawn shapes are discarded (spec 001 §5). */
  ownerId: number | null;
  canEdit: boolean;
  /** The sector shown (sent with each new zone). */
  sector: number;
  urls: { add: string; edit: string; delete: string };
  placeholder: string;
  /** Called after each saved change with the owner's zones as they now are. */
  onChange: (zones: Zone[]) => void;
  onDiscard: () => void;
}

const STYLE: L.PathOptions = { color: OWN_COLOUR, weight: 3, fillOpacity: 0.25, className: 'vigie-zone-own' };

/**
 * The owner's zones in an editable group with the leaflet-draw toolbar (circle, marker, polygon;
 * edit and delete). Leaflet-draw changes the group itself, so the group is leaflet's, not React's.
 */
export function OwnZones(props: OwnZonesProps) {
  const map = useMap();
  const { zones, ownerId, canEdit, sector, urls, placeholder, onChange, onDiscard } = props;

  useEffect(() => {
    const group = new L.FeatureGroup();
    const saved = new Map<number, Zone>();
    for (const zone of zones) {
      const shape = zoneShape(zone);
      if (!shape) continue;
      const layer = shapeLayer(shape, STYLE) as ZoneLayer;
      layer.zoneId = zone.id;
      saved.set(zone.id, zone);
      group.addLayer(layer);
    }
    map.addLayer(group);
    const changed = () => onChange([...saved.values()]);

    const onCreated = async (event: L.LeafletEvent) => {
      const layer = (event as L.DrawEvents.Created).layer as ZoneLayer;
      const shape = layerShape(layer);
      if (!shape) return;
      if (!ownerId) { onDiscard(); return; }
      const path: L.Layer = layer;
      if (path instanceof L.Path) path.setStyle(STYLE);
      group.addLayer(layer);
      const zone = await postZone<Zone>(urls.add, { ...shapeToZone(shape), sector }, 'ajout de zone');
      if (!zone) { group.removeLayer(layer); return; }
      layer.zoneId = zone.id;
      saved.set(zone.id, { id: zone.id, type: zone.type, data: zone.data });
      changed();
    };
    const onEdited = async (event: L.LeafletEvent) => {
      const layers = (event as L.DrawEvents.Edited).layers.getLayers() as ZoneLayer[];
      const done = await Promise.all(layers.map(async (layer) => {
        const shape = layerShape(layer);
        if (!layer.zoneId || !shape) return false;
        const zone = await postZone<Zone>(zoneUrl(urls.edit, placeholder, layer.zoneId), shapeToZone(shape), 'modification de zone');
        if (zone) saved.set(layer.zoneId, { id: layer.zoneId, type: zone.type, data: zone.data });
        return !!zone;
      }));
      if (done.some(Boolean)) changed();
    };
    const onDeleted = async (event: L.LeafletEvent) => {
      const layers = (event as L.DrawEvents.Deleted).layers.getLayers() as ZoneLayer[];
      const done = await Promise.all(layers.map(async (layer) => {
        if (!layer.zoneId) return false;
        const ok = await postZone<{ id: number }>(zoneUrl(urls.delete, placeholder, layer.zoneId), undefined, 'suppression de zone');
        if (ok) saved.delete(layer.zoneId);
        return !!ok;
      }));
      if (done.some(Boolean)) changed();
    };

    let control: L.Control.Draw | null = null;
    if (canEdit) {
      control = new L.Control.Draw({
        position: 'topleft',
        draw: {
          polyline: false, rectangle: false, circlemarker: false,
          polygon: { allowIntersection: false, showArea: false, showLength: false, shapeOptions: STYLE },
          circle: { showRadius: false, shapeOptions: STYLE },
          marker: {},
        },
        edit: { featureGroup: group, edit: {}, remove: true },
      });
      map.addControl(control);
      map.on(L.Draw.Event.CREATED, onCreated);
      map.on(L.Draw.Event.EDITED, onEdited);
      map.on(L.Draw.Event.DELETED, onDeleted);
    }
    return () => {
      map.off(L.Draw.Event.CREATED, onCreated);
      map.off(L.Draw.Event.EDITED, onEdited);
      map.off(L.Draw.Event.DELETED, onDeleted);
      if (control) map.removeControl(control);
      map.removeLayer(group);
    };
    // The props are fixed for one map (the map is rebuilt when the sector changes).
  }, [map]);

  return null;
}
