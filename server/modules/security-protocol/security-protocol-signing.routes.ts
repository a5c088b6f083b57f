import type { Request } from 'express';
import type { RouteDef } from '../../kernel/http/route-table';
import { historyHandler } from '../signing/history.handler';
import { relaunchHandler } from '../signing/sign-link.handlers';
import { transitionHandler, type SigningDocumentRef } from '../signing/transition.handler';
import { forgetProtocol, protocolTabUrl, resolveProtocol } from './security-protocol.access';
import { PDS_SIGNING } from './security-protocol.signing';
import { pdsWorkflow } from './security-protocol.workflow';

/** The protocol for the transition and history routes: the protocol's own view rule (404 otherwise). */
async function resolve(req: Request, id: string | number): Promise<SigningDocumentRef> {
  const { protocol } = await resolveProtocol(req, id, 'view');
  return { id: protocol.id, tenantId: protocol.tenantId, number: protocol.pdsNumber, title: protocol.natureOfGoods ?? '' };
}

/** `pds_apply_transition` (JSON `{state, buttons, result}`) and `pds_history` (fragment), from the shared signing core. */
export const PROTOCOL_SIGNING_ROUTES: RouteDef[] = [
  {
    name: 'pds_apply_transition', method: 'POST', path: '/security-protocol/{id}/apply/{transition}', right: 'pds.view',
    handler: transitionHandler({
      workflow: pdsWorkflow, routeName: 'pds_apply_transition', resolve, transitionLabels: 'security-protocol.transitions',
      introKey: 'security-protocol.signing.intro', afterApply: forgetProtocol,
    }),
  },
  {
    name: 'pds_history', method: 'GET', path: '/security-protocol/{id}/history', right: 'pds.view',
    handler: historyHandler({ workflow: pdsWorkflow, subject: PDS_SIGNING, resolve, titleKey: 'signing.history_title', actionLabels: 'security-protocol.history_actions' }),
  },
  {
    // New signing links to the companies that have not signed (docs/plan-sign-link.md).
    name: 'pds_relaunch_companies', method: 'POST', path: '/security-protocol/{id}/relaunch', right: 'pds.view',
    handler: relaunchHandler({
      type: PDS_SIGNING.type,
      resolve: async (req, id) => {
        // Who may: the signing core's rule (editor or responsible / substitute, or pds.sign), as the panel's button.
        const { protocol } = await resolveProtocol(req, id, 'view');
        return { id: protocol.id, tenantId: protocol.tenantId, status: protocol.status, redirect: protocolTabUrl(req, protocol.id, 'signatures') };
      },
    }),
  },
];
