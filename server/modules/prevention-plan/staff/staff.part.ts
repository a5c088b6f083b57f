import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { planPageTabs } from '../core/plan-tabs';
import { externalStaffAdd, externalStaffRemove, staffAdd, staffCreate, staffLines, staffRemove } from './plan-staff.handlers';
// Registers the staff tab of the plan at boot.
import { staffTab } from './plan-staff.tab';

const T = 'module_prevention_plan';
const V = 'pdp.view';

/**
 * Named routes of the plan's staff (spread into the prevention-plan module). `{id}` is the
 * plan's company for the additions, the staff member for the removals; the plan's policy
 * (requirePlan 'edit') decides.
 */
const PLAN_STAFF_ROUTES: RouteDef[] = [
  { name: 'pdp_staff_add', method: ['GET', 'POST'], path: '/prevention-plan/company/{id}/staff/add', right: V, toggle: T, handler: staffAdd },
  { name: 'pdp_staff_create', method: ['GET', 'POST'], path: '/prevention-plan/company/{id}/staff/create', right: V, toggle: T, handler: staffCreate },
  { name: 'pdp_staff_lines', method: ['GET', 'POST'], path: '/prevention-plan/company/{id}/staff/lines', right: V, toggle: T, handler: staffLines },
  { name: 'pdp_staff_remove', method: 'POST', path: '/prevention-plan/staff/{id}/remove', right: V, toggle: T, handler: staffRemove },
  { name: 'pdp_external_staff_add', method: ['GET', 'POST'], path: '/prevention-plan/company/{id}/external-staff/add', right: V, toggle: T, handler: externalStaffAdd },
  { name: 'pdp_external_staff_remove', method: 'POST', path: '/prevention-plan/external-staff/{id}/remove', right: V, toggle: T, handler: externalStaffRemove },
];

/** The staff of the plan's companies. */
export const staffPart: PlanPart = { routes: PLAN_STAFF_ROUTES, contributes: [contribute(planPageTabs, staffTab)] };
