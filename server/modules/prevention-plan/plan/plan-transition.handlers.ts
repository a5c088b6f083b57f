import { transitionHandler } from '../../signing/transition.handler';
import { forgetPlan, resolvePlan } from '../core/plan-access';
import { planWorkflow } from '../core/prevention-plan.workflow';

/** Options of the plan's transition route, shared with the plan page's buttons. */
export const PLAN_TRANSITIONS = { workflow: planWorkflow, routeName: 'pdp_apply_transition' };

/**
 * `POST /prevention-plan/{id}/apply/{transition}` (pdp_apply_transition): the shared signing
 * transition handler on plans (view is enough to try; the workflow's guards say who may).
 */
export const applyTransition = transitionHandler({
  ...PLAN_TRANSITIONS,
  resolve: async (req, id) => {
    const { plan } = await resolvePlan(req, id, 'view');
    return { id: plan.id, tenantId: plan.tenantId, number: plan.pdpNumber, title: plan.subject || '' };
  },
  transitionLabels: 'prevention-plan.transitions',
  introKey: 'prevention-plan.signing.intro',
  afterApply: forgetPlan,
});
