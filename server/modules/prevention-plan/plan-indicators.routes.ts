import type { RouteDef } from '../../kernel/http/route-table';

/** Named routes of the plan's indicators (spread into the prevention-plan module). */
export const PLAN_INDICATOR_ROUTES: RouteDef[] = [];
