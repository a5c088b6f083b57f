import type { RouteDef } from '../../kernel/http/route-table';
import * as owner from './owner-documents.handlers';
import { parseDocumentFiles } from './plan-document.uploads';

const VIEW = 'companies.view';
const T = 'module_crm';

/**
 * Documents of CRM companies (tiers) and contacts, outside any plan (docs/crm.md, "Documents").
 * Every handler checks the CRM scope (404) and the record rule of editing (403) itself.
 */
export const ownerDocumentRoutes: RouteDef[] = [
  { name: 'crm_document_add', method: ['GET', 'POST'], path: '/crm/documents/{kind}/{id}/new', right: VIEW, toggle: T, handler: owner.ownerDocumentAdd,
    requirements: { kind: 'tiers|contact' }, defaults: { kind: 'tiers' }, bodyParsers: [parseDocumentFiles] },
  { name: 'crm_document_edit', method: ['GET', 'POST'], path: '/crm/documents/{id}/edit', right: VIEW, toggle: T, handler: owner.ownerDocumentEdit },
  { name: 'crm_document_delete', method: 'POST', path: '/crm/documents/{id}/delete', right: VIEW, toggle: T, handler: owner.ownerDocumentDelete },
  { name: 'crm_document_validate', method: 'POST', path: '/crm/documents/{id}/validate', right: VIEW, toggle: T, handler: owner.ownerDocumentValidate },
  { name: 'crm_document_history', method: 'GET', path: '/crm/documents/{id}/history', right: VIEW, toggle: T, handler: owner.ownerDocumentHistory },
  { name: 'crm_document_download', method: 'GET', path: '/crm/documents/files/{id}', right: VIEW, toggle: T, handler: owner.ownerDocumentDownload },
];
