import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import { planPageTabs } from '../../prevention-plan';
import { workOrderChecks } from '../../work-order';
import { permitChecks } from '../../permit/permit-checks';
import type { LockoutPart } from '../core/lockout-part';
import { LOCKOUT_ACCESS, LOCKOUT_ADD } from '../core/lockout-rights';
import * as s from './slip.handlers';
import * as st from './staff.handlers';
import { check } from './check.handlers';
import { slipPdf } from './slip-pdf';
import { planConsignmentTab } from './plan-tab';
import { seedSlipsDemo } from './slips.demo';
import { machineLockoutCheck } from './machine-lockout.check';

const GP: RouteDef['method'] = ['GET', 'POST'];
const STAFF = { staff: '\\d+' };

const routes: RouteDef[] = [
  { name: 'consignment_index', method: 'GET', path: '/consignment', right: LOCKOUT_ACCESS, handler: s.index },
  { name: 'consignment_add', method: GP, path: '/consignment/new', right: LOCKOUT_ADD, handler: s.add },
  { name: 'consignment_show', method: 'GET', path: '/consignment/{id}', right: LOCKOUT_ACCESS, handler: s.show },
  { name: 'consignment_edit', method: GP, path: '/consignment/{id}/edit', right: LOCKOUT_ACCESS, handler: s.edit },
  { name: 'consignment_apply_transition', method: 'POST', path: '/consignment/{id}/apply/{transition}', right: LOCKOUT_ACCESS, handler: s.applyTransition },
  { name: 'consignment_history', method: 'GET', path: '/consignment/{id}/history', right: LOCKOUT_ACCESS, handler: s.history },
  { name: 'consignment_archive', method: 'POST', path: '/consignment/{id}/archive', right: LOCKOUT_ACCESS, handler: s.archive },
  { name: 'consignment_unarchive', method: 'POST', path: '/consignment/{id}/unarchive', right: LOCKOUT_ACCESS, handler: s.unarchive },
  { name: 'consignment_pdf', method: 'GET', path: '/consignment/{id}/pdf', right: LOCKOUT_ACCESS, heavy: 'pdf', handler: slipPdf },
  { name: 'consignment_staff_add', method: GP, path: '/consignment/{id}/staff/new', right: LOCKOUT_ACCESS, handler: st.add },
  { name: 'consignment_staff_delete', method: 'POST', path: '/consignment/{id}/staff/{staff}/delete', requirements: STAFF, right: LOCKOUT_ACCESS, handler: st.remove },
  { name: 'consignment_padlock', method: GP, path: '/consignment/{id}/staff/{staff}/padlock', requirements: STAFF, right: LOCKOUT_ACCESS, handler: st.padlock },
  { name: 'consignment_sign', method: GP, path: '/consignment/{id}/staff/{staff}/sign', requirements: STAFF, right: LOCKOUT_ACCESS, handler: st.sign },
  { name: 'consignment_check', method: 'POST', path: '/consignment/{id}/points/{point}/check', requirements: { point: '\\d+' }, right: LOCKOUT_ACCESS, handler: check },
];

/**
 * Consignment slips (issue 26 item 2): list, form, page (monitoring), staff with padlocks and
 * signatures, checks of the isolation points, the workflow, history, archive, PDF; and the
 * prevention plan's « Consignation » tab; the rule « the machine is locked out » before a work order
 * or a permit on it is validated. Rules per slip (who drives it, who is its officer) are in
 * `core/slip-access.ts` and the workflow's guards.
 */
export const slipsPart: LockoutPart = { routes, demo: seedSlipsDemo, contributes: [
  contribute(planPageTabs, planConsignmentTab),
  contribute(workOrderChecks, machineLockoutCheck),
  contribute(permitChecks, machineLockoutCheck),
] };
