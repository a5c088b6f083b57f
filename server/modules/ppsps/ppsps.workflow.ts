import type { Contribution } from '../../kernel/extension';
import { expiry } from '../signing/expiry.job';
import { signingListeners } from '../signing/signing-listeners';
import { signLinks } from '../signing/sign-link.listeners';
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

/**
 * What the PPSPS adds to the signing core, for the module's `contributes`: the signatures given
 * with transitions, the daily expiry, and signing by e-mailed link (ET, MOE, SPS and ST sign by
 * link as for plans, docs/plan-sign-link.md).
 */
export const PPSPS_SIGNING_CONTRIBUTIONS: Contribution[] = [
  signingListeners(ppspsWorkflow, PPSPS_SIGNING),
  ...expiry(ppspsWorkflow, PPSPS_SIGNING),
  ...signLinks({ subject: PPSPS_SIGNING, workflow: ppspsWorkflow, numberColumn: 'number', titleColumn: 'nature_of_operations', texts: 'plan-sign-link.ppsps', pageRoute: 'ppsps_show', mailer: planMailer,
    // Imported when a link is made: the PDF service imports this workflow's descriptor.
    renderPdf: async (db, tenantId, id) => (await import('./ppsps-pdf')).renderPpspsPdf(db, tenantId, id) }),
];
