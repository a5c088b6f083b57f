import type { Contribution } from '../../kernel/extension';
import { expiry } from '../signing/expiry.job';
import { signingListeners } from '../signing/signing-listeners';
import { signLinks } from '../signing/sign-link.listeners';
import { planMailer } from '../prevention-plan';
import { signingWorkflow } from '../signing/signing-workflow';
import { PDS_SIGNING } from './security-protocol.signing';
import { protocolProblems } from './security-protocol.service';

/**
 * The protocol's signing workflow: the plan's graph without the on-site path (draft,
 * waiting_manual, waiting_tiers, waiting_internal, in_operation, expired). Sending needs a
 * complete protocol (`protocolProblems`: seed 002 section 5).
 */
export const pdsWorkflow = signingWorkflow({
  name: 'security_protocol', subject: PDS_SIGNING, onSite: false,
  problems: (manager, tenantId, id) => protocolProblems(manager, tenantId, id),
  stateLabels: 'security-protocol.status', transitionLabels: 'security-protocol.transitions',
  messages: { incomplete: 'security-protocol.refusal.incomplete' },
});

/**
 * What the protocol adds to the signing core, for the module's `contributes`: the signatures
 * given with transitions, the daily expiry, and signing by e-mailed link (carrier, handler and
 * subcontractor sign by link as for plans, docs/plan-sign-link.md).
 */
export const PROTOCOL_SIGNING_CONTRIBUTIONS: Contribution[] = [
  signingListeners(pdsWorkflow, PDS_SIGNING),
  ...expiry(pdsWorkflow, PDS_SIGNING),
  ...signLinks({ subject: PDS_SIGNING, workflow: pdsWorkflow, numberColumn: 'pds_number', titleColumn: 'nature_of_goods', texts: 'plan-sign-link.security_protocol', pageRoute: 'pds_show', mailer: planMailer,
    // Imported when a link is made: the PDF service imports this workflow's descriptor.
    renderPdf: async (db, tenantId, id) => (await import('./security-protocol-pdf')).renderProtocolPdf(db, tenantId, id) }),
];
