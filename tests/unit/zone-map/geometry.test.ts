import { pointInPolygon, segmentsIntersect, shapesIntersect, toShape, zonesIntersect, type Shape } from '../../../server/modules/zone-map/geometry';

const pt = (lat: number, lng: number) => ({ lat, lng });
const square = (lat: number, lng: number, size: number) => ({ points: [pt(lat, lng), pt(lat, lng + size), pt(lat + size, lng + size), pt(lat + size, lng)] });
const z = (type: string, data: unknown) => ({ type, data });

describe('toShape', () => {
  it('reads every stored type', () => {
    expect(toShape('marker', { lat: 1, lng: 2 })).toEqual({ kind: 'point', p: pt(1, 2) });
    expect(toShape('circlemarker', { lat: 1, lng: 2 })).toEqual({ kind: 'point', p: pt(1, 2) });
    expect(toShape('circle', { lat: 1, lng: 2, radius: 3 })).toEqual({ kind: 'circle', c: pt(1, 2), r: 3 });
    expect(toShape('polygon', square(0, 0, 1))?.kind).toBe('polygon');
  });
  it('refuses invalid data', () => {
    expect(toShape('circle', { lat: 1, lng: 2 })).toBeNull();
    expect(toShape('circle', { lat: 1, lng: 2, radius: -1 })).toBeNull();
    expect(toShape('marker', { lat: '1', lng: 2 })).toBeNull();
    expect(toShape('polygon', { points: [pt(0, 0), pt(1, 1)] })).toBeNull();
    expect(toShape('polygon', { points: [pt(0, 0), pt(1, 1), { lat: NaN, lng: 0 }] })).toBeNull();
    expect(toShape('rectangle', square(0, 0, 1))).toBeNull();
    expect(toShape('marker', null)).toBeNull();
  });
});

describe('primitives', () => {
  it('point in polygon, border included', () => {
    const sq = square(0, 0, 10).points;
    expect(pointInPolygon(pt(5, 5), sq)).toBe(true);
    expect(pointInPolygon(pt(0, 5), sq)).toBe(true);
    expect(pointInPolygon(pt(10, 10), sq)).toBe(true);
    expect(pointInPolygon(pt(11, 5), sq)).toBe(false);
  });
  it('segments: crossing, touching at an end, collinear overlapping, apart', () => {
    expect(segmentsIntersect(pt(0, 0), pt(10, 10), pt(0, 10), pt(10, 0))).toBe(true);
    expect(segmentsIntersect(pt(0, 0), pt(10, 0), pt(10, 0), pt(20, 5))).toBe(true);
    expect(segmentsIntersect(pt(0, 0), pt(0, 10), pt(0, 5), pt(0, 15))).toBe(true);
    expect(segmentsIntersect(pt(0, 0), pt(0, 10), pt(0, 11), pt(0, 15))).toBe(false);
    expect(segmentsIntersect(pt(0, 0), pt(10, 10), pt(1, 0), pt(11, 10))).toBe(false);
  });
});

