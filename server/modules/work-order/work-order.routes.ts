import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { jobHandlers } from '../../kernel/jobs';
import { purgeHooks } from '../../kernel/trash/trash';
import { responseAccess } from '../questionnaire/questionnaire.service';
import { zoneOwnerTypes } from '../zone-map/zone-owners';
import { planPageTabs } from '../prevention-plan';
import type { RouteDef } from '../../kernel/http/route-table';
import { questionnaireUploads } from '../questionnaire/questionnaire.service';
import * as h from './work-order.handlers';
import { fillChecklist, WORK_ORDER_ANSWERS_PURGE, WORK_ORDER_RESPONSE_ACCESS } from './work-order-checklists';
import { scheduleWorkOrderExpiry, workOrderExpiryHandler } from './work-order-expiry.job';
import { seedWorkOrderDemo } from './work-order.demo';
import { WORK_ORDER_INDICATOR_ROUTES } from './work-order-indicators';
import { workOrderPdf } from './work-order-pdf';
import { applyTransition, signSlot } from './work-order-signatures';
import { weekEmail, weekEmailConfirm } from './work-order-week-email';
import { WORK_ORDER_ZONE_ROUTES, workOrderZoneOwner } from './work-order-zones';
import { waitingRole } from './listeners/waiting-role';
import { startSignature } from './listeners/start-signature';
import { workOrdersTab } from './work-order.tab';

const V = 'pdp.view';
const T = 'module_prevention_plan';
const BOTH: RouteDef['method'] = ['GET', 'POST'];

/** Every route of the module (spec 001 §2.4 "Work orders, /work-order"), guarded by the plan's view right then the work order rules. */
const routes: RouteDef[] = [
  { name: 'work_order_index', method: 'GET', path: '/work-order/', right: V, handler: h.index },
  { name: 'work_order_list', method: 'GET', path: '/work-order/list', right: V, handler: h.list },
  { name: 'work_order_week_email', method: 'GET', path: '/work-order/week-email', right: 'pdp.weekly_recap', handler: weekEmail },
  { name: 'work_order_week_email_confirm', method: 'POST', path: '/work-order/week-email/confirm', right: 'pdp.weekly_recap', handler: weekEmailConfirm },
  // The spec's optional id accepts any text without a slash: what is not a plan answers 404.
  { name: 'work_order_add', method: BOTH, path: '/work-order/add/{id}', requirements: { id: '[^/]+' }, defaults: { id: '' }, right: V, handler: h.add, bodyParsers: [h.signedFileUpload] },
  { name: 'work_order_by_plan', method: 'GET', path: '/prevention-plan/{id}/work-orders', right: V, handler: h.byPlan },
  { name: 'work_order_show', method: 'GET', path: '/work-order/{id}', right: V, handler: h.show },
  { name: 'work_order_edit', method: BOTH, path: '/work-order/{id}/edit', right: V, handler: h.edit, bodyParsers: [h.signedFileUpload] },
  { name: 'work_order_apply_transition', method: 'POST', path: '/work-order/{id}/apply/{transition}', right: V, handler: applyTransition },
  { name: 'work_order_sign', method: BOTH, path: '/work-order/{id}/sign/{slot}', right: V, handler: signSlot },
  { name: 'work_order_history', method: 'GET', path: '/work-order/{id}/history', right: V, handler: h.history },
  { name: 'work_order_pdf', method: 'GET', path: '/work-order/{id}/pdf', right: V, heavy: 'pdf', handler: workOrderPdf },
  { name: 'work_order_signed_file', method: 'GET', path: '/work-order/{id}/signed-file', right: V, handler: h.signedFile },
  { name: 'work_order_checklist', method: BOTH, path: '/work-order/{id}/checklist/{survey}', requirements: { survey: '\\d+' }, right: V, handler: fillChecklist, bodyParsers: [questionnaireUploads] },
  ...WORK_ORDER_ZONE_ROUTES,
  ...WORK_ORDER_INDICATOR_ROUTES,
];

/** Work orders (bons de travail) of prevention plans (docs/work-order.md). */
export const workOrderModule = defineModule({
  name: 'work-order',
  routes: routes.map((r) => ({ toggle: T, ...r })),
  schedule: scheduleWorkOrderExpiry,
  demo: seedWorkOrderDemo,
  contributes: [
    contribute(planPageTabs, workOrdersTab),
    waitingRole,
    startSignature,
    contribute(zoneOwnerTypes, workOrderZoneOwner),
    contribute(purgeHooks, WORK_ORDER_ANSWERS_PURGE),
    contribute(responseAccess, WORK_ORDER_RESPONSE_ACCESS),
    contribute(jobHandlers, workOrderExpiryHandler),
  ],
});
