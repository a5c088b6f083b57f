import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import { analysisSubjects } from '../risk-analysis/analysis.subjects';
import type { RouteDef } from '../../kernel/http/route-table';
import * as h from './security-protocol.handlers';
import * as f from './security-protocol-form.handlers';
import * as c from './security-protocol-company.handlers';
import * as l from './security-protocol-lists.handlers';
import { PROTOCOL_LISTS, type ProtocolListKey } from './security-protocol-lists';
import { PROTOCOL_ANALYSIS_SUBJECT, PROTOCOL_RISK_ANALYSIS_ROUTES, riskAnalysisTab } from './security-protocol-risk-analysis';
import { PROTOCOL_SIGNING_ROUTES } from './security-protocol-signing.routes';
import { PROTOCOL_FILE_ROUTES, signaturesTab } from './security-protocol-signatures';
import { PROTOCOL_TABS, protocolPageTabs } from './security-protocol.tabs';
import { PROTOCOL_SIGNING_CONTRIBUTIONS } from './security-protocol.workflow';
import { PROTOCOL_INDICATOR_ROUTES } from './security-protocol-indicators.routes';
import { PROTOCOL_PDF_ROUTES } from './security-protocol-pdf';
import { seedSecurityProtocolDemo } from './security-protocol.demo';
import { scheduleExpiry } from '../signing/expiry.job';

const V = 'pds.view';
const M = 'pds.manage';
const BOTH: RouteDef['method'] = ['GET', 'POST'];

/** The index / add / edit / delete routes of one reference list, named by its `routes` (`pds_<key>_*`). */
function listRoutes(key: ProtocolListKey, bodyParsers?: RouteDef['bodyParsers']): RouteDef[] {
  const { slug, routes: n } = PROTOCOL_LISTS[key];
  return [
    { name: n.index, method: 'GET', path: `/security-protocol/admin/${slug}`, right: M, handler: l.listIndex(key) },
    { name: n.add, method: BOTH, path: `/security-protocol/admin/${slug}/new`, right: M, handler: l.listAdd(key), bodyParsers },
    { name: n.edit, method: BOTH, path: `/security-protocol/admin/${slug}/{id}/edit`, right: M, handler: l.listEdit(key), bodyParsers },
    { name: n.remove, method: 'POST', path: `/security-protocol/admin/${slug}/{id}/delete`, right: M, handler: l.listRemove(key) },
  ];
}

/**
 * Security protocols (PDS, "protocole de sécurité" / opération, issue 7): the protocol, its
 * companies, its risk analysis and the lists of handling equipment, vehicles and packagings.
 * Record rules in security-protocol.policy.ts, checked by `resolveProtocol`.
 */
export const securityProtocolModule = defineModule({
  name: 'security-protocol',
  routes: [
    { name: 'pds_index', method: 'GET', path: '/security-protocol/', right: V, handler: h.index },
    { name: 'pds_add', method: BOTH, path: '/security-protocol/new', right: 'pds.add', handler: f.add },
    { name: 'pds_search_tiers', method: 'GET', path: '/security-protocol/search-tiers', right: V, handler: c.searchTiersJson },
    { name: 'pds_get_tiers_form', method: 'POST', path: '/security-protocol/tiers/{id}/form', right: V, handler: c.tiersForm },
    { name: 'pds_get_tiers_address_form', method: 'POST', path: '/security-protocol/tiers/{id}/address-form', right: V, handler: c.tiersAddressForm },
    { name: 'pds_get_tiers_contact_form', method: 'POST', path: '/security-protocol/tiers/{id}/contact-form', right: V, handler: c.tiersContactForm },
    { name: 'pds_show', method: 'GET', path: '/security-protocol/{id}', right: V, handler: h.show },
    { name: 'pds_edit', method: BOTH, path: '/security-protocol/{id}/edit', right: V, handler: f.edit },
    { name: 'pds_archive', method: 'POST', path: '/security-protocol/{id}/archive', right: M, handler: h.archive },
    { name: 'pds_unarchive', method: 'POST', path: '/security-protocol/{id}/unarchive', right: M, handler: h.unarchive },
    { name: 'pds_delete', method: 'POST', path: '/security-protocol/{id}/delete', right: 'pds.delete', handler: h.remove },
    { name: 'pds_company_add', method: BOTH, path: '/security-protocol/{id}/company/add', right: V, handler: c.companyAdd },
    { name: 'pds_company_edit', method: BOTH, path: '/security-protocol/company/{id}/edit', right: V, handler: c.companyEdit },
    { name: 'pds_company_remove', method: 'POST', path: '/security-protocol/company/{id}/remove', right: V, handler: c.companyRemove },
    ...PROTOCOL_SIGNING_ROUTES,
    ...PROTOCOL_PDF_ROUTES,
    ...PROTOCOL_FILE_ROUTES,
    ...PROTOCOL_RISK_ANALYSIS_ROUTES,
    ...PROTOCOL_INDICATOR_ROUTES,
    ...listRoutes('handling_equipment', [l.equipmentImageUpload]),
    { name: 'pds_handling_equipment_image', method: 'GET', path: '/security-protocol/admin/handling-equipment/{id}/image', right: V, handler: l.equipmentImage },
    ...listRoutes('transport_vehicle'),
    ...listRoutes('packaging'),
  ],
  // The shared daily expiry job (queued once whichever module starts it) closes protocols past their end date.
  schedule: scheduleExpiry,
  demo: seedSecurityProtocolDemo,
  contributes: [
    ...PROTOCOL_SIGNING_CONTRIBUTIONS,
    contribute(protocolPageTabs, ...PROTOCOL_TABS, signaturesTab, riskAnalysisTab),
    contribute(analysisSubjects, PROTOCOL_ANALYSIS_SUBJECT),
    contribute(trashables, { table: 'security_protocol', typeKey: 'security-protocol.trash_type' }),
  ],
});
