import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import { jobHandlers } from '../../../kernel/jobs';
import type { PlanPart } from '../plan-part';
import { planCreationMailHandler } from '../core/plan-creation-mail';
import { planHistoryLabels } from '../core/plan-history-labels';
import { ACTIONS_HISTORY_LABELS } from './plan-actions.service';
import { scheduleWeekEmail, weekEmailHandler, weekEmailUserHandler } from './plan-week-email.service';
import * as a from './plan-actions.handlers';
import { weekEmail } from './plan-week-email.handlers';

const T = 'module_prevention_plan';

/**
 * Actions on a whole plan (duplicate, renew) and the weekly recap, spread into the
 * prevention-plan module. The plan page includes `prevention-plan/actions/_menu` for the buttons.
 */
const PLAN_ACTION_ROUTES: RouteDef[] = [
  { name: 'pdp_week_email', method: ['GET', 'POST'], path: '/prevention-plan/week-email', right: 'pdp.weekly_recap', toggle: T, handler: weekEmail },
  { name: 'pdp_duplicate', method: 'POST', path: '/prevention-plan/{id}/duplicate', right: 'pdp.add', toggle: T, handler: a.duplicate },
  { name: 'pdp_renew', method: 'POST', path: '/prevention-plan/{id}/renew', right: 'pdp.manage', toggle: T, handler: a.renew },
];

/** Actions on a whole plan and the weekly recap (its job queued at start-up). */
export const actionsPart: PlanPart = {
  routes: PLAN_ACTION_ROUTES,
  schedule: scheduleWeekEmail,
  contributes: [
    // The creation mail leaves when a plan is created (core's service queues it).
    contribute(jobHandlers, planCreationMailHandler, weekEmailUserHandler, weekEmailHandler),
    contribute(planHistoryLabels, ACTIONS_HISTORY_LABELS),
  ],
};
