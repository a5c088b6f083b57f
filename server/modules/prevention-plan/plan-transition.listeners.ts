import { displayName } from '../../kernel/rights/auth-user';
import type { TransitionEvent } from '../../kernel/workflow';
import type { EntityManager } from 'typeorm';
import { afterCompanySignature, recordSignature, signatureStatus } from './plan-signers.service';
import { planWorkflow } from './prevention-plan.workflow';

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

/** A company's contact signs in the application: his company's signature, then maybe internal validation. */
async function companySigns(event: TransitionEvent, manager: EntityManager): Promise<void> {
  const sig = payload(event);
  if (!sig) return;
  const status = await signatureStatus(manager, event.tenantId, event.subjectId);
  const company = status.companies.find((c) => !c.signature && c.contactUserId === event.user.id);
  if (!company) return;
  await recordSignature(manager, {
    tenantId: event.tenantId, planId: event.subjectId, kind: 'company', signerKey: `company:${company.id}`, planCompanyId: company.id,
    userId: event.user.id, signerName: sig.name || displayName(event.user), image: sig.image, hasWatermark: Boolean(sig.hasWatermark), channel: 'app', historyId: event.historyId,
  });
  await afterCompanySignature(manager, event.tenantId, event.subjectId);
}

/** The internal signer signs (sending an amendment, validating, closing the on-site signing). */
async function internalSigns(event: TransitionEvent, manager: EntityManager): Promise<void> {
  const sig = payload(event);
  if (!sig) return;
  await recordSignature(manager, {
    tenantId: event.tenantId, planId: event.subjectId, kind: 'internal', signerKey: `internal:${event.transition}`,
    userId: event.user.id > 0 ? event.user.id : null, signerName: sig.name || displayName(event.user), image: sig.image,
    hasWatermark: Boolean(sig.hasWatermark), channel: event.transition === 'site_sign' ? 'site' : 'app', historyId: event.historyId,
  });
}

planWorkflow.on('sign', companySigns);
for (const t of ['send_tiers_amend', 'validate', 'site_sign']) planWorkflow.on(t, internalSigns);
