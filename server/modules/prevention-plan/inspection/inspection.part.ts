import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { planHistoryLabels } from '../core/plan-history-labels';
import { INVITATION_HISTORY_LABELS } from '../core/plan-inspection-invitation.service';
import { INSPECTION_SIGN_HISTORY_LABELS } from '../core/plan-inspection-signature.service';
import { invitationAdd, invitationList } from './plan-inspection-invitation.handlers';
import { inspectionSign } from './plan-inspection-signature.handlers';

const V = 'pdp.view';
const T = 'module_prevention_plan';

/**
 * The prior joint inspection: invitations (list, two-step form; sending needs the plan's edit
 * ability) and the participants' signatures (always granted to whoever sees the plan).
 */
const PLAN_INSPECTION_ROUTES: RouteDef[] = [
  { name: 'pdp_inspection_invitation_list', method: 'GET', path: '/prevention-plan/{id}/inspection-invitations', right: V, toggle: T, handler: invitationList },
  { name: 'pdp_inspection_invitation_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/inspection-invitations/new', right: V, toggle: T, handler: invitationAdd },
  { name: 'pdp_inspection_sign', method: ['GET', 'POST'], path: '/prevention-plan/inspection-participants/{id}/sign', right: V, toggle: T, handler: inspectionSign },
];

/** The prior joint inspection: invitations and signatures. */
export const inspectionPart: PlanPart = {
  routes: PLAN_INSPECTION_ROUTES,
  contributes: [contribute(planHistoryLabels, INVITATION_HISTORY_LABELS, INSPECTION_SIGN_HISTORY_LABELS)],
};
