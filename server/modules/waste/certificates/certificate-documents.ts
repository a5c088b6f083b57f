import type { Request, Response } from 'express';
import { loadConfig } from '../../../kernel/config';
import { renderForm } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, tenantOf } from '../../../kernel/http/respond';
import { addFlash } from '../../../kernel/http/flash';
import { createStorage, promoteUpload, sendFileOf, type Storage } from '../../../kernel/storage';
import { DEFAULT_MAX_UPLOAD_BYTES, saveStagedUpload, uploadFiles } from '../../../kernel/uploads';
import { addDocuments, findCertificate, removeDocument } from './certificate.service';

/** Where the certificates' documents are stored. */
export const capStorage: Storage = createStorage(loadConfig());

/** What a certificate accepts: documents and scans (the signed certificate, analyses, the consignee's acceptance). */
export const CAP_DOCUMENT_TYPES = ['pdf', 'docx', 'xlsx', 'odt', 'ods', 'png', 'jpg', 'jpeg', 'txt'] as const;

/** Body parser of the document form: up to 10 files (`documents`) of 20 MB each. */
export const parseCapDocuments = uploadFiles({ storage: capStorage, field: 'documents', maxFiles: 10, maxBytes: DEFAULT_MAX_UPLOAD_BYTES, allowed: CAP_DOCUMENT_TYPES });

/**
 * `GET|POST /waste/certificates/{id}/documents/new` (waste_cap_document_add): the modal choosing files,
 * then keeps them on the certificate (rows and documents in one transaction, files moved after it).
 * 201 when kept, 200 the form with the French reason otherwise.
 */
export async function addDocumentsForm(req: Request, res: Response): Promise<void> {
  const cap = orNotFound(await findCertificate(req.ctx.db, tenantOf(req), routeId(req)));
  const locals = { title: req.t('waste.cap.documents.add_title', { code: cap.code }), action: req.ctx.routes.path('waste_cap_document_add', { id: cap.id }), error: null as string | null };
  if (req.method !== 'POST') { await renderForm(req, res, 'waste/certificates/_document_form', locals); return; }
  const refusal = req.uploadErrors?.[0];
  const uploads = req.uploads ?? [];
  if (refusal || !uploads.length) {
    await renderForm(req, res, 'waste/certificates/_document_form', { ...locals, error: refusal ? req.t(refusal.key, refusal.params) : req.t('waste.cap.documents.required') });
    return;
  }
  const user = req.authUser!;
  const files = await req.ctx.db.transaction(async (m) => {
    const out = [];
    for (const u of uploads) out.push(await saveStagedUpload(m, u, { tenantId: user.tenantId, userId: user.id }));
    await addDocuments(m, user.tenantId, cap.id, out.map((f) => f.id));
    return out;
  });
  for (const [i, f] of files.entries()) await promoteUpload(capStorage, uploads[i].tmpKey, f.storageKey);
  addFlash(req, 'success', 'waste.cap.documents.added', { count: files.length });
  res.status(201).json({ message: req.t('waste.cap.documents.added', { count: files.length }) });
}

/** The document `{documentId}` of the certificate `{id}` of the company, or 404. */
async function documentOf(req: Request): Promise<{ capId: number; fileId: number; documentId: number }> {
  const cap = orNotFound(await findCertificate(req.ctx.db, tenantOf(req), routeId(req)));
  const doc = orNotFound(cap.documents.find((d) => d.id === routeId(req, 'documentId')));
  return { capId: cap.id, fileId: doc.fileId, documentId: doc.id };
}

/** `GET /waste/certificates/{id}/documents/{documentId}` (waste_cap_document): the file, only through its certificate. */
export async function downloadDocument(req: Request, res: Response): Promise<void> {
  const doc = await documentOf(req);
  await sendFileOf(res, req.ctx.db, capStorage, tenantOf(req), doc.fileId);
}

/** `POST /waste/certificates/{id}/documents/{documentId}/delete` (waste_cap_document_delete): the document and its file. */
export async function deleteDocument(req: Request, res: Response): Promise<void> {
  const doc = await documentOf(req);
  orNotFound(await removeDocument(req.ctx.db, tenantOf(req), doc.capId, doc.documentId) ? true : null);
  removedWith(req, res, 'waste.cap.documents.removed');
}
