import { relaunchHandler } from '../signing/sign-link.handlers';
import { ppspsTabUrl, resolvePpsps } from './ppsps-access';
import { PPSPS_SIGNING } from './ppsps.signing';

/**
 * `POST /ppsps/{id}/relaunch` (ppsps_relaunch_companies): new signing links to the companies that
 * have not signed, while the PPSPS waits for them; for whoever the signatures panel shows the
 * button to (editor or correspondent / substitute, or ppsps.sign: the signing core's rule).
 */
export const relaunchPpspsCompanies = relaunchHandler({
  type: PPSPS_SIGNING.type,
  resolve: async (req, id) => {
    const { ppsps } = await resolvePpsps(req, id, 'view');
    return { id: ppsps.id, tenantId: ppsps.tenantId, status: ppsps.status, redirect: `${ppspsTabUrl(req, ppsps.id, 'presentation')}#ppsps-signatures` };
  },
});
