import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { Circle, CircleMarker, ImageOverlay, MapContainer, Polygon, Tooltip } from 'react-leaflet';
import { fetchLocalisation, postSnapshot } from './api';
import { OwnZones } from './OwnZones';
import { COACTIVITY_COLOUR, renderSnapshot } from './snapshot';
import { coactivityLabel, MAP_HEIGHT, mapFrame, zoneShape, type Coactivity, type Localisation, type Zone } from './zone-shapes';

/** Props serialised by `server/modules/zone-map/zone-map.panel.ts` (`ZoneMapIslandProps`). */
export interface ZoneMapProps {
  ownerId: number | null;
  canEdit: boolean;
  sectorId: number | null;
  sectors: Array<{ id: number; name: string }>;
  urls: { localise: Record<string, string>; save: string; add: string; edit: string; delete: string };
  placeholder: string;
  labels: Record<string, string>;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: Localisation };

const COACTIVITY_STYLE: L.PathOptions = { color: COACTIVITY_COLOUR, weight: 2, fillOpacity: 0.3, dashArray: '6 4' };
/** Set at creation (leaflet applies `className` only then; react-leaflet's `pathOptions` go through setStyle). */
const COACTIVITY_CLASS = 'vigie-zone-coactivity';

/** Waits this long after the last change before posting the map image. */
const SNAPSHOT_DELAY_MS = 400;

function CoactivityZone({ zone, label }: { zone: Zone; label: string }) {
  const shape = zoneShape(zone);
  if (!shape) return null;
  const tip = <Tooltip sticky>{label}</Tooltip>;
  switch (shape.kind) {
    case 'circle': return <Circle center={[shape.center.lat, shape.center.lng]} radius={shape.radius} className={COACTIVITY_CLASS} pathOptions={COACTIVITY_STYLE}>{tip}</Circle>;
    case 'polygon': return <Polygon positions={shape.points.map((p) => [p.lat, p.lng] as [number, number])} className={COACTIVITY_CLASS} pathOptions={COACTIVITY_STYLE}>{tip}</Polygon>;
    // A neighbour's marker is a small orange disc: another colour than the owner's blue pins.
    case 'circlemarker': return <CircleMarker center={[shape.center.lat, shape.center.lng]} radius={8} className={COACTIVITY_CLASS} pathOptions={COACTIVITY_STYLE}>{tip}</CircleMarker>;
    case 'marker': return <CircleMarker center={[shape.at.lat, shape.at.lng]} radius={8} className={COACTIVITY_CLASS} pathOptions={COACTIVITY_STYLE}>{tip}</CircleMarker>;
  }
}

function CoactivityList({ coactivities, label }: { coactivities: Coactivity[]; label: (k: string) => string }) {
  if (!coactivities.length) return <p className="text-muted small mt-2 mb-0" data-testid="zone-map-no-coactivity">{label('coactivities_none')}</p>;
  return (
    <div className="mt-2" data-testid="zone-map-coactivities">
      <div className="small fw-semibold"><span className="d-inline-block rounded-circle me-1 align-middle vigie-zone-swatch" />{label('coactivity')}</div>
      <ul className="list-unstyled small mb-0">
        {coactivities.map((c) => <li key={c.pdpNumber} data-testid="zone-map-coactivity">{coactivityLabel(c)}</li>)}
      </ul>
    </div>
  );
}

/** The zone map: sector select, the plan with the owner's zones (editable) and the neighbours' zones. */
export function ZoneMap(props: ZoneMapProps) {
  const { labels, urls, sectors, canEdit } = props;
  const label = useCallback((key: string) => labels[key] ?? key, [labels]);
  const first = props.sectorId && sectors.some((s) => s.id === props.sectorId) ? String(props.sectorId) : '0';
  const [sector, setSector] = useState(first);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const snapshotTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    const url = urls.localise[sector] ?? urls.localise['0'];
    fetchLocalisation(url, abort.signal)
      .then((data) => setLoad({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('[zone-map] localisation', error);
        setLoad({ status: 'failed' });
      });
    return () => abort.abort();
  }, [sector, urls.localise]);

  useEffect(() => () => window.clearTimeout(snapshotTimer.current), []);

  const data = load.status === 'ready' ? load.data : null;
  const plan = data?.plan?.path && data.plan.width ? { path: data.plan.path, width: data.plan.width } : null;
  const frame = useMemo(() => (plan ? mapFrame(plan.width) : null), [plan?.width]);
  const sectorNumber = Number(sector) || props.sectorId || 0;

  const onChange = useCallback((own: Zone[]) => {
    if (!plan || !data) return;
    window.clearTimeout(snapshotTimer.current);
    const others = data.coactivities.flatMap((c) => c.zones);
    snapshotTimer.current = window.setTimeout(() => {
      renderSnapshot(plan.path, plan.width, own, others)
        .then((image) => postSnapshot(urls.save, image))
        .catch((error: unknown) => console.error('[zone-map] image de la carte', error));
    }, SNAPSHOT_DELAY_MS);
  }, [plan?.path, plan?.width, data, urls.save]);

  return (
    <div className="vigie-zone-map-island" data-testid="zone-map-island" data-state={load.status}>
      {sectors.length > 1 && (
        <div className="d-flex align-items-center gap-2 mb-2">
          <label className="form-label mb-0 small" htmlFor={`zone-map-sector-${props.ownerId ?? 'new'}`}>{label('sector')}</label>
          <select id={`zone-map-sector-${props.ownerId ?? 'new'}`} className="form-select form-select-sm w-auto" value={sector} data-testid="zone-map-sector"
            onChange={(e) => setSector(e.target.value)}>
            {sectors.map((s) => <option key={s.id} value={String(s.id)}>{s.name}</option>)}
          </select>
        </div>
      )}
      {notice && <div className="alert alert-warning py-1 small" role="status">{notice}</div>}
      {load.status === 'loading' && (
        <div className="d-flex align-items-center justify-content-center border rounded bg-light text-muted vigie-zone-map-frame">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />{label('loading')}
        </div>
      )}
      {load.status === 'failed' && <div className="alert alert-danger" role="alert">{label('load_failed')}</div>}
      {data && !plan && <div className="alert alert-info" role="status" data-testid="zone-map-no-plan">{label('no_plan')}</div>}
      {data && plan && frame && (
        <>
          <MapContainer key={`${sector}:${plan.path}:${plan.width}`} crs={L.CRS.Simple} center={frame.center} zoom={frame.zoom} maxZoom={frame.maxZoom}
            minZoom={frame.minZoom} doubleClickZoom={false} attributionControl={false} style={{ height: MAP_HEIGHT }} className="border rounded">
            <ImageOverlay url={plan.path} bounds={frame.bounds} />
            {data.coactivities.map((c) => c.zones.map((z) => <CoactivityZone key={`${c.pdpNumber}-${z.id}`} zone={z} label={coactivityLabel(c)} />))}
            <OwnZones zones={data.intervention.zones} ownerId={props.ownerId} canEdit={canEdit} sector={sectorNumber} urls={urls}
              placeholder={props.placeholder} onChange={onChange} onDiscard={() => setNotice(label('discarded'))} />
          </MapContainer>
          <CoactivityList coactivities={data.coactivities} label={label} />
        </>
      )}
    </div>
  );
}
