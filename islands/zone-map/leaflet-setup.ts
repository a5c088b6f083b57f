import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet-draw/dist/leaflet.draw.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// The bundler renames the marker images: leaflet's guess of their folder from its CSS fails.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

let loading: Promise<typeof L> | null = null;

/**
 * Leaflet with leaflet-draw. leaflet-draw is a script that extends the global `L`: the global is
 * set to the bundle's leaflet first, then leaflet-draw is imported (once).
 */
export function loadLeaflet(): Promise<typeof L> {
  if (!loading) {
    (window as unknown as { L: typeof L }).L = L;
    loading = import('leaflet-draw').then(() => L);
  }
  return loading;
}

/** The leaflet-draw texts in the user's language (labels from the server's `zone-map` domain). */
export function localiseDraw(label: (key: string) => string): void {
  const d = L.drawLocal.draw;
  d.toolbar.actions = { title: label('draw.cancel'), text: label('draw.cancel') };
  d.toolbar.finish = { title: label('draw.finish'), text: label('draw.finish') };
  d.toolbar.undo = { title: label('draw.undo'), text: label('draw.undo') };
  d.toolbar.buttons = { ...d.toolbar.buttons, polygon: label('draw.polygon'), circle: label('draw.circle'), marker: label('draw.marker') };
  d.handlers.polygon.tooltip = { start: label('draw.polygon_start'), cont: label('draw.polygon_cont'), end: label('draw.polygon_end') };
  d.handlers.circle.tooltip = { start: label('draw.circle_start') };
  d.handlers.circle.radius = label('draw.radius');
  d.handlers.marker.tooltip = { start: label('draw.marker_start') };
  d.handlers.simpleshape.tooltip = { end: label('draw.release') };
  const e = L.drawLocal.edit;
  e.toolbar.actions = {
    save: { title: label('edit.save_title'), text: label('edit.save') },
    cancel: { title: label('edit.cancel_title'), text: label('edit.cancel') },
    clearAll: { title: label('edit.clear_all_title'), text: label('edit.clear_all') },
  };
  e.toolbar.buttons = { edit: label('edit.edit'), editDisabled: label('edit.edit_none'), remove: label('edit.remove'), removeDisabled: label('edit.remove_none') };
  e.handlers.edit.tooltip = { text: label('edit.drag'), subtext: label('edit.click_cancel') };
  e.handlers.remove.tooltip = { text: label('edit.click_remove') };
}
