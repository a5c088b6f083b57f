import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { purgeHooks } from '../../kernel/trash/trash';
import { planPageTabs } from '../prevention-plan';
import { zoneRoutes } from './zone-routes';
import { sectorPlanImage } from './sector-plan.handlers';
import { COACTIVITY_WIDGET_ROUTES } from './coactivity-widget.routes';
import { seedZoneMapDemo } from './zone-map.demo';
import { planZoneOwner } from './plan-zone-owner';
import { zoneOwnerTypes } from './zone-owners';
import { PLAN_ZONES_PURGE } from './zone-purge';
// The plan's map tab is declared by the module, not by the panel it draws (which imported it back).
import { planMapTab } from './plan-map.tab';

/** The zone map shared by plans, work orders and permits: the plan's map routes, coactivities, the coactivity map widget. */
export const zoneMapModule = defineModule({
  name: 'zone-map',
  routes: [
    ...zoneRoutes({ ownerType: 'prevention_plan', basePath: '/prevention-plan', viewRight: 'pdp.view', toggle: 'module_prevention_plan' }),
    // The map's background: seen by whoever may see the zone map (the plans' right), in the company.
    { name: 'zone_sector_plan', method: 'GET', path: '/zone-map/sector/{id}/plan', right: 'pdp.view', toggle: 'module_prevention_plan', handler: sectorPlanImage },
    ...COACTIVITY_WIDGET_ROUTES,
  ],
  demo: seedZoneMapDemo,
  contributes: [contribute(zoneOwnerTypes, planZoneOwner), contribute(purgeHooks, PLAN_ZONES_PURGE), contribute(planPageTabs, planMapTab)],
});
