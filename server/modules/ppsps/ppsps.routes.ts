import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { purgeHooks, trashables } from '../../kernel/trash/trash';
import { responseAccess } from '../questionnaire/questionnaire.service';
import { analysisSubjects } from '../risk-analysis/analysis.subjects';
import { questionnaireUploads } from '../questionnaire/questionnaire.service';
import * as h from './ppsps.handlers';
import * as f from './ppsps-form.handlers';
import * as c from './ppsps-company.handlers';
import { fillForm, PPSPS_ANSWERS_PURGE, PPSPS_RESPONSE_ACCESS } from './ppsps-forms.service';
import { seedPpspsDemo } from './ppsps.demo';
import { PPSPS_ANALYSIS_SUBJECT, PPSPS_RISK_ROUTES } from './ppsps-risk';
import { PPSPS_INDICATOR_ROUTES } from './ppsps-indicators.routes';
import { transitionHandler } from '../signing/transition.handler';
import { historyHandler } from '../signing/history.handler';
import { amendHandler } from '../signing/amend';
import { relaunchPpspsCompanies } from './ppsps-sign-link';
import { forgetPpsps } from './ppsps-access';
import { mayAmendPpsps, PPSPS_TRANSITION_ROUTE, resolveSigningPpsps } from './ppsps-workflow-bar';
import { PPSPS_SIGNING_CONTRIBUTIONS, ppspsWorkflow } from './ppsps.workflow';
import { PPSPS_SIGNING } from './ppsps.signing';
import { PPSPS_SIGNATURE_ROUTES } from './ppsps-signatures';
import { PPSPS_PDF_ROUTES } from './ppsps-pdf';

const V = 'ppsps.view';

/**
 * The PPSPS (plan particulier de sécurité et de protection de la santé): list, full-page form
 * with drafts, show page with its tabs, companies (ET, MOE, MOA, SPS, ST) from the CRM, forms on
 * the questionnaire engine. Record rules in ppsps.policy.ts, checked by `resolvePpsps`.
 */
export const ppspsModule = defineModule({
  name: 'ppsps',
  routes: [
    { name: 'ppsps_index', method: 'GET', path: '/ppsps/', right: V, handler: h.index },
    { name: 'ppsps_add', method: ['GET', 'POST'], path: '/ppsps/new', right: 'ppsps.add', handler: f.add },
    { name: 'ppsps_search_tiers', method: 'GET', path: '/ppsps/search-tiers', right: V, handler: c.searchTiersJson },
    { name: 'ppsps_tiers_form', method: 'POST', path: '/ppsps/tiers/{id}/form', right: V, handler: c.tiersForm },
    { name: 'ppsps_show', method: 'GET', path: '/ppsps/{id}', right: V, handler: h.show },
    { name: 'ppsps_edit', method: ['GET', 'POST'], path: '/ppsps/{id}/edit', right: V, handler: f.edit },
    { name: 'ppsps_archive', method: 'POST', path: '/ppsps/{id}/archive', right: 'ppsps.manage', handler: h.archive },
    { name: 'ppsps_unarchive', method: 'POST', path: '/ppsps/{id}/unarchive', right: 'ppsps.manage', handler: h.unarchive },
    { name: 'ppsps_delete', method: 'POST', path: '/ppsps/{id}/delete', right: 'ppsps.delete', handler: h.remove },
    { name: 'ppsps_company_add', method: ['GET', 'POST'], path: '/ppsps/{id}/company/add', right: V, handler: c.companyAdd },
    { name: 'ppsps_company_edit', method: ['GET', 'POST'], path: '/ppsps/company/{id}/edit', right: V, handler: c.companyEdit },
    { name: 'ppsps_company_remove', method: 'POST', path: '/ppsps/company/{id}/remove', right: V, handler: c.companyRemove },
    { name: 'ppsps_form_fill', method: ['GET', 'POST'], path: '/ppsps/{id}/forms/{survey}', right: V, handler: fillForm, bodyParsers: [questionnaireUploads] },
    {
      name: 'ppsps_apply_transition', method: 'POST', path: '/ppsps/{id}/apply/{transition}', right: V,
      handler: transitionHandler({
        workflow: ppspsWorkflow, routeName: PPSPS_TRANSITION_ROUTE, resolve: resolveSigningPpsps,
        transitionLabels: 'prevention-plan.transitions', introKey: 'ppsps.signing.intro', afterApply: forgetPpsps,
      }),
    },
    { name: 'ppsps_history', method: 'GET', path: '/ppsps/{id}/history', right: V, handler: historyHandler({ workflow: ppspsWorkflow, subject: PPSPS_SIGNING, resolve: resolveSigningPpsps, titleKey: 'signing.history_title', actionLabels: 'ppsps.history' }) },
    { name: 'ppsps_amend', method: 'POST', path: '/ppsps/{id}/amend', right: V, handler: amendHandler({ workflow: ppspsWorkflow, subject: PPSPS_SIGNING, resolve: resolveSigningPpsps, mayAmend: mayAmendPpsps, routeName: PPSPS_TRANSITION_ROUTE }) },
    // New signing links to the companies that have not signed (docs/plan-sign-link.md).
    { name: 'ppsps_relaunch_companies', method: 'POST', path: '/ppsps/{id}/relaunch', right: V, handler: relaunchPpspsCompanies },
    ...PPSPS_PDF_ROUTES,
    ...PPSPS_RISK_ROUTES,
    ...PPSPS_SIGNATURE_ROUTES,
    ...PPSPS_INDICATOR_ROUTES,
  ],
  demo: seedPpspsDemo,
  contributes: [
    ...PPSPS_SIGNING_CONTRIBUTIONS,
    contribute(trashables, { table: 'ppsps', typeKey: 'ppsps.trash_type' }),
    contribute(purgeHooks, PPSPS_ANSWERS_PURGE),
    contribute(responseAccess, PPSPS_RESPONSE_ACCESS),
    contribute(analysisSubjects, PPSPS_ANALYSIS_SUBJECT),
  ],
});
