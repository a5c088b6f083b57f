import type { RouteDef } from '../../../kernel/http/route-table';
import { type WastePart } from '../core/waste-part';
import { ENV_MANAGE, ENV_VIEW } from '../core/waste-rights';
import * as c from './certificate.handlers';
import { addDocumentsForm, deleteDocument, downloadDocument, parseCapDocuments } from './certificate-documents';
import { printForm } from './certificate-pdf';
import { seedCertificateDemo } from './certificates.demo';

const GP: RouteDef['method'] = ['GET', 'POST'];
const BASE = '/waste/certificates/{id}';

const routes: RouteDef[] = [
  { name: 'waste_cap_index', method: 'GET', path: '/waste/certificates', right: ENV_VIEW, handler: c.index },
  { name: 'waste_cap_add', method: GP, path: '/waste/certificates/new', right: ENV_MANAGE, handler: c.add },
  { name: 'waste_cap_show', method: 'GET', path: BASE, right: ENV_VIEW, handler: c.show },
  { name: 'waste_cap_edit', method: GP, path: `${BASE}/edit`, right: ENV_MANAGE, handler: c.edit },
  { name: 'waste_cap_delete', method: 'POST', path: `${BASE}/delete`, right: ENV_MANAGE, handler: c.remove },
  { name: 'waste_cap_document_add', method: GP, path: `${BASE}/documents/new`, right: ENV_MANAGE, bodyParsers: [parseCapDocuments], handler: addDocumentsForm },
  { name: 'waste_cap_document', method: 'GET', path: `${BASE}/documents/{documentId}`, right: ENV_VIEW, handler: downloadDocument },
  { name: 'waste_cap_document_delete', method: 'POST', path: `${BASE}/documents/{documentId}/delete`, right: ENV_MANAGE, handler: deleteDocument },
  { name: 'waste_cap_form', method: 'GET', path: `${BASE}/forms/{form}`, right: ENV_VIEW, requirements: { form: 'producer|bill_to|carrier' }, heavy: 'pdf', handler: printForm },
];

/**
 * The CAP certificates part of the waste module (issue 26 item 5): certificates of prior acceptance with
 * their site, companies (ordering customer, producer, customer to bill, carriers), wastes and documents,
 * and the three printed forms (producer, customer to bill, carrier). Read with `environment.view`,
 * edited with `environment.manage`; documents are served only through their certificate.
 */
export const certificatesPart: WastePart = { routes, demo: seedCertificateDemo };
