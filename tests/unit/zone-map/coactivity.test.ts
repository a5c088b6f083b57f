import { coactivitiesAmong, isCritical, isParentChild } from '../../../server/modules/zone-map/coactivity.service';
import type { ZoneOwnerInfo } from '../../../server/modules/zone-map/zone-owners';
import type { OwnedZone } from '../../../server/modules/zone-map/zone.service';

const info = (ownerType: ZoneOwnerInfo['ownerType'], id: number, kind: string, planId: number | null = null): ZoneOwnerInfo => ({
  ownerType, id, kind, number: `N-${id}`, orderingCustomer: null, subject: 's', sectorId: 1,
  start: new Date('2026-06-01T00:00:00Z'), end: new Date(`2026-06-${10 + id}T00:00:00Z`), url: `/x/${id}`, planId,
});
const zone = (id: number, ownerType: OwnedZone['ownerType'], ownerId: number, sectorId: number | null, lng: number): OwnedZone => ({
  id, ownerType, ownerId, sectorId, type: 'circle', data: { lat: 0, lng, radius: 5 },
});

describe('coactivity rules', () => {
  const plan = info('prevention_plan', 1, 'prevention_plan');
  const fire = info('permit', 2, 'fire', 1);
  const atex = info('permit', 3, 'atex', 9);
  const order = info('work_order', 4, 'work_order', 1);

  it('flags fire against ATEX only', () => {
    expect(isCritical(fire, atex)).toBe(true);
    expect(isCritical(atex, fire)).toBe(true);
    expect(isCritical(fire, order)).toBe(false);
    expect(isCritical(fire, info('permit', 5, 'fire'))).toBe(false);
    expect(isCritical(atex, info('work_order', 6, 'atex'))).toBe(false);
  });

  it('knows a plan and its own work orders and permits', () => {
    expect(isParentChild(plan, fire)).toBe(true);
    expect(isParentChild(order, plan)).toBe(true);
    expect(isParentChild(plan, atex)).toBe(false);
    expect(isParentChild(fire, order)).toBe(false);
  });

  it('keeps the neighbours whose zones meet ours on the same sector, critical ones first', () => {
    const mine = [zone(10, 'permit', 2, 1, 0)];
    const found = coactivitiesAmong(fire, mine, [
      { info: order, zones: [zone(11, 'work_order', 4, 1, 10)] },
      { info: atex, zones: [zone(12, 'permit', 3, 1, 9), zone(13, 'permit', 3, 1, 100)] },
      { info: info('work_order', 7, 'work_order'), zones: [zone(14, 'work_order', 7, 2, 0)] },
      { info: info('work_order', 8, 'work_order'), zones: [zone(15, 'work_order', 8, 1, 10.5)] },
    ]);
    expect(found.map((c) => [c.other.id, c.critical, c.zones.map((z) => z.id)])).toEqual([[3, true, [12]], [4, false, [11]]]);
    expect(found[0].zones[0]).toEqual({ id: 12, type: 'circle', data: { lat: 0, lng: 9, radius: 5 }, sectorId: 1 });
  });

  it('never compares zones drawn without sector (no common plan)', () => {
    expect(coactivitiesAmong(fire, [zone(20, 'permit', 2, null, 0)], [{ info: atex, zones: [zone(21, 'permit', 3, null, 0)] }])).toEqual([]);
  });
});
