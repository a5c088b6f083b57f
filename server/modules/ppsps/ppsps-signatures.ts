import type { Request } from 'express';
import type { RouteDef } from '../../kernel/http/route-table';
import { inspectionSignHandler, renderInspectionSignatures } from '../signing/inspection-signatures';
import { renderSignaturesPanel } from '../signing/signatures-panel';
import { signingFileRouteNames, signingFileRoutes } from '../signing/signed-file.handlers';
import { forgetPpsps, ppspsTabUrl, type PpspsRef } from './ppsps-access';
import { resolveSigningPpsps } from './ppsps-workflow-bar';
import { PPSPS_SIGNING } from './ppsps.signing';
import { ppspsWorkflow } from './ppsps.workflow';

/**
 * The PPSPS's signature widgets from the signing core: `ppsps_signed_file`, `ppsps_external_file`
 * (+ downloads) and `ppsps_inspection_sign` (joint-inspection signatures, always granted).
 */
export const PPSPS_SIGNATURE_ROUTES: RouteDef[] = [
  ...signingFileRoutes({
    prefix: 'ppsps', basePath: '/ppsps', right: 'ppsps.view', workflow: ppspsWorkflow, subject: PPSPS_SIGNING, resolve: resolveSigningPpsps,
    redirect: (req, id) => `${ppspsTabUrl(req, id, 'presentation')}#ppsps-signatures`, afterChange: forgetPpsps,
  }),
  {
    name: 'ppsps_inspection_sign', method: ['GET', 'POST'], path: '/ppsps/{id}/inspection/sign', right: 'ppsps.view',
    handler: inspectionSignHandler({ subject: PPSPS_SIGNING, resolve: resolveSigningPpsps, routeName: 'ppsps_inspection_sign', redirect: (req, id) => ppspsTabUrl(req, id, 'inspection') }),
  },
];

/** HTML of the show page's signatures section and of the inspection tab's signatures. */
export async function ppspsSignatureWidgets(req: Request, ref: PpspsRef): Promise<{ signatures: string; inspection: string }> {
  const doc = { id: ref.id, tenantId: ref.tenantId, number: ref.number };
  return {
    signatures: await renderSignaturesPanel(req, {
      workflow: ppspsWorkflow, subject: PPSPS_SIGNING, doc, kindLabels: 'ppsps.kinds', files: signingFileRouteNames('ppsps'), relaunchRoute: 'ppsps_relaunch_companies', testId: 'ppsps-signatures-panel',
    }),
    inspection: await renderInspectionSignatures(req, { subject: PPSPS_SIGNING, routeName: 'ppsps_inspection_sign', doc }),
  };
}
