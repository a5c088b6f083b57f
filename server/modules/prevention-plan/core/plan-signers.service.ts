import type { EntityManager } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';
import * as core from '../../signing/signers.service';
import { PLAN_SIGNING } from './plan-signing';

export type { RequiredCompany, SignatureView, SignatureStatus, SignatureInput } from '../../signing/signers.service';

/** The outside companies that must sign a plan: every EE, and the ST while the toggle "subcontractor signature" is on. */
export const requiredCompanies = (db: Db, tenantId: number, planId: number) => core.requiredCompanies(db, PLAN_SIGNING, tenantId, planId);

/** The live signatures of the plan's current round (or of every round with `all`). */
export const listSignatures = (db: Db, tenantId: number, planId: number, opts: { all?: boolean } = {}) => core.listSignatures(db, PLAN_SIGNING, tenantId, planId, opts);

/** The signatures the plan needs and has in its current round. */
export const signatureStatus = (db: Db, tenantId: number, planId: number) => core.signatureStatus(db, PLAN_SIGNING, tenantId, planId);

/** Keeps a signature in the plan's current round; a double submit keeps one. */
export const recordSignature = (manager: EntityManager, input: core.SignatureInput) => core.recordSignature(manager, PLAN_SIGNING, input);

/** Marks the plan's live signatures of `kinds` superseded (an amendment asks them again). */
export const supersedeSignatures = (manager: EntityManager, tenantId: number, planId: number, kinds: core.SignatureKind[]) =>
  core.supersedeSignatures(manager, PLAN_SIGNING, tenantId, planId, kinds);

/**
 * After a company (`companyId`) signed: its ordering customer is told, and when all of them have
 * signed the plan moves on to internal validation (`send_internal`) in the same transaction.
 */
export async function afterCompanySignature(manager: EntityManager, tenantId: number, planId: number, companyId: number | null = null): Promise<boolean> {
  // Imported here: the workflow module imports this one's descriptor.
  const { planWorkflow } = await import('./prevention-plan.workflow');
  const { afterCompanySignature: advance } = await import('../../signing/signing-steps');
  return advance(manager, planWorkflow, PLAN_SIGNING, tenantId, planId, companyId);
}

