import { defineModule } from '../../kernel/module';
import type { PlanPart } from './plan-part';
import { companiesPart } from './companies/companies.part';
import { staffPart } from './staff/staff.part';
import { indicatorsPart } from './indicators/indicators.part';
import { amendmentPart } from './amendment/amendment.part';
import { signLinkPart } from './sign-link/sign-link.part';
import { outputPart } from './output/output.part';
import { signingPart } from './signing/signing.part';
import { inspectionPart } from './inspection/inspection.part';
import { actionsPart } from './actions/actions.part';
import { planPart } from './plan/plan.part';

/**
 * The parts in route-table order. Demo data runs in this order too: companies and signatures
 * need the plans; documents and risk analyses (later modules) need both. Jobs: the plans'
 * expiry, then the weekly recap.
 */
const PLAN_PARTS: PlanPart[] = [
  planPart, companiesPart, staffPart, indicatorsPart, amendmentPart, signLinkPart, outputPart, signingPart, inspectionPart, actionsPart,
];

/**
 * The parts in the order their contributions are installed, the plan's own last: its rules come
 * after the companies' and the long works' (the order the completeness panel lists problems in),
 * and its signature listeners after the sign-link ones on `send_tiers_amend`.
 */
const INSTALL_ORDER: PlanPart[] = [
  companiesPart, staffPart, indicatorsPart, amendmentPart, signLinkPart, outputPart, signingPart, inspectionPart, actionsPart, planPart,
];

/**
 * The prevention plan (pdp / intervention): the plan and its own sections, its companies, staff,
 * indicators, amendments, signatures (in the application and by e-mailed link), prints, prior
 * inspection and actions, each part in its folder. Record rules in core/prevention-plan.policy.ts,
 * checked by `resolvePlan`. Other modules use the plan through `index.ts` only.
 */
export const preventionPlanModule = defineModule({
  name: 'prevention-plan',
  routes: PLAN_PARTS.flatMap((p) => p.routes),
  schedule: async (db) => {
    for (const p of PLAN_PARTS) if (p.schedule) await p.schedule(db);
  },
  demo: async (db, tenantId) => {
    for (const p of PLAN_PARTS) if (p.demo) await p.demo(db, tenantId);
  },
  contributes: INSTALL_ORDER.flatMap((p) => p.contributes ?? []),
});
