import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { formatDate } from '../../kernel/i18n/format';
import { can } from '../../kernel/rights/registry';
import { StoredFile, sendStoredFile } from '../../kernel/storage';
import { crmOwnerAccess, type CrmOwnerAccess } from '../crm/crm-access';
import { orNotFound, refuse, removed, routeId, saved, stale, tenantOf } from '../crm/crm.respond';
import { findDocumentType } from './document-type.service';
import { loadOwnerDocuments, typeFitsOwner, type CrmOwnerKind } from './owner-documents.service';
import { ownValidationRefusal } from './plan-document.rules';
import { checkDates, DOCUMENT_FORM, documentEditSchema, documentSchema } from './plan-document.schema';
import { addDocument, documentHistory, editDocument, findDocument, findDocumentFile, removeDocument, validateDocument, type DocumentRow } from './plan-document.service';
import { promoteAll, storage, uploadError } from './plan-document.uploads';

/** The plan form without its owner: on a CRM page the owner is the page's company or contact. */
const ownerDocumentSchema = documentSchema.omit({ owner: true });

const isCrmKind = (kind: unknown): kind is CrmOwnerKind => kind === 'tiers' || kind === 'contact';

/** The owner of the route (`{kind}`, `{id}`) the user sees (404 otherwise). */
function routeOwner(req: Request): Promise<CrmOwnerAccess> {
  const kind = req.routeParams.kind;
  if (!isCrmKind(kind)) orNotFound(null);
  return crmOwnerAccess(req, kind as CrmOwnerKind, routeId(req));
}

/** The CRM document version `{id}` and its owner, if the user sees the owner (404 otherwise). */
async function routeDocument(req: Request, id = routeId(req)): Promise<{ doc: DocumentRow; owner: CrmOwnerAccess }> {
  const doc = orNotFound(await findDocument(req.ctx.db, tenantOf(req), id));
  if (!isCrmKind(doc.ownerKind) || doc.isModel) orNotFound(null);
  return { doc, owner: await crmOwnerAccess(req, doc.ownerKind as CrmOwnerKind, doc.ownerId) };
}

async function renderAddForm(req: Request, res: Response, owner: CrmOwnerAccess, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, uploadMessage: string | null = null): Promise<void> {
  const view = await loadOwnerDocuments(req.ctx.db, tenantOf(req), owner.kind, owner.id);
  await renderScreen(req, res, 'plan-document/_form', {
    title: req.t('plan-document.add_title'), action: req.ctx.routes.path('crm_document_add', { kind: owner.kind, id: owner.id }),
    values: { ...values, owner: `${owner.kind}:${owner.id}` }, errors, uploadMessage,
    owners: [{ value: `${owner.kind}:${owner.id}`, label: owner.label, kind: owner.kind }], types: view.types,
  });
}

/**
 * `GET|POST /crm/documents/{kind}/{id}/new` (crm_document_add): a document of a company or a
 * contact, or a new version of it (same type: version n+1), with up to 10 files.
 */
export async function ownerDocumentAdd(req: Request, res: Response): Promise<void> {
  const owner = await routeOwner(req);
  if (!owner.canEdit) return refuse(req, res);
  if (req.method !== 'POST') return renderAddForm(req, res, owner, { documentTypeId: String(req.query.type ?? '') });
  const form = parseForm(ownerDocumentSchema, req.body, DOCUMENT_FORM);
  const dates = checkDates(form.values);
  const refusal = uploadError(req);
  const uploads = req.uploads ?? [];
  if (!form.ok || refusal || !uploads.length || Object.keys(dates.errors).length) {
    const errors: Record<string, FieldError> = { ...(form.ok ? {} : form.errors), ...dates.errors };
    if (!refusal && !uploads.length) errors.files = 'plan-document.validation.file_required';
    return renderAddForm(req, res, owner, form.values, errors, refusal);
  }
  const type = await findDocumentType(req.ctx.db, tenantOf(req), form.data.documentTypeId);
  if (!type || !type.active) return renderAddForm(req, res, owner, form.values, { documentTypeId: 'validation.selection' });
  if (!typeFitsOwner(type, owner.kind)) return renderAddForm(req, res, owner, form.values, { documentTypeId: `plan-document.crm.${owner.kind === 'tiers' ? 'nominative' : 'not_nominative'}` });
  const added = await addDocument(req.ctx.db, tenantOf(req), req.authUser!.id, {
    planId: null, ownerKind: owner.kind, ownerId: owner.id, documentTypeId: type.id,
    validFrom: dates.validFrom, expiresOn: dates.expiresOn, comment: form.data.comment,
  }, uploads);
  await promoteAll(added.promote);
  saved(req, res, 'plan-document.flash.added', { type: type.label, revision: added.revision }, owner.showUrl);
}

