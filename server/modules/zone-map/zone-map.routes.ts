import { defineModule } from '../../kernel/module';

/** The zone map shared by plans, work orders and permits: the plan's map routes, coactivities, the coactivity map widget. */
export const zoneMapModule = defineModule({
  name: 'zone-map',
  routes: [],
});
