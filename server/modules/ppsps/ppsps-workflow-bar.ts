import type { Request } from 'express';
import type { SigningDocumentRef } from '../signing/transition.handler';
import { signingButtons } from '../signing/transition.handler';
import { forgetPpsps, resolvePpsps, type PpspsRef } from './ppsps-access';
import { ppspsWorkflow } from './ppsps.workflow';

/** The name of the transition route (the buttons post there). */
export const PPSPS_TRANSITION_ROUTE = 'ppsps_apply_transition';

/** The PPSPS for the signing routes: the module's 404 for one the user may not see. */
export async function resolveSigningPpsps(req: Request, id: string | number): Promise<SigningDocumentRef> {
  const { ppsps } = await resolvePpsps(req, id, 'view');
  const [row] = await req.ctx.db.query('SELECT nature_of_operations AS n FROM ppsps WHERE id = $1 AND tenant_id = $2', [ppsps.id, ppsps.tenantId]);
  return { id: ppsps.id, tenantId: ppsps.tenantId, number: ppsps.number, title: row?.n ?? '' };
}

/** Amending: ppsps.amend, the correspondent, a substitute or a company contact (ppsps.policy.ts `amend`). */
export async function mayAmendPpsps(req: Request, doc: SigningDocumentRef): Promise<boolean> {
  forgetPpsps(req);
  return (await resolvePpsps(req, doc.id, 'view')).abilities.amend;
}

/** The workflow buttons of the show page (views/partials/_actions.ejs through the signing core). */
export async function ppspsWorkflowBar(req: Request, ref: PpspsRef): Promise<string> {
  return signingButtons(req, { workflow: ppspsWorkflow, routeName: PPSPS_TRANSITION_ROUTE }, { id: ref.id, tenantId: ref.tenantId });
}
