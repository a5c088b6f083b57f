import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { jobHandlers } from '../../kernel/jobs';
import { purgeHooks } from '../../kernel/trash/trash';
import { zoneOwnerTypes } from '../zone-map/zone-owners';
import { planPageTabs } from '../prevention-plan';
import type { RouteDef } from '../../kernel/http/route-table';
import { questionnaireUploads, responseAccess } from '../questionnaire/questionnaire.service';
import { PERMIT_RESPONSE_ACCESS } from './permit.access';
import { zoneRoutes } from '../zone-map/zone-routes';
import { addPermit, editPermit, firePermitIndex, planPermits, showPermit } from './permit.handlers';
import { permitPdf } from './permit-pdf';
import { permitStep, signatureAdd, signatureDelete, signatureList } from './permit-steps.handlers';
import { PERMIT_ANSWERS_PURGE, twoHourCheckHandler } from './permit-steps.service';
import { permitZoneOwner } from './permit-zone-owner';
import { PERMIT_INDICATOR_ROUTES } from './permit-indicators.routes';
import { seedPermitDemo } from './permit.demo';
import { PERMIT_TYPES, type PermitTypeDef } from './permit-types';
import { PERMIT_PLAN_TABS } from './permit.tabs';
import { homeCards } from '../../kernel/home-cards';
import { permitsTodayCard } from './permits-today.card';

const R = 'pdp.view';
const T = 'module_prevention_plan';

/** Types with the signature list / add / delete routes of spec 001 §2.4 (the fire permit). */
const SIGNATURE_LIST_TYPES = ['fire'];

/**
 * The routes of one permit type, generated from its data and named by its `routes` (docs/permit.md "Routes"): list by plan,
 * add (modal; plan id optional, 0 = outside plans), edit (modal), page, control step, PDF, the
 * five zone routes (`zoneRoutes`), and for the fire permit its global list and signature routes.
 * Every handler then checks the permit or plan rules (permit.access.ts).
 */
export function permitTypeRoutes(type: PermitTypeDef): RouteDef[] {
  const n = type.routes;
  const base = `/${type.slug}`;
  const routes: RouteDef[] = [
    { name: n.byPlan, method: 'GET', path: `/prevention-plan/{id}/${type.slug}`, right: R, toggle: T, handler: planPermits(type) },
    { name: n.add, method: ['GET', 'POST'], path: `${base}/add/{id}`, defaults: { id: '0' }, right: R, toggle: T, handler: addPermit(type) },
    { name: n.show, method: 'GET', path: `${base}/{id}`, right: R, toggle: T, handler: showPermit(type) },
    { name: n.edit, method: ['GET', 'POST'], path: `${base}/{id}/edit`, right: R, toggle: T, handler: editPermit(type) },
    {
      name: n.step, method: ['GET', 'POST'], path: `${base}/{id}/step/{step}`, requirements: { step: type.steps.join('|') },
      right: R, toggle: T, bodyParsers: [questionnaireUploads], handler: permitStep(type),
    },
    { name: n.pdf, method: 'GET', path: `${base}/{id}/pdf`, right: R, toggle: T, heavy: 'pdf', handler: permitPdf(type) },
    ...zoneRoutes({ ownerType: 'permit', kind: type.key, basePath: base, viewRight: R, toggle: T }),
  ];
  if (type.key === 'fire') routes.unshift({ name: n.index, method: 'GET', path: `${base}/`, right: R, toggle: T, handler: firePermitIndex });
  if (SIGNATURE_LIST_TYPES.includes(type.key)) {
    routes.push(
      { name: n.signatureList, method: 'GET', path: `${base}/{id}/signatures`, right: R, toggle: T, handler: signatureList(type) },
      { name: n.signatureAdd, method: ['GET', 'POST'], path: `${base}/{id}/signature/add`, right: R, toggle: T, handler: signatureAdd(type) },
      { name: n.signatureDelete, method: 'POST', path: `${base}/signature/{id}/delete`, right: R, toggle: T, handler: signatureDelete(type) },
    );
  }
  return routes;
}

/** Work permits of every type of `permit-types.ts`, built from one mechanism. */
export const permitModule = defineModule({
  name: 'permit',
  routes: [...PERMIT_TYPES.flatMap(permitTypeRoutes), ...PERMIT_INDICATOR_ROUTES],
  demo: seedPermitDemo,
  contributes: [
    contribute(planPageTabs, ...PERMIT_PLAN_TABS),
    contribute(zoneOwnerTypes, permitZoneOwner),
    contribute(purgeHooks, PERMIT_ANSWERS_PURGE),
    contribute(jobHandlers, twoHourCheckHandler),
    contribute(responseAccess, ...PERMIT_RESPONSE_ACCESS),
    contribute(homeCards, permitsTodayCard),
  ],
});
