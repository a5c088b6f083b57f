import type { RouteDef } from '../../kernel/http/route-table';
import * as h from './sign-link.handlers';

/**
 * The public pages of an e-mailed signing link, for every document type (plan, protocol, PPSPS):
 * the token is the credential and says which document it is about; any text without a slash,
 * so a tampered token gets the French "not valid" page, never a 500. The `/sign/pdp/` path and
 * the `pdp_` names are kept from the plans' first links (mails already sent carry them).
 */
export const SIGN_LINK_ROUTES: RouteDef[] = [
  { name: 'pdp_sign_link', method: 'GET', path: '/sign/pdp/{token}', right: 'public', handler: h.signPage },
  { name: 'pdp_sign_link_sign', method: 'POST', path: '/sign/pdp/{token}', right: 'public', handler: h.signSubmit },
  { name: 'pdp_sign_link_pdf', method: 'GET', path: '/sign/pdp/{token}/pdf', right: 'public', heavy: 'pdf', handler: h.signPdf },
  { name: 'pdp_sign_link_done', method: 'GET', path: '/sign/pdp/{token}/done', right: 'public', handler: h.signDone },
];
