import type { Request } from 'express';
import { listInvitations, type InvitationRow } from '../core/plan-inspection-invitation.service';
import { inspectionSignatures, type InspectionSignature } from '../core/plan-inspection-signature.service';
import type { PlanRef } from '../core/plan-ref';

/**
 * What the inspection tab (`prevention-plan/plan/_tab_inspection`) shows besides the participants:
 * the invitations panel and each participant's signature.
 */
export async function inspectionTabLocals(req: Request, plan: PlanRef): Promise<{ invitations: InvitationRow[]; inspectionSignatures: Record<number, InspectionSignature> }> {
  return {
    invitations: await listInvitations(req.ctx.db, plan.tenantId, plan.id),
    inspectionSignatures: await inspectionSignatures(req.ctx.db, plan.tenantId, plan.id),
  };
}
