/**
 * The prevention plan's door: what other modules may use of it, and nothing else. A module
 * that adds a part to the plan page (documents, risk analysis, work orders, permits, zones)
 * contributes its tab, checks and history labels to the points here and guards its routes here; the PPSPS and the
 * security protocol reuse the company block and the indicators' counts.
 *
 * The module file (`prevention-plan.routes.ts`) is not re-exported: `server/modules/index.ts`
 * imports it directly. Through this door it would bring every part, whose PDF reads the modules
 * that come in here (documents, risk analysis), and close a circle.
 */
export type { PlanRef } from './core/plan-ref';
export { loadPlanRef, loadPlanSubject, planTabUrl, requirePlan, resolvePlan } from './core/plan-access';
export { planPageTabs } from './core/plan-tabs';
export type { PlanTab } from './core/plan-tabs';
export { planChecks } from './core/plan-checks';
export { planOutsideWorkers } from './core/plan-outside-workers';
export type { PlanOutsideWorker } from './core/plan-outside-workers';
export type { Db, PlanCheck, PlanProblem } from './core/plan-checks';
export { planHistoryLabels } from './core/plan-history-labels';
export { planMailer } from './core/plan-mail';
export { mailRecipientSql } from './core/plan-creation-mail';
export { PreventionPlan } from './core/prevention-plan.entity';
export { PlanCompany } from './core/plan-company.entity';
export { PlanStaff } from './staff/plan-staff.entity';
export { companySchema } from './core/plan-company.schema';
export type { CompanyInput } from './core/plan-company.schema';
export { addressValues, blockFromTiers, contactValues, tiersChoices } from './core/plan-company.service';
export type { CompanyValues, TiersChoices } from './core/plan-company.service';
export { visibleSql } from './core/plan-list.service';
export { countByStatus, countByValidity, countExpiring, countInOperation, figure } from './indicators/plan-indicators.service';
export type { CountedDocuments } from './indicators/plan-indicators.service';
export { addDaysIso } from './actions/plan-actions.service';
export { mondayOf } from './actions/plan-week-email.service';
export { demoSignatureImage } from './signing/plan-signature.demo';
