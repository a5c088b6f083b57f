import type { EntityManager } from 'typeorm';
import { rowsOf } from '../../kernel/db/sql';
import { systemActor } from '../../kernel/rights/system-actor';
import type { Workflow } from '../../kernel/workflow';
import { signatureStatus } from './signers.service';
import { queueSigningNotice } from './signing-notices';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';

/**
 * After a company (`companyId`) signed: while the document waits for the companies, its internal
 * signer is told (a notice mailed after commit); when all of them have signed, it moves on to
 * internal validation (`send_internal`, by the system) in the same transaction.
 */
export async function afterCompanySignature(manager: EntityManager, workflow: Workflow<SigningWorkflowSubject>, s: SigningSubject, tenantId: number, id: number, companyId: number | null = null): Promise<boolean> {
  const row = rowsOf<{ status: string }>(await manager.query(`SELECT status FROM "${s.table}" WHERE id = $1 AND tenant_id = $2`, [id, tenantId]))[0];
  if (row?.status !== 'waiting_tiers') return false;
  const status = await signatureStatus(manager, s, tenantId, id);
  const notice = { type: s.type, tenantId, documentId: id, companyId };
  if (!status.allCompaniesSigned) {
    await queueSigningNotice(manager, { ...notice, kind: 'company_signed' });
    return false;
  }
  const outcome = await workflow.apply(manager, { id, tenantId }, 'send_internal', { user: systemActor(tenantId) });
  if (outcome.result) await queueSigningNotice(manager, { ...notice, kind: 'all_signed' });
  return outcome.result;
}
