/**
 * The prevention plan's door: what other modules may use of it, and nothing else. A module
 * that adds a part to the plan page (documents, risk analysis, work orders, permits, zones)
 * registers its tab, checks and history labels and guards its routes here; the PPSPS and the
 * security protocol reuse the company block and the indicators' counts.
 *
 * The module file (`prevention-plan.routes.ts`) is not re-exported: `server/modules/index.ts`
 * imports it directly. Through this door it would bring every part, whose PDF reads the modules
 * that come in here (documents, risk analysis), and close a circle.
 */
export type { PlanRef } from './plan-ref';
export { loadPlanRef, loadPlanSubject, planTabUrl, requirePlan, resolvePlan } from './plan-access';
export { registerPlanTab } from './plan-tabs';
export { registerPlanCheck } from './plan-checks';
export type { Db, PlanProblem } from './plan-checks';
export { registerPlanHistoryLabels } from './plan-history-labels';
export { planMailer } from './plan-mail';
export { mailRecipientSql } from './plan-creation-mail';
export { PreventionPlan } from './prevention-plan.entity';
export { PlanCompany } from './plan-company.entity';
export { companySchema } from './plan-company.schema';
export type { CompanyInput } from './plan-company.schema';
export { addressValues, blockFromTiers, contactValues, tiersChoices } from './plan-company.service';
export type { CompanyValues, TiersChoices } from './plan-company.service';
export { visibleSql } from './plan-list.service';
export { countByStatus, countByValidity, countExpiring, countInOperation, figure } from './plan-indicators.service';
export type { CountedDocuments } from './plan-indicators.service';
export { addDaysIso } from './plan-actions.service';
export { mondayOf } from './plan-week-email.service';
export { demoSignatureImage } from './plan-signature.demo';
