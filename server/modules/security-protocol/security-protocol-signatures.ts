import type { Request } from 'express';
import type { RouteDef } from '../../kernel/http/route-table';
import { renderSignaturesPanel } from '../signing/signatures-panel';
import { signingFileRouteNames, signingFileRoutes } from '../signing/signed-file.handlers';
import type { SigningDocumentRef } from '../signing/transition.handler';
import { forgetProtocol, protocolTabUrl, resolveProtocol } from './security-protocol.access';
import { PDS_SIGNING } from './security-protocol.signing';
import type { ProtocolTab } from './security-protocol.tabs';
import { pdsWorkflow } from './security-protocol.workflow';

async function resolve(req: Request, id: string | number): Promise<SigningDocumentRef> {
  const { protocol } = await resolveProtocol(req, id, 'view');
  return { id: protocol.id, tenantId: protocol.tenantId, number: protocol.pdsNumber, title: protocol.natureOfGoods ?? '' };
}

/** The "Signatures" tab of the protocol page: the shared signatures panel (signing core). */
export const signaturesTab: ProtocolTab = {
  key: 'signatures', labelKey: 'signing.panel.title', icon: 'pen', order: 25,
  render: (req, _res, ctx) => renderSignaturesPanel(req, {
    workflow: pdsWorkflow, subject: PDS_SIGNING, doc: { id: ctx.ref.id, tenantId: ctx.ref.tenantId, number: ctx.ref.pdsNumber },
    kindLabels: 'security-protocol.kinds', files: signingFileRouteNames('pds'), relaunchRoute: 'pds_relaunch_companies', testId: 'pds-signatures-panel',
  }),
};

/**
 * `pds_signed_file`, `pds_external_file` and their downloads (signing core): the paper scan that
 * `validate_manual` needs, the protocol written elsewhere that `validate_external_file` needs.
 */
export const PROTOCOL_FILE_ROUTES: RouteDef[] = signingFileRoutes({
  prefix: 'pds', basePath: '/security-protocol', right: 'pds.view', workflow: pdsWorkflow, subject: PDS_SIGNING, resolve,
  redirect: (req, id) => protocolTabUrl(req, id, 'signatures'), afterChange: forgetProtocol,
});
