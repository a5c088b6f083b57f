import type { Contribution } from '../../../kernel/extension';
import { signLinks } from '../../signing/sign-link.listeners';
import { planMailer } from '../core/plan-mail';
import { renderPlanPdf } from '../core/plan-pdf.service';
import { PLAN_SIGNING } from '../core/plan-signing';
import { planWorkflow } from '../core/prevention-plan.workflow';

/**
 * The plan's companies sign by e-mailed link (signing core): links queued with send_tiers /
 * send_tiers_amend, revoked when the plan goes back to draft; the signer reads the plan's PDF.
 * The sign-link part's contributions (the type, its listeners, the job's handler).
 */
export const PLAN_SIGN_LINKS: Contribution[] = signLinks({
  subject: PLAN_SIGNING, workflow: planWorkflow, numberColumn: 'pdp_number', titleColumn: 'subject',
  texts: 'plan-sign-link', pageRoute: 'pdp_show', toggle: 'module_prevention_plan', mailer: planMailer,
  renderPdf: (db, tenantId, id) => renderPlanPdf(db, tenantId, id),
});
