import { RouteTable } from '../../../server/kernel/http/route-table';
import { zoneRoutes } from '../../../server/modules/zone-map/zone-routes';

describe('zoneRoutes', () => {
  const table = new RouteTable();
  table.add(zoneRoutes({ ownerType: 'prevention_plan', basePath: '/prevention-plan', viewRight: 'pdp.view', toggle: 'module_prevention_plan' }));
  table.add(zoneRoutes({ ownerType: 'work_order', basePath: '/work-order', viewRight: 'pdp.view' }));
  table.add(zoneRoutes({ ownerType: 'permit', kind: 'fire', basePath: '/fire-permit', viewRight: 'pdp.view' }));

  it('builds the five routes of the spec names, paths and methods', () => {
    const rows = table.all().map((r) => [r.name, r.methods.join(','), r.path, r.right, r.toggle ?? null]);
    expect(rows).toEqual([
      ['intervention_localise', 'GET', '/prevention-plan/{id}/localise/{sector}', 'pdp.view', 'module_prevention_plan'],
      ['intervention_localise_save', 'POST', '/prevention-plan/{id}/localise/save', 'pdp.view', 'module_prevention_plan'],
      ['intervention_leaflet_zone_add', 'POST', '/prevention-plan/{id}/leaflet-zone/add', 'pdp.view', 'module_prevention_plan'],
      ['intervention_leaflet_zone_edit', 'POST', '/prevention-plan/leaflet-zone/{id}/edit', 'pdp.view', 'module_prevention_plan'],
      ['intervention_leaflet_zone_delete', 'POST', '/prevention-plan/leaflet-zone/{id}/delete', 'pdp.view', 'module_prevention_plan'],
      ['work_order_zones', 'GET', '/work-order/{id}/localise/{sector}', 'pdp.view', null],
      ['work_order_screenshot', 'POST', '/work-order/{id}/localise/save', 'pdp.view', null],
      ['work_order_leaflet_zone_add', 'POST', '/work-order/{id}/leaflet-zone/add', 'pdp.view', null],
      ['work_order_leaflet_zone_edit', 'POST', '/work-order/leaflet-zone/{id}/edit', 'pdp.view', null],
      ['work_order_leaflet_zone_delete', 'POST', '/work-order/leaflet-zone/{id}/delete', 'pdp.view', null],
      ['fire_permit_zones', 'GET', '/fire-permit/{id}/localise/{sector}', 'pdp.view', null],
      ['fire_permit_screenshot', 'POST', '/fire-permit/{id}/localise/save', 'pdp.view', null],
      ['fire_permit_leaflet_zone_add', 'POST', '/fire-permit/{id}/leaflet-zone/add', 'pdp.view', null],
      ['fire_permit_leaflet_zone_edit', 'POST', '/fire-permit/leaflet-zone/{id}/edit', 'pdp.view', null],
      ['fire_permit_leaflet_zone_delete', 'POST', '/fire-permit/leaflet-zone/{id}/delete', 'pdp.view', null],
    ]);
  });

  it('makes the sector optional (0 by default) and digits only', () => {
    expect(table.path('intervention_localise', { id: 4 })).toBe('/prevention-plan/4/localise');
    expect(table.path('intervention_localise', { id: 4, sector: 7 })).toBe('/prevention-plan/4/localise/7');
    const m = table.match('GET', '/work-order/4/localise');
    expect(m && 'route' in m ? [m.route.name, m.params] : null).toEqual(['work_order_zones', { id: '4', sector: '0' }]);
    expect(table.match('GET', '/work-order/4/localise/abc')).toBeNull();
    const save = table.match('POST', '/fire-permit/4/localise/save');
    expect(save && 'route' in save ? save.route.name : null).toBe('fire_permit_screenshot');
  });
});
