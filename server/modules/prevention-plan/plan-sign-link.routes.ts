import type { RouteDef } from '../../kernel/http/route-table';
import * as h from './plan-sign-link.handlers';
import './plan-sign-link.listeners';

/**
 * Signing by e-mailed link: the public pages of the link (the token is the credential; any text
 * without a slash, so a tampered token gets the French "not valid" page, never a 500) and the
 * relaunch of the companies that have not signed.
 */
export const PLAN_SIGN_LINK_ROUTES: RouteDef[] = [
  { name: 'pdp_sign_link', method: 'GET', path: '/sign/pdp/{token}', right: 'public', handler: h.signPage },
  { name: 'pdp_sign_link_sign', method: 'POST', path: '/sign/pdp/{token}', right: 'public', handler: h.signSubmit },
  { name: 'pdp_sign_link_pdf', method: 'GET', path: '/sign/pdp/{token}/pdf', right: 'public', handler: h.signPdf },
  { name: 'pdp_sign_link_done', method: 'GET', path: '/sign/pdp/{token}/done', right: 'public', handler: h.signDone },
  { name: 'pdp_relaunch_companies', method: 'POST', path: '/prevention-plan/{id}/relaunch', right: 'pdp.view', toggle: 'module_prevention_plan', handler: h.relaunch },
];
