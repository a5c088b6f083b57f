import { defineModule } from '../../kernel/module';
import { PLAN_COMPANY_ROUTES } from './companies/plan-company.routes';
import { PLAN_STAFF_ROUTES } from './staff/plan-staff.routes';
import { PLAN_INDICATOR_ROUTES } from './indicators/plan-indicators.routes';
import { PLAN_AMENDMENT_ROUTES } from './amendment/plan-amendment.routes';
import { history as planHistoryFragment } from './plan/plan-history.handlers';
import { PLAN_SIGN_LINK_ROUTES } from './sign-link/plan-sign-link.routes';
import { PLAN_PDF_ROUTES } from './output/plan-pdf.routes';
import { PLAN_SIGNATURE_ROUTES } from './signing/plan-signatures.routes';
import { PLAN_INSPECTION_ROUTES } from './inspection/plan-inspection-invitation.routes';
import { PLAN_ACTION_ROUTES } from './actions/plan-actions.routes';
import { scheduleWeekEmail } from './actions/plan-week-email.service';
import * as h from './plan/prevention-plan.handlers';
import * as f from './plan/plan-form.handlers';
import * as p from './plan/plan-material.handlers';
import { adviceAdd } from './plan/plan-advice.handlers';
import * as u from './plan/prevention-plan.uploads';
import { applyTransition } from './plan/plan-transition.handlers';
import { schedulePlanExpiry } from './plan/plan-expiry.job';
import { seedPreventionPlanDemo } from './core/prevention-plan.demo';
import { seedPlanCompaniesDemo } from './companies/plan-company.demo';
import { seedPlanSignaturesDemo } from './signing/plan-signature.demo';
import './plan/prevention-plan.tabs';
import './plan/prevention-plan.checks';

const V = 'pdp.view';
const T = 'module_prevention_plan';

/**
 * The prevention plan (pdp / intervention): the plan and its own parts (material, medical
 * supervision works, prior inspection, safety, advice, history), its companies, staff and
 * indicators. Record rules in prevention-plan.policy.ts, checked by `resolvePlan`.
 */
export const preventionPlanModule = defineModule({
  name: 'prevention-plan',
  routes: [
    { name: 'pdp_index', method: 'GET', path: '/prevention-plan/', right: V, toggle: T, handler: h.index },
    { name: 'pdp_add', method: ['GET', 'POST'], path: '/prevention-plan/new', right: 'pdp.add', toggle: T, handler: f.add },
    { name: 'pdp_form_place', method: 'POST', path: '/prevention-plan/form/place', right: V, toggle: T, handler: f.placeRefresh },
    { name: 'pdp_show', method: 'GET', path: '/prevention-plan/{id}', right: V, toggle: T, handler: h.show },
    { name: 'pdp_edit', method: ['GET', 'POST'], path: '/prevention-plan/{id}/edit', right: 'pdp.edit', toggle: T, handler: f.edit },
    { name: 'pdp_history', method: 'GET', path: '/prevention-plan/{id}/history', right: V, toggle: T, handler: planHistoryFragment },
    { name: 'pdp_apply_transition', method: 'POST', path: '/prevention-plan/{id}/apply/{transition}', right: V, toggle: T, handler: applyTransition },
    { name: 'pdp_archive', method: 'POST', path: '/prevention-plan/{id}/archive', right: 'pdp.manage', toggle: T, handler: h.archive },
    { name: 'pdp_unarchive', method: 'POST', path: '/prevention-plan/{id}/unarchive', right: 'pdp.manage', toggle: T, handler: h.unarchive },
    { name: 'pdp_delete', method: 'POST', path: '/prevention-plan/{id}/delete', right: 'pdp.delete', toggle: T, handler: h.remove, forbiddenMessage: 'prevention-plan.unauthorised' },
    { name: 'pdp_advice_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/advice', right: V, toggle: T, handler: adviceAdd },
    { name: 'pdp_material_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/materials/new', right: V, toggle: T, handler: p.materialAdd, bodyParsers: [u.materialFileUpload] },
    { name: 'pdp_material_file', method: 'GET', path: '/prevention-plan/materials/{id}/file', right: V, toggle: T, handler: u.materialFile },
    { name: 'pdp_material_remove', method: 'POST', path: '/prevention-plan/materials/{id}/remove', right: V, toggle: T, handler: p.materialRemove },
    { name: 'pdp_medical_work_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/medical-works/new', right: V, toggle: T, handler: p.medicalWorkAdd },
    { name: 'pdp_medical_work_remove', method: 'POST', path: '/prevention-plan/medical-works/{id}/remove', right: V, toggle: T, handler: p.medicalWorkRemove },
    { name: 'pdp_inspection_participant_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/inspection-participants/new', right: V, toggle: T, handler: p.participantAdd },
    { name: 'pdp_inspection_participant_remove', method: 'POST', path: '/prevention-plan/inspection-participants/{id}/remove', right: V, toggle: T, handler: p.participantRemove },
    { name: 'pdp_external_file', method: ['GET', 'POST'], path: '/prevention-plan/{id}/external-file', right: V, toggle: T, handler: u.externalFile, bodyParsers: [u.externalFileUpload] },
    { name: 'pdp_external_file_download', method: 'GET', path: '/prevention-plan/{id}/external-file/download', right: V, toggle: T, handler: u.externalFileDownload },
    ...PLAN_COMPANY_ROUTES,
    ...PLAN_STAFF_ROUTES,
    ...PLAN_INDICATOR_ROUTES,
    ...PLAN_AMENDMENT_ROUTES,
    ...PLAN_SIGN_LINK_ROUTES,
    ...PLAN_PDF_ROUTES,
    ...PLAN_SIGNATURE_ROUTES,
    ...PLAN_INSPECTION_ROUTES,
    ...PLAN_ACTION_ROUTES,
  ],
  schedule: async (db) => { await schedulePlanExpiry(db); await scheduleWeekEmail(db); },
  // Companies and staff need the plans; documents and risk analyses (later modules) need both.
  demo: async (db, tenantId) => {
    await seedPreventionPlanDemo(db, tenantId);
    await seedPlanCompaniesDemo(db, tenantId);
    await seedPlanSignaturesDemo(db, tenantId);
  },
});
