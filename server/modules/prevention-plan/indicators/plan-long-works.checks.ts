import type { PlanCheck, PlanProblem } from '../core/plan-checks';
import { dangerOf, dangerReason, longWorksOf, longWorksReason } from '../core/plan-long-works.service';

/**
 * Warnings of the plan page's completeness panel: long works (400 hours over 12 months for an
 * outside company on the site) and dangerous works (arrêté du 19 mars 1993), each with its reason.
 * Warnings, not errors: both only require a written plan, which this one is.
 */
export const longDangerousWorksCheck: PlanCheck = {
  name: 'long-dangerous-works',
  check: async (db, plan) => {
    const found: PlanProblem[] = [];
    const long = await longWorksOf(db, plan.tenantId, plan.id);
    if (long?.long) found.push({ severity: 'warning', key: 'prevention-admin.checks.long_works', params: { detail: longWorksReason(long) }, tab: 'intervention' });
    const danger = await dangerOf(db, plan.tenantId, plan.id);
    if (danger.dangerous) found.push({ severity: 'warning', key: 'prevention-admin.checks.dangerous_works', params: { detail: dangerReason(danger) }, tab: 'intervention' });
    return found;
  },
};
