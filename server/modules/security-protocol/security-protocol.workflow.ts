import { registerExpiry } from '../signing/expiry.job';
import { registerSigningListeners } from '../signing/signing-listeners';
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
  messages: { incomplete: 'Le protocole est incomplet : corrigez les points signalés dans « Complétude du protocole » avant de l\'envoyer.' },
});
registerSigningListeners(pdsWorkflow, PDS_SIGNING);
registerExpiry(pdsWorkflow, PDS_SIGNING);