describe('zonesIntersect', () => {
  const cases: Array<[string, ReturnType<typeof z>, ReturnType<typeof z>, boolean]> = [
    // circle / circle
    ['circles overlapping', z('circle', { lat: 0, lng: 0, radius: 5 }), z('circle', { lat: 0, lng: 8, radius: 5 }), true],
    ['circles touching', z('circle', { lat: 0, lng: 0, radius: 5 }), z('circle', { lat: 0, lng: 10, radius: 5 }), true],
    ['circles touching on a diagonal', z('circle', { lat: 0, lng: 0, radius: 2 }), z('circle', { lat: 3, lng: 4, radius: 3 }), true],
    ['circles apart', z('circle', { lat: 0, lng: 0, radius: 5 }), z('circle', { lat: 0, lng: 10.01, radius: 5 }), false],
    ['circle inside circle', z('circle', { lat: 0, lng: 0, radius: 50 }), z('circle', { lat: 1, lng: 1, radius: 2 }), true],
    // point / point
    ['markers on the same point', z('marker', { lat: 3, lng: 4 }), z('circlemarker', { lat: 3, lng: 4 }), true],
    ['markers apart', z('marker', { lat: 3, lng: 4 }), z('marker', { lat: 3, lng: 4.5 }), false],
    // point / circle
    ['marker inside a circle', z('marker', { lat: 1, lng: 1 }), z('circle', { lat: 0, lng: 0, radius: 5 }), true],
    ['marker on a circle', z('marker', { lat: 3, lng: 4 }), z('circle', { lat: 0, lng: 0, radius: 5 }), true],
    ['marker outside a circle', z('marker', { lat: 4, lng: 4 }), z('circle', { lat: 0, lng: 0, radius: 5 }), false],
    ['circle then marker (symmetric)', z('circle', { lat: 0, lng: 0, radius: 5 }), z('marker', { lat: 4, lng: 4 }), false],
    // point / polygon
    ['marker inside a polygon', z('marker', { lat: 5, lng: 5 }), z('polygon', square(0, 0, 10)), true],
    ['marker on a polygon edge', z('marker', { lat: 10, lng: 5 }), z('polygon', square(0, 0, 10)), true],
    ['marker on a polygon corner', z('polygon', square(0, 0, 10)), z('marker', { lat: 10, lng: 10 }), true],
    ['marker outside a polygon', z('marker', { lat: 10.5, lng: 5 }), z('polygon', square(0, 0, 10)), false],
    ['marker in the notch of a concave polygon', z('marker', { lat: 8, lng: 5 }),
      z('polygon', { points: [pt(0, 0), pt(0, 10), pt(10, 10), pt(10, 6), pt(4, 5), pt(10, 4), pt(10, 0)] }), false],
    // circle / polygon
    ['circle overlapping a polygon edge', z('circle', { lat: 5, lng: 12, radius: 3 }), z('polygon', square(0, 0, 10)), true],
    ['circle touching a polygon edge', z('circle', { lat: 5, lng: 13, radius: 3 }), z('polygon', square(0, 0, 10)), true],
    ['circle touching a polygon corner', z('circle', { lat: 13, lng: 14, radius: 5 }), z('polygon', square(0, 0, 10)), true],
    ['circle near a corner but apart', z('circle', { lat: 13, lng: 14, radius: 4.9 }), z('polygon', square(0, 0, 10)), false],
    ['circle inside a polygon', z('circle', { lat: 5, lng: 5, radius: 1 }), z('polygon', square(0, 0, 10)), true],
    ['polygon inside a circle', z('polygon', square(0, 0, 2)), z('circle', { lat: 1, lng: 1, radius: 100 }), true],
    ['circle apart from a polygon', z('circle', { lat: 5, lng: 20, radius: 3 }), z('polygon', square(0, 0, 10)), false],
    // polygon / polygon
    ['polygons overlapping', z('polygon', square(0, 0, 10)), z('polygon', square(5, 5, 10)), true],
    ['polygons sharing an edge', z('polygon', square(0, 0, 10)), z('polygon', square(0, 10, 10)), true],
    ['polygons touching at a corner', z('polygon', square(0, 0, 10)), z('polygon', square(10, 10, 10)), true],
    ['polygon inside a polygon', z('polygon', square(0, 0, 10)), z('polygon', square(2, 2, 2)), true],
    ['polygons apart', z('polygon', square(0, 0, 10)), z('polygon', square(0, 10.5, 10)), false],
    ['triangles apart along a diagonal', z('polygon', { points: [pt(0, 0), pt(0, 10), pt(10, 0)] }), z('polygon', { points: [pt(10, 10), pt(10, 1), pt(1, 10)] }), false],
    // invalid data never intersects
    ['invalid data', z('circle', { lat: 0, lng: 0 }), z('circle', { lat: 0, lng: 0, radius: 5 }), false],
  ];
  it.each(cases)('%s', (_name, a, b, expected) => {
    expect(zonesIntersect(a, b)).toBe(expected);
    expect(zonesIntersect(b, a)).toBe(expected);
  });

  it('sees polygons touching along a diagonal despite rounding, and apart when moved by 0.001', () => {
    const a = { points: [pt(0, 0), pt(0.3, 0.9), pt(0, 0.9)] };
    const b = (d: number) => ({ points: [pt(0.1 + d, 0.3), pt(0.2 + d, 0.6), pt(0.5 + d, 0.1)] });
    expect(zonesIntersect(z('polygon', a), z('polygon', b(0)))).toBe(true);
    expect(zonesIntersect(z('polygon', a), z('polygon', b(0.001)))).toBe(false);
    expect(zonesIntersect(z('marker', { lat: 0.1 + 0.2, lng: 0.9 }), z('polygon', a))).toBe(true);
  });

  it('works at plan scale with fractional coordinates', () => {
    const a: Shape = { kind: 'circle', c: pt(123.456, 789.012), r: 45.5 };
    const b: Shape = { kind: 'circle', c: pt(123.456, 789.012 + 91), r: 45.5 };
    expect(shapesIntersect(a, b)).toBe(true);
  });
});
