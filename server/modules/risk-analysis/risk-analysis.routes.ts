import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import { planChecks, planHistoryLabels, planPageTabs } from '../prevention-plan';
import { CATALOGUE_TRASHABLES } from './catalogue.service';
import { ANALYSIS_HISTORY_LABELS } from './analysis.service';
import { analysisSubjects } from './analysis.subjects';
import type { RouteDef } from '../../kernel/http/route-table';
import { consequenceHandlers, preventiveMeasureHandlers, probabilityHandlers, riskFamilyHandlers, riskHandlers, severityLevelHandlers } from './catalogue.handlers';
import { addQuote, editQuote, matrix } from './quote.handlers';
import * as templates from './template.handlers';
import { analysisRoutes } from './analysis-routes';
import { seedRiskAnalysisDemo } from './risk-analysis.demo';
import { PLAN_ANALYSIS_SUBJECT, PLAN_ANALYSIS_TABS, riskAnalysisCheck, tabHandler } from './plan-hooks';

const ADMIN = 'admin.nomenclatures';
const TEMPLATES = 'pdp.risk_analyses';

/** The four routes of a simple administration list under `/admin/<slug>`. */
function listRoutes(name: string, slug: string, h: { index: RouteDef['handler']; add: RouteDef['handler']; edit: RouteDef['handler']; remove: RouteDef['handler'] }): RouteDef[] {
  return [
    { name: `admin_${name}_index`, method: 'GET', path: `/admin/${slug}`, right: ADMIN, handler: h.index },
    { name: `admin_${name}_add`, method: ['GET', 'POST'], path: `/admin/${slug}/new`, right: ADMIN, handler: h.add },
    { name: `admin_${name}_edit`, method: ['GET', 'POST'], path: `/admin/${slug}/{id}/edit`, right: ADMIN, handler: h.edit },
    { name: `admin_${name}_remove`, method: 'POST', path: `/admin/${slug}/{id}/delete`, right: ADMIN, handler: h.remove, forbiddenMessage: 'risk-analysis.unauthorised' },
  ];
}

const RA = TEMPLATES;
const T = 'module_prevention_plan';

/** Risk analysis (issue 5 item 7): severity levels, quote matrix, risk catalogue, templates and the analysis of a plan. */
export const riskAnalysisModule = defineModule({
  name: 'risk-analysis',
  routes: [
    ...listRoutes('severity_level', 'severity-levels', severityLevelHandlers),
    ...listRoutes('risk_family', 'risk-families', riskFamilyHandlers),
    ...listRoutes('risk', 'risks', riskHandlers),
    ...listRoutes('preventive_measure', 'preventive-measures', preventiveMeasureHandlers),

    // Quote nomenclature (spec seed 000 route names).
    { name: 'admin_quote_index', method: 'GET', path: '/admin/quotes', right: ADMIN, handler: matrix },
    { name: 'pdp_consequence_add', method: ['GET', 'POST'], path: '/admin/quotes/consequences/new', right: ADMIN, handler: consequenceHandlers.add },
    { name: 'pdp_consequence_edit', method: ['GET', 'POST'], path: '/admin/quotes/consequences/{id}/edit', right: ADMIN, handler: consequenceHandlers.edit },
    { name: 'admin_quote_consequence_remove', method: 'POST', path: '/admin/quotes/consequences/{id}/delete', right: ADMIN, handler: consequenceHandlers.remove },
    { name: 'pdp_probability_add', method: ['GET', 'POST'], path: '/admin/quotes/probabilities/new', right: ADMIN, handler: probabilityHandlers.add },
    { name: 'pdp_probability_edit', method: ['GET', 'POST'], path: '/admin/quotes/probabilities/{id}/edit', right: ADMIN, handler: probabilityHandlers.edit },
    { name: 'admin_quote_probability_remove', method: 'POST', path: '/admin/quotes/probabilities/{id}/delete', right: ADMIN, handler: probabilityHandlers.remove },
    { name: 'pdp_quote_add', method: ['GET', 'POST'], path: '/admin/quotes/new/{consequence}/{probability}', right: ADMIN, handler: addQuote, requirements: { consequence: '\\d{1,9}', probability: '\\d{1,9}' } },
    { name: 'pdp_quote_edit', method: ['GET', 'POST'], path: '/admin/quotes/{id}/edit', right: ADMIN, handler: editQuote },

    // Templates.
    { name: 'risk_analysis_template_index', method: 'GET', path: '/admin/risk-analysis-templates', right: TEMPLATES, toggle: T, handler: templates.index },
    { name: 'risk_analysis_template_add', method: ['GET', 'POST'], path: '/admin/risk-analysis-templates/new', right: TEMPLATES, toggle: T, handler: templates.add },
    { name: 'risk_analysis_template_show', method: 'GET', path: '/admin/risk-analysis-templates/{id}', right: TEMPLATES, toggle: T, handler: templates.show },
    { name: 'risk_analysis_template_edit', method: ['GET', 'POST'], path: '/admin/risk-analysis-templates/{id}/edit', right: TEMPLATES, toggle: T, handler: templates.edit },
    { name: 'risk_analysis_template_remove', method: 'POST', path: '/admin/risk-analysis-templates/{id}/delete', right: TEMPLATES, toggle: T, handler: templates.remove },
    { name: 'risk_area_add', method: ['GET', 'POST'], path: '/admin/risk-analysis-templates/{id}/areas/new', right: TEMPLATES, toggle: T, handler: templates.addArea },
    { name: 'risk_area_edit', method: ['GET', 'POST'], path: '/admin/risk-areas/{id}/edit', right: TEMPLATES, toggle: T, handler: templates.editArea },
    { name: 'risk_area_remove', method: 'POST', path: '/admin/risk-areas/{id}/delete', right: TEMPLATES, toggle: T, handler: templates.removeAreaHandler },

    // The analysis of a prevention plan (plan access: requirePlan(…, 'risk_analyses')).
    { name: 'pdp_risk_analysis_show', method: 'GET', path: '/prevention-plan/{id}/risk-analysis', right: 'pdp.view', toggle: T, handler: tabHandler('risk-analysis/analysis/_tab') },
    { name: 'pdp_interference_show', method: 'GET', path: '/prevention-plan/{id}/interference', right: 'pdp.view', toggle: T, handler: tabHandler('risk-analysis/analysis/_interference_tab') },
    ...analysisRoutes({ subject: PLAN_ANALYSIS_SUBJECT, basePath: '/prevention-plan', right: RA, toggle: T }),
  ],
  demo: seedRiskAnalysisDemo,
  contributes: [
    // The plan's analysis: its subject, its two tabs, its completeness rule and its history labels.
    contribute(analysisSubjects, PLAN_ANALYSIS_SUBJECT),
    contribute(planPageTabs, ...PLAN_ANALYSIS_TABS),
    contribute(planChecks, riskAnalysisCheck),
    contribute(planHistoryLabels, ANALYSIS_HISTORY_LABELS),
    contribute(trashables, ...CATALOGUE_TRASHABLES, { table: 'risk_analysis_template', typeKey: 'risk-analysis.trash.template' }),
  ],
});
