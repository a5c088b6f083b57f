import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { planChecks } from '../core/plan-checks';
import { PLAN_COMPANY_HISTORY_LABELS } from '../core/plan-company.service';
import { planHistoryLabels } from '../core/plan-history-labels';
import { planPageTabs } from '../core/plan-tabs';
import { seedPlanCompaniesDemo } from './plan-company.demo';
import {
  companyAdd, companyAddressGet, companyContactGet, companyEdit, companyGet, companyRemove, companyReset, searchTiersJson,
  showInterventionTiers, tiersAddressForm, tiersContactForm, tiersForm,
} from './plan-company.handlers';
// Registers the companies tab and the company rules of the plan at boot.
import { companiesCheck, companiesTab } from './plan-company.tab';

const T = 'module_prevention_plan';
const V = 'pdp.view';

/**
 * Named routes of the plan's companies (spread into the prevention-plan module). Every route
 * needs `pdp.view`; the plan's policy (requirePlan) then decides view or edit on the plan.
 */
const PLAN_COMPANY_ROUTES: RouteDef[] = [
  { name: 'pdp_search_tiers', method: 'GET', path: '/prevention-plan/search-tiers', right: V, toggle: T, handler: searchTiersJson },
  { name: 'pdp_get_tiers_form', method: ['GET', 'POST'], path: '/prevention-plan/tiers/{id}/form', right: V, toggle: T, handler: tiersForm },
  { name: 'pdp_get_tiers_address_form', method: ['GET', 'POST'], path: '/prevention-plan/tiers/{id}/address-form', right: V, toggle: T, handler: tiersAddressForm },
  { name: 'pdp_get_tiers_contact_form', method: ['GET', 'POST'], path: '/prevention-plan/tiers/{id}/contact-form', right: V, toggle: T, handler: tiersContactForm },
  { name: 'pdp_show_intervention_tiers', method: 'GET', path: '/prevention-plan/{id}/tiers', right: V, toggle: T, handler: showInterventionTiers },
  { name: 'pdp_company_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/company/add', right: V, toggle: T, handler: companyAdd },
  { name: 'pdp_company_get', method: 'GET', path: '/prevention-plan/company/{id}', right: V, toggle: T, handler: companyGet },
  { name: 'pdp_company_edit', method: ['GET', 'POST'], path: '/prevention-plan/company/{id}/edit', right: V, toggle: T, handler: companyEdit },
  { name: 'pdp_company_reset', method: 'POST', path: '/prevention-plan/company/{id}/reset', right: V, toggle: T, handler: companyReset },
  { name: 'pdp_company_remove', method: 'POST', path: '/prevention-plan/company/{id}/remove', right: V, toggle: T, handler: companyRemove },
  { name: 'pdp_company_address_get', method: 'GET', path: '/prevention-plan/company/{id}/address', right: V, toggle: T, handler: companyAddressGet },
  { name: 'pdp_company_contact_get', method: 'GET', path: '/prevention-plan/company/{id}/contact', right: V, toggle: T, handler: companyContactGet },
];

/** The companies of the plan (their demo companies come after the demo plans). */
export const companiesPart: PlanPart = {
  routes: PLAN_COMPANY_ROUTES,
  demo: seedPlanCompaniesDemo,
  contributes: [
    contribute(planPageTabs, companiesTab),
    contribute(planChecks, companiesCheck),
    contribute(planHistoryLabels, PLAN_COMPANY_HISTORY_LABELS),
  ],
};
