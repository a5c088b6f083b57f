import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { addFlash } from '../../kernel/http/flash';
import { StoredFile, sendStoredFile } from '../../kernel/storage';
import { keepUploads } from '../../kernel/uploads';
import { DOCUMENT_ADDED_BY } from './document-type.entity';
import { findDocumentType, listDocumentTypes, removeDocumentType, saveDocumentType } from './document-type.service';
import { DOCUMENT_TYPE_FORM, documentTypeSchema } from './plan-document.schema';
import { orNotFound, routeId, saved, stale, tenantOf } from './plan-document.access';
import { storage, uploadError } from './plan-document.uploads';

/** The flags of a type, in the order of the form and of the list. */
export const TYPE_FLAGS = ['nominative', 'editableModel', 'mandatoryAllPlans', 'mandatoryCompanies', 'mandatoryContacts', 'toSign'] as const;

/** `GET /admin/document-types` (admin_document_type_index). */
export async function typeIndex(req: Request, res: Response): Promise<void> {
  const types = await listDocumentTypes(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'plan-document/type_index', { hideTitle: true, title: req.t('plan-document.types.title'), types, flags: TYPE_FLAGS });
}

async function renderTypeForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, uploadMessage: string | null = null): Promise<void> {
  const action = id ? req.ctx.routes.path('admin_document_type_edit', { id }) : req.ctx.routes.path('admin_document_type_add');
  await renderScreen(req, res, 'plan-document/_type_form', {
    title: req.t(id ? 'plan-document.types.edit_title' : 'plan-document.types.new_title'), id, action, values, errors, uploadMessage, flags: TYPE_FLAGS, addedByOptions: DOCUMENT_ADDED_BY,
  });
}

async function submitType(req: Request, res: Response, id: number | null, blankFileName: string | null): Promise<void> {
  const form = parseForm(documentTypeSchema, req.body, DOCUMENT_TYPE_FORM);
  const refusal = uploadError(req);
  const values = { ...form.values, blankFileName };
  if (!form.ok || refusal) return renderTypeForm(req, res, id, values, form.ok ? {} : form.errors, refusal);
  const staged = req.uploads?.[0];
  const blankFileId = staged ? (await keepUploads(req, storage, [staged]))[0].id : undefined;
  const result = await saveDocumentType(req.ctx.db, tenantOf(req), id, form.data, blankFileId);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderTypeForm(req, res, id, values, result.errors);
  saved(req, res, id ? 'plan-document.types.saved' : 'plan-document.types.created', { label: form.data.label });
}

/** `GET|POST /admin/document-types/new` (admin_document_type_add), multipart with an optional blank file. */
export async function typeAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitType(req, res, null, null);
  await renderTypeForm(req, res, null, { version: 0, active: true, addedBy: 'outside_company' });
}

/** `GET|POST /admin/document-types/{id}/edit` (admin_document_type_edit). */
export async function typeEdit(req: Request, res: Response): Promise<void> {
  const type = orNotFound(await findDocumentType(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submitType(req, res, type.id, type.blankFileName);
  await renderTypeForm(req, res, type.id, { ...type });
}

/** `POST /admin/document-types/{id}/delete` (admin_document_type_remove): to the trash, 200. */
export async function typeRemove(req: Request, res: Response): Promise<void> {
  orNotFound(await removeDocumentType(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
  addFlash(req, 'success', 'plan-document.types.removed');
  res.status(200).json({ message: req.t('plan-document.types.removed') });
}

/** `GET /admin/document-types/{id}/blank` (admin_document_type_blank): the type's blank file. */
export async function typeBlank(req: Request, res: Response): Promise<void> {
  const type = orNotFound(await findDocumentType(req.ctx.db, tenantOf(req), routeId(req)));
  const file = orNotFound(type.blankFileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: type.blankFileId, tenantId: tenantOf(req) }) : null);
  await sendStoredFile(res, storage, file);
}
