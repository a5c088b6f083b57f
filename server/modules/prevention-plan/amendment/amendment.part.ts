import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { AMENDMENT_HISTORY_LABELS } from '../core/plan-amendment.service';
import { planHistoryLabels } from '../core/plan-history-labels';
import { amend } from './plan-amendment.handlers';

const T = 'module_prevention_plan';

/**
 * Named routes of the plan's amendments (spread into the prevention-plan module). Who may amend
 * (pdp.amend, the ordering customer, his substitutes, the companies on the plan) is decided in
 * the handler, which answers the spec's French refusals; pdp.view is needed to see a plan at all.
 */
const PLAN_AMENDMENT_ROUTES: RouteDef[] = [
  { name: 'pdp_amend', method: ['GET', 'POST'], path: '/prevention-plan/{id}/amend', right: 'pdp.view', toggle: T, handler: amend },
];

/** The plan's amendments. */
export const amendmentPart: PlanPart = { routes: PLAN_AMENDMENT_ROUTES, contributes: [contribute(planHistoryLabels, AMENDMENT_HISTORY_LABELS)] };
