import { checkSigningSubject, type SigningSubject } from '../../signing/signing-subject';
import { mayEditPlanFacts } from './prevention-plan.policy';

/** Where a prevention plan's companies and signatures live, for the shared signing core. */
export const PLAN_SIGNING: SigningSubject = checkSigningSubject({
  type: 'prevention_plan',
  table: 'prevention_plan',
  fk: 'plan_id',
  companyTable: 'plan_company',
  signatureTable: 'plan_signature',
  signingKinds: ['EE'],
  // Subcontractors sign while the company's toggle "subcontractor signature" is on (default).
  toggledKinds: ['ST'],
  internalSignerColumn: 'ordering_customer_id',
  substituteTable: 'plan_substitute',
  rightPrefix: 'pdp',
  // The plan's own rule, not the shared one: a `pdp.manage` holder without `pdp.edit`, or an
  // archived plan, is refused by the guards as by the plan page.
  mayEdit: (user, plan) => mayEditPlanFacts(user, {
    archived: plan.archived === true, createdById: plan.createdById, orderingCustomerId: plan.internalSignerId ?? null, substituteIds: plan.substituteIds ?? [],
  }),
});
