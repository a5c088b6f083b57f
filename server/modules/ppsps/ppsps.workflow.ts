import { registerExpiry } from '../signing/expiry.job';
import { registerSigningListeners } from '../signing/signing-listeners';
import { registerSignLinks } from '../signing/sign-link.listeners';
import { planMailer } from '../prevention-plan';
import { signingWorkflow } from '../signing/signing-workflow';
import { ppspsProblems } from './ppsps.checks';
import { PPSPS_SIGNING } from './ppsps.signing';

/**
 * The PPSPS's signing workflow: the plan's graph without the on-site path (draft, waiting_manual,
 * waiting_tiers, waiting_internal, in_operation, expired). Sending needs a complete PPSPS
 * (`ppspsProblems`: seed 002 section 5).
 */
export const ppspsWorkflow = signingWorkflow({
  name: 'ppsps', subject: PPSPS_SIGNING, onSite: false,
  problems: (manager, tenantId, id) => ppspsProblems(manager, tenantId, id),
  stateLabels: 'ppsps.status', transitionLabels: 'prevention-plan.transitions',
  messages: { incomplete: 'ppsps.refusal.incomplete' },
});
registerSigningListeners(ppspsWorkflow, PPSPS_SIGNING);
registerExpiry(ppspsWorkflow, PPSPS_SIGNING);
// ET, MOE, SPS and ST sign by e-mailed link as for plans (docs/plan-sign-link.md).
registerSignLinks({ subject: PPSPS_SIGNING, workflow: ppspsWorkflow, numberColumn: 'number', titleColumn: 'nature_of_operations', texts: 'plan-sign-link.ppsps', mailer: planMailer,
  // Imported when a link is made: the PDF service imports this workflow's descriptor.
  renderPdf: async (db, tenantId, id) => (await import('./ppsps-pdf')).renderPpspsPdf(db, tenantId, id) });
