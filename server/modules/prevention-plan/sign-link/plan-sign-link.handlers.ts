import { can } from '../../../kernel/rights/registry';
import { relaunchHandler } from '../../signing/sign-link.handlers';
import { planTabUrl, resolvePlan } from '../core/plan-access';
import { PLAN_HISTORY_SUBJECT } from '../core/prevention-plan.service';

/** The relaunch's label in the plan's history. */
export const SIGN_LINK_HISTORY_LABELS: Record<string, string> = { sign_links_relaunch: 'plan-sign-link.history.relaunch' };

/**
 * `POST /prevention-plan/{id}/relaunch` (pdp_relaunch_companies): new links to the companies that
 * have not signed (their earlier links stop working), for an editor of the plan or a holder of
 * pdp.sign, while the plan waits for the companies.
 */
export const relaunch = relaunchHandler({
  type: 'prevention_plan', historySubject: PLAN_HISTORY_SUBJECT,
  resolve: async (req, id) => {
    const { plan, abilities } = await resolvePlan(req, id, 'view');
    return {
      id: plan.id, tenantId: plan.tenantId, status: plan.status,
      mayRelaunch: abilities.edit || can(req.authUser!, 'pdp.sign'), redirect: planTabUrl(req, plan.id, 'signatures'),
    };
  },
});
