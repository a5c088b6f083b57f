import type { EntityManager } from 'typeorm';
import { contribute, type Contribution } from '../../kernel/extension';
import { displayName } from '../../kernel/rights/auth-user';
import type { TransitionEvent, Workflow, WorkflowListener } from '../../kernel/workflow';
import { recordSignature, signatureStatus } from './signers.service';
import { afterCompanySignature } from './signing-steps';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';

/** What the transition handler puts in `signature` (also kept as JSON in the history row). */
interface SignaturePayload {
  image: string;
  name: string;
  hasWatermark?: boolean;
}

const payload = (event: TransitionEvent): SignaturePayload | null => {
  const s = event.signature as Partial<SignaturePayload> | null;
  return s && typeof s.image === 'string' ? { image: s.image, name: String(s.name ?? ''), hasWatermark: Boolean(s.hasWatermark) } : null;
};

/**
 * Keeps the signatures given with transitions: `sign` is the company's (its contact signing in
 * the application; the last one moves the document on), `send_tiers_amend`, `validate` and
 * `site_sign` the internal signer's. For the signed document's module `contributes`.
 */
export function signingListeners(workflow: Workflow<SigningWorkflowSubject>, s: SigningSubject): Contribution {
  const companySigns = async (event: TransitionEvent, manager: EntityManager) => {
    const sig = payload(event);
    if (!sig) return;
    const status = await signatureStatus(manager, s, event.tenantId, event.subjectId);
    const company = status.companies.find((c) => !c.signature && c.contactUserId === event.user.id);
    if (!company) return;
    await recordSignature(manager, s, {
      tenantId: event.tenantId, planId: event.subjectId, kind: 'company', signerKey: `company:${company.id}`, planCompanyId: company.id,
      userId: event.user.id, signerName: sig.name || displayName(event.user), image: sig.image, hasWatermark: Boolean(sig.hasWatermark), channel: 'app', historyId: event.historyId,
    });
    await afterCompanySignature(manager, workflow, s, event.tenantId, event.subjectId, company.id);
  };
  const internalSigns = async (event: TransitionEvent, manager: EntityManager) => {
    const sig = payload(event);
    if (!sig) return;
    await recordSignature(manager, s, {
      tenantId: event.tenantId, planId: event.subjectId, kind: 'internal', signerKey: `internal:${event.transition}`,
      userId: event.user.id > 0 ? event.user.id : null, signerName: sig.name || displayName(event.user), image: sig.image,
      hasWatermark: Boolean(sig.hasWatermark), channel: event.transition === 'site_sign' ? 'site' : 'app', historyId: event.historyId,
    });
  };
  const listeners: WorkflowListener[] = [{ on: 'sign', run: companySigns }];
  for (const t of ['send_tiers_amend', 'validate', 'site_sign']) {
    if (workflow.definition.transitions[t]) listeners.push({ on: t, run: internalSigns });
  }
  return contribute(workflow.listeners, ...listeners);
}
