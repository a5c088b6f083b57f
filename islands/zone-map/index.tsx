import { createRoot } from 'react-dom/client';
import { loadLeaflet, localiseDraw } from './leaflet-setup';
import type { ZoneMapProps } from './ZoneMap';
import './zone-map.css';

export type { ZoneMapProps };

/**
 * Island contract: the zone map of a plan, work order or permit (leaflet + react-leaflet +
 * leaflet-draw). Props come from `zoneMapPanel` (server/modules/zone-map/zone-map.panel.ts).
 */
export function mount(el: HTMLElement, props: ZoneMapProps): () => void {
  const root = createRoot(el);
  let gone = false;
  // leaflet-draw needs the global `L` before it loads: the map module is imported after it.
  void loadLeaflet()
    .then(async () => {
      localiseDraw((key) => props.labels[key] ?? key);
      const { ZoneMap } = await import('./ZoneMap');
      if (!gone) root.render(<ZoneMap {...props} />);
    })
    .catch((error: unknown) => console.error('[zone-map] leaflet', error));
  return () => { gone = true; root.unmount(); };
}