async function renderEditForm(req: Request, res: Response, doc: DocumentRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'plan-document/_edit_form', {
    title: req.t('plan-document.edit_title', { type: doc.typeLabel }), action: req.ctx.routes.path('crm_document_edit', { id: doc.id }), doc, values, errors,
  });
}

/** `GET|POST /crm/documents/{id}/edit` (crm_document_edit): dates and comment of a version (optimistic lock). */
export async function ownerDocumentEdit(req: Request, res: Response): Promise<void> {
  const { doc, owner } = await routeDocument(req);
  if (!owner.canEdit) return refuse(req, res);
  if (req.method !== 'POST') {
    return renderEditForm(req, res, doc, { validFrom: formatDate(doc.validFrom), expiresOn: formatDate(doc.expiresOn), comment: doc.comment, version: doc.version });
  }
  const form = parseForm(documentEditSchema, req.body, DOCUMENT_FORM);
  const dates = checkDates(form.values);
  if (!form.ok || Object.keys(dates.errors).length) return renderEditForm(req, res, doc, form.values, { ...(form.ok ? {} : form.errors), ...dates.errors });
  if (!(await editDocument(req.ctx.db, tenantOf(req), doc, req.authUser!.id, { ...form.data, validFrom: dates.validFrom, expiresOn: dates.expiresOn }))) return stale(req, res);
  saved(req, res, 'plan-document.flash.saved', { type: doc.typeLabel }, owner.showUrl);
}

/** `POST /crm/documents/{id}/delete` (crm_document_delete): the version to the trash (the previous one becomes current), 200. */
export async function ownerDocumentDelete(req: Request, res: Response): Promise<void> {
  const { doc, owner } = await routeDocument(req);
  if (!owner.canEdit) return refuse(req, res);
  if (!(await removeDocument(req.ctx.db, tenantOf(req), doc, req.authUser!.id))) orNotFound(null);
  removed(req, res, 'plan-document.flash.deleted', { type: doc.typeLabel });
}

/** `POST /crm/documents/{id}/validate` (crm_document_validate): validated by the user, now (`companies.validate_documents`; never by whoever gave it). */
export async function ownerDocumentValidate(req: Request, res: Response): Promise<void> {
  const { doc } = await routeDocument(req);
  if (!can(req.authUser, 'companies.validate_documents')) return refuse(req, res);
  const own = ownValidationRefusal(req.authUser!.id, doc);
  if (own) return refuse(req, res, own);
  if (!(await validateDocument(req.ctx.db, tenantOf(req), doc, req.authUser!.id))) orNotFound(null);
  removed(req, res, 'plan-document.flash.validated', { type: doc.typeLabel });
}

/** `GET /crm/documents/{id}/history` (crm_document_history): every version of the document. */
export async function ownerDocumentHistory(req: Request, res: Response): Promise<void> {
  const { doc } = await routeDocument(req);
  const versions = await documentHistory(req.ctx.db, tenantOf(req), doc);
  await renderScreen(req, res, 'plan-document/_owner_history', { title: req.t('plan-document.history_title', { type: doc.typeLabel }), doc, versions });
}

/** `GET /crm/documents/files/{id}` (crm_document_download): a file of a version of a company's or contact's document. */
export async function ownerDocumentDownload(req: Request, res: Response): Promise<void> {
  const link = orNotFound(await findDocumentFile(req.ctx.db, tenantOf(req), routeId(req)));
  await routeDocument(req, link.documentId);
  const file = orNotFound(await req.ctx.db.getRepository(StoredFile).findOneBy({ id: link.fileId, tenantId: tenantOf(req) }));
  await sendStoredFile(res, storage, file);
}
