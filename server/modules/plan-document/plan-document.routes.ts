import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import { planChecks, planHistoryLabels, planPageTabs } from '../prevention-plan';
import * as types from './document-type.handlers';
import * as docs from './plan-document.handlers';
import { seedPlanDocumentsDemo } from './plan-document.demo';
import { parseBlankFile, parseDocumentFiles } from './plan-document.uploads';
import { documentsTab, requiredDocumentsCheck } from './plan-document.tab';
import * as portal from './portal-link.handlers';
import { portalRevoke, portalSend } from './portal-link.send';
import { PLAN_DOCUMENT_HISTORY_LABELS } from './plan-document.service';
import { ownerDocumentRoutes } from './owner-documents.routes';
import { homeCards } from '../../kernel/home-cards';
import { documentsToRenewCard } from './documents-to-renew.card';

const ADMIN = 'admin.nomenclatures';
// Contacts of outside companies give their documents too: these routes check the plan themselves.
const ANY = 'authenticated';
const T = 'module_prevention_plan';

/** Module `plan-document` (issue 5, item 6): document types and the documents of prevention plans. */
export const planDocumentModule = defineModule({
  name: 'plan-document',
  routes: [
    { name: 'admin_document_type_index', method: 'GET', path: '/admin/document-types', right: ADMIN, handler: types.typeIndex },
    { name: 'admin_document_type_add', method: ['GET', 'POST'], path: '/admin/document-types/new', right: ADMIN, handler: types.typeAdd, bodyParsers: [parseBlankFile] },
    { name: 'admin_document_type_edit', method: ['GET', 'POST'], path: '/admin/document-types/{id}/edit', right: ADMIN, handler: types.typeEdit, bodyParsers: [parseBlankFile] },
    { name: 'admin_document_type_remove', method: 'POST', path: '/admin/document-types/{id}/delete', right: ADMIN, handler: types.typeRemove },
    { name: 'admin_document_type_blank', method: 'GET', path: '/admin/document-types/{id}/blank', right: ADMIN, handler: types.typeBlank },

    { name: 'pdp_document_add', method: ['GET', 'POST'], path: '/prevention-plan/{id}/documents/new', right: ANY, toggle: T, handler: docs.documentAdd, bodyParsers: [parseDocumentFiles] },
    { name: 'pdp_document_ask', method: ['GET', 'POST'], path: '/prevention-plan/{id}/documents/ask', right: 'pdp.documents', toggle: T, handler: docs.documentAsk },
    { name: 'pdp_document_blank', method: 'GET', path: '/prevention-plan/{id}/documents/types/{typeId}/blank', right: ANY, toggle: T, handler: docs.documentBlank, requirements: { typeId: '\\d+' } },
    { name: 'pdp_document_model', method: ['GET', 'POST'], path: '/prevention-plan/{id}/documents/types/{typeId}/model', right: 'pdp.documents', toggle: T, handler: docs.documentModel, requirements: { typeId: '\\d+' }, bodyParsers: [parseBlankFile] },
    { name: 'pdp_document_edit', method: ['GET', 'POST'], path: '/prevention-plan/documents/{id}/edit', right: 'pdp.documents', toggle: T, handler: docs.documentEdit },
    { name: 'pdp_document_delete', method: 'POST', path: '/prevention-plan/documents/{id}/delete', right: 'pdp.documents', toggle: T, handler: docs.documentDelete },
    { name: 'pdp_document_validate', method: 'POST', path: '/prevention-plan/documents/{id}/validate', right: ANY, toggle: T, handler: docs.documentValidate },
    { name: 'pdp_document_history', method: 'GET', path: '/prevention-plan/documents/{id}/history', right: ANY, toggle: T, handler: docs.documentHistoryView },
    { name: 'pdp_document_download', method: 'GET', path: '/prevention-plan/documents/files/{id}', right: ANY, toggle: T, handler: docs.documentDownload },
    { name: 'pdp_document_portal_send', method: 'POST', path: '/prevention-plan/{id}/documents/portal/{companyId}/send', right: 'pdp.documents', toggle: T, handler: portalSend, requirements: { companyId: '\\d+' } },
    { name: 'pdp_document_portal_revoke', method: 'POST', path: '/prevention-plan/{id}/documents/portal/{companyId}/revoke', right: 'pdp.documents', toggle: T, handler: portalRevoke, requirements: { companyId: '\\d+' } },
    // The outside companies' portal (issue 25 item 2): the token is the credential, the module's toggle is checked on the link's company.
    { name: 'pdp_document_portal', method: 'GET', path: '/documents/upload/{token}', right: 'public', handler: portal.portalPage },
    { name: 'pdp_document_portal_upload', method: 'POST', path: '/documents/upload/{token}', right: 'public', handler: portal.portalUpload, bodyParsers: [parseDocumentFiles] },
    { name: 'pdp_document_portal_blank', method: 'GET', path: '/documents/upload/{token}/blank/{typeId}', right: 'public', handler: portal.portalBlank, requirements: { typeId: '\\d+' } },
    ...ownerDocumentRoutes,
  ],
  demo: seedPlanDocumentsDemo,
  contributes: [
    contribute(planPageTabs, documentsTab),
    contribute(planChecks, requiredDocumentsCheck),
    contribute(planHistoryLabels, PLAN_DOCUMENT_HISTORY_LABELS),
    contribute(homeCards, documentsToRenewCard),
    contribute(trashables, { table: 'document_type', typeKey: 'plan-document.trash.document_type' }, { table: 'plan_document', typeKey: 'plan-document.trash.document' }),
  ],
});
