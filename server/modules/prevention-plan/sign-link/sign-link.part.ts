import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { planHistoryLabels } from '../core/plan-history-labels';
import { SIGN_LINK_ROUTES } from '../../signing/sign-link.routes';
import * as h from './plan-sign-link.handlers';
import { PLAN_SIGN_LINKS } from './plan-sign-link.listeners';

/**
 * Signing by e-mailed link: the public pages of the links of every document type (signing core,
 * registered here once) and the relaunch of the plan's companies that have not signed.
 */
const PLAN_SIGN_LINK_ROUTES: RouteDef[] = [
  ...SIGN_LINK_ROUTES,
  { name: 'pdp_relaunch_companies', method: 'POST', path: '/prevention-plan/{id}/relaunch', right: 'pdp.view', toggle: 'module_prevention_plan', handler: h.relaunch },
];

/** Signing by e-mailed link. */
export const signLinkPart: PlanPart = {
  routes: PLAN_SIGN_LINK_ROUTES,
  contributes: [...PLAN_SIGN_LINKS, contribute(planHistoryLabels, h.SIGN_LINK_HISTORY_LABELS)],
};
