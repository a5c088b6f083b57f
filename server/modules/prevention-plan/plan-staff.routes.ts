import type { RouteDef } from '../../kernel/http/route-table';

/** Named routes of the plan's staff (spread into the prevention-plan module). */
export const PLAN_STAFF_ROUTES: RouteDef[] = [];
