import type { RouteDef } from '../../kernel/http/route-table';

/** Named routes of the plan's company (spread into the prevention-plan module). */
export const PLAN_COMPANY_ROUTES: RouteDef[] = [];
