import { contribute } from '../../../kernel/extension';
import { trashables } from '../../../kernel/trash/trash';
import type { PlanPart } from '../plan-part';
import { planChecks } from '../core/plan-checks';
import { planPageTabs } from '../core/plan-tabs';
import { history as planHistoryFragment } from './plan-history.handlers';
import * as h from './prevention-plan.handlers';
import * as f from './plan-form.handlers';
import * as p from './plan-material.handlers';
import { adviceAdd } from './plan-advice.handlers';
import * as u from './prevention-plan.uploads';
import { applyTransition } from './plan-transition.handlers';
import { PLAN_EXPIRY, schedulePlanExpiry } from './plan-expiry.job';
import { planSignatureListeners } from './plan-transition.listeners';
import { seedPreventionPlanDemo } from '../core/prevention-plan.demo';
import { PLAN_OWN_TABS } from './prevention-plan.tabs';
import { planFieldsCheck, planInspectionCheck } from './prevention-plan.checks';
import { homeCards } from '../../../kernel/home-cards';
import { plansWaitingCard } from './plans-waiting.card';

const V = 'pdp.view';
const T = 'module_prevention_plan';

/**
 * The plan itself and its own sections (material, medical supervision works, prior inspection
 * participants, safety, advice, history): list, page, form, transitions, archive, removal,
 * the outside file; the daily expiry job and the demo plans.
 */
export const planPart: PlanPart = {
  routes: [
    { name: 'pdp_index', method: 'GET', path: '/prevention-plan/', right: V, toggle: T, handler: h.index },
    { name: 'pdp_company_autocomplete', method: 'GET', path: '/prevention-plan/companies/autocomplete', right: V, toggle: T, handler: h.companyAutocomplete('company') },
    { name: 'pdp_contact_autocomplete', method: 'GET', path: '/prevention-plan/contacts/autocomplete', right: V, toggle: T, handler: h.companyAutocomplete('contact') },
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
  ],
  schedule: schedulePlanExpiry,
  demo: seedPreventionPlanDemo,
  contributes: [
    planSignatureListeners,
    ...PLAN_EXPIRY,
    contribute(planPageTabs, ...PLAN_OWN_TABS),
    contribute(planChecks, planFieldsCheck, planInspectionCheck),
    contribute(trashables, { table: 'prevention_plan', typeKey: 'prevention-plan.trash_type' }),
    contribute(homeCards, plansWaitingCard),
  ],
};
