import { defineModule } from '../../kernel/module';
import type { RouteDef } from '../../kernel/http/route-table';

const routes: RouteDef[] = [];

/** The shared calendar: tasks, work accidents and unavailability, approved leave (issue 10). */
export const calendarModule = defineModule({
  name: 'calendar',
  routes: routes.map((r) => ({ toggle: 'calendar', ...r })),
});
