import { coactivityLabel, mapFrame, shapeToZone, toImagePoint, zoneShape, zoneUrl } from './zone-shapes';

describe('zone shapes', () => {
  it('reads each stored type', () => {
    expect(zoneShape({ type: 'circle', data: { lat: 10, lng: 20, radius: 5 } })).toEqual({ kind: 'circle', center: { lat: 10, lng: 20 }, radius: 5 });
    expect(zoneShape({ type: 'circlemarker', data: { lat: 1, lng: 2 } })).toEqual({ kind: 'circlemarker', center: { lat: 1, lng: 2 } });
    expect(zoneShape({ type: 'marker', data: { lat: 3, lng: 4 } })).toEqual({ kind: 'marker', at: { lat: 3, lng: 4 } });
    expect(zoneShape({ type: 'polygon', data: { points: [{ lat: 0, lng: 0 }, { lat: 0, lng: 10 }, { lat: 10, lng: 10 }] } })).toEqual({
      kind: 'polygon', points: [{ lat: 0, lng: 0 }, { lat: 0, lng: 10 }, { lat: 10, lng: 10 }],
    });
  });

  it('skips broken data instead of failing', () => {
    expect(zoneShape({ type: 'circle', data: { lat: 1, lng: 2 } })).toBeNull();
    expect(zoneShape({ type: 'polygon', data: { points: [{ lat: 0, lng: 0 }, { lat: 1, lng: 1 }] } })).toBeNull();
    expect(zoneShape({ type: 'marker', data: null })).toBeNull();
    expect(zoneShape({ type: 'rectangle', data: { lat: 1, lng: 1 } })).toBeNull();
  });

  it('posts rounded coordinates in the stored layout', () => {
    expect(shapeToZone({ kind: 'circle', center: { lat: 1.23456, lng: 2 }, radius: 3.33333 })).toEqual({ type: 'circle', data: { lat: 1.23, lng: 2, radius: 3.33 } });
    expect(shapeToZone({ kind: 'marker', at: { lat: 5, lng: 6 } })).toEqual({ type: 'marker', data: { lat: 5, lng: 6 } });
    expect(shapeToZone({ kind: 'polygon', points: [{ lat: 0, lng: 0 }, { lat: 1, lng: 0 }, { lat: 1, lng: 1 }] }).type).toBe('polygon');
  });

  it('frames the plan as spec 001 §9 says', () => {
    expect(mapFrame(800)).toEqual({ bounds: [[0, 0], [400, 800]], center: [200, 400], zoom: 0, maxZoom: 5, minZoom: -3 });
  });

  it('labels a neighbour "number – ordering customer – subject"', () => {
    expect(coactivityLabel({ pdpNumber: 'PDP-2026-0001', orderingCustomer: 'Jean Dupont', subject: 'Peinture' })).toBe('PDP-2026-0001 – Jean Dupont – Peinture');
    expect(coactivityLabel({ pdpNumber: 'BT-3', orderingCustomer: null, subject: 'Soudure' })).toBe('BT-3 – Soudure');
  });

  it('maps plan points to image pixels and fills zone URLs', () => {
    expect(toImagePoint({ lat: 400, lng: 0 })).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ lat: 100, lng: 50 })).toEqual({ x: 50, y: 300 });
    expect(zoneUrl('/prevention-plan/leaflet-zone/987654321/edit', '987654321', 12)).toBe('/prevention-plan/leaflet-zone/12/edit');
  });
});
