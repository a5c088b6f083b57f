import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { renderScreen } from '../../kernel/http/render';
import { formatDate } from '../../kernel/i18n/format';
import { can } from '../../kernel/rights/registry';
import { StoredFile, sendStoredFile } from '../../kernel/storage';
import { requirePlan, type PlanRef } from '../prevention-plan';
import { findDocumentType, type DocumentTypeRow } from './document-type.service';
import { documentAccess, mayChange, mayValidate, orNotFound, refused, routeId, saved, stale, tenantOf, type DocumentAccess } from './plan-document.access';
import { mailPortalLink } from './portal-link.send';
import { loadPlanOwners, type PlanOwners } from './plan-document.owners';
import { loadPlanDocuments } from './plan-document.requirements';
import { ownValidationRefusal } from './plan-document.rules';
import { ASK_FORM, askSchema, checkDates, DOCUMENT_FORM, documentEditSchema, documentSchema } from './plan-document.schema';
import { addDocument, documentHistory, editDocument, findDocument, findDocumentFile, recordDocumentAsk, removeDocument, validateDocument, type DocumentRow } from './plan-document.service';
import { promoteAll, storage, uploadError } from './plan-document.uploads';

/** An owner the user may pick in the form: `plan:12`, `plan_company:5`, `plan_staff:9`. */
interface OwnerOption { value: string; label: string; kind: 'plan' | 'plan_company' | 'plan_staff' }

/** The owners of the plan the user may give documents for (a contact: his companies and their staff only). */
function ownerOptions(req: Request, access: DocumentAccess, owners: PlanOwners): OwnerOption[] {
  const mine = (companyId: number) => access.internal || access.companyIds.includes(companyId);
  const out: OwnerOption[] = [];
  if (access.internal) out.push({ value: `plan:${access.plan.id}`, label: req.t('plan-document.owner.plan', { number: access.plan.pdpNumber }), kind: 'plan' });
  for (const c of owners.companies) if (mine(c.id)) out.push({ value: `plan_company:${c.id}`, label: `${c.name} (${c.kind})`, kind: 'plan_company' });
  for (const s of owners.staff) if (mine(s.planCompanyId)) out.push({ value: `plan_staff:${s.id}`, label: `${s.name} – ${s.companyName}`, kind: 'plan_staff' });
  return out;
}

/** Types the user may upload: a contact of an outside company only those its company provides. */
function typesFor(access: DocumentAccess, types: DocumentTypeRow[]): DocumentTypeRow[] {
  return types.filter((t) => t.active && (access.internal || t.addedBy === 'outside_company'));
}

async function renderAddForm(req: Request, res: Response, access: DocumentAccess, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, uploadMessage: string | null = null): Promise<void> {
  const view = await loadPlanDocuments(req.ctx.db, tenantOf(req), access.plan.id);
  await renderScreen(req, res, 'plan-document/_form', {
    title: req.t('plan-document.add_title'), action: req.ctx.routes.path('pdp_document_add', { id: access.plan.id }),
    values, errors, uploadMessage, owners: ownerOptions(req, access, view.owners), types: typesFor(access, view.types),
  });
}

/** Checks the owner and the type against the plan and the user; field errors when refused. */
function checkChoice(access: DocumentAccess, owners: PlanOwners, owner: { kind: string; id: number }, type: DocumentTypeRow | null): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const company = owner.kind === 'plan_company' ? owners.companies.find((c) => c.id === owner.id) : undefined;
  const staff = owner.kind === 'plan_staff' ? owners.staff.find((s) => s.id === owner.id) : undefined;
  const known = owner.kind === 'plan' ? owner.id === access.plan.id && access.internal
    : company ? access.internal || access.companyIds.includes(company.id)
      : staff ? access.internal || access.companyIds.includes(staff.planCompanyId) : false;
  if (!known) errors.owner = 'validation.selection';
  if (!type || !type.active) errors.documentTypeId = 'validation.selection';
  else if (!access.internal && type.addedBy !== 'outside_company') errors.documentTypeId = 'plan-document.validation.user_company_only';
  else if (known && type.nominative && owner.kind !== 'plan_staff') errors.owner = 'plan-document.validation.nominative';
  else if (known && !type.nominative && owner.kind === 'plan_staff') errors.owner = 'plan-document.validation.not_nominative';
  return errors;
}

/**
 * `GET|POST /prevention-plan/{id}/documents/new` (pdp_document_add): a document, or a new version
 * of one (same type and owner: version n+1), with up to 10 files. Internal users need the plan's
 * `documents` ability; a contact of an outside company may give its own documents.
 */
export async function documentAdd(req: Request, res: Response): Promise<void> {
  const access = await documentAccess(req, routeId(req), 'documents');
  if (req.method !== 'POST') {
    return renderAddForm(req, res, access, { owner: String(req.query.owner ?? ''), documentTypeId: String(req.query.type ?? '') });
  }
  const form = parseForm(documentSchema, req.body, DOCUMENT_FORM);
  const dates = checkDates(form.values);
  const refusal = uploadError(req);
  const uploads = req.uploads ?? [];
  if (!form.ok || refusal || !uploads.length || Object.keys(dates.errors).length) {
    const errors: Record<string, FieldError> = { ...(form.ok ? {} : form.errors), ...dates.errors };
    if (!refusal && !uploads.length) errors.files = 'plan-document.validation.file_required';
    return renderAddForm(req, res, access, form.values, errors, refusal);
  }
  const owners = await loadPlanOwners(req.ctx.db, tenantOf(req), access.plan.id);
  const type = await findDocumentType(req.ctx.db, tenantOf(req), form.data.documentTypeId);
  const errors = checkChoice(access, owners, form.data.owner, type);
  if (Object.keys(errors).length) return renderAddForm(req, res, access, form.values, errors);
  const added = await addDocument(req.ctx.db, tenantOf(req), req.authUser!.id, {
    planId: access.plan.id, ownerKind: form.data.owner.kind, ownerId: form.data.owner.id, documentTypeId: type!.id,
    validFrom: dates.validFrom, expiresOn: dates.expiresOn, comment: form.data.comment,
  }, uploads);
  await promoteAll(added.promote);
  saved(req, res, 'plan-document.flash.added', { type: type!.label, revision: added.revision });
}

/** The document `{id}` the user may change, or 404/403. */
async function changeable(req: Request): Promise<DocumentRow> {
  const doc = orNotFound(await findDocument(req.ctx.db, tenantOf(req), routeId(req)));
  if (doc.planId !== null) await requirePlan(req, doc.planId, 'view');
  if (!(await mayChange(req, doc))) throw new HttpError(403, 'plan-document.unauthorised');
  return doc;
}

async function renderEditForm(req: Request, res: Response, doc: DocumentRow, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'plan-document/_edit_form', {
    title: req.t('plan-document.edit_title', { type: doc.typeLabel }), action: req.ctx.routes.path('pdp_document_edit', { id: doc.id }), doc, values, errors,
  });
}

/** `GET|POST /prevention-plan/documents/{id}/edit` (pdp_document_edit): dates and comment of a version. */
export async function documentEdit(req: Request, res: Response): Promise<void> {
  const doc = await changeable(req);
  if (req.method !== 'POST') {
    return renderEditForm(req, res, doc, { validFrom: formatDate(doc.validFrom), expiresOn: formatDate(doc.expiresOn), comment: doc.comment, version: doc.version });
  }
  const form = parseForm(documentEditSchema, req.body, DOCUMENT_FORM);
  const dates = checkDates(form.values);
  if (!form.ok || Object.keys(dates.errors).length) return renderEditForm(req, res, doc, form.values, { ...(form.ok ? {} : form.errors), ...dates.errors });
  if (!(await editDocument(req.ctx.db, tenantOf(req), doc, req.authUser!.id, { ...form.data, validFrom: dates.validFrom, expiresOn: dates.expiresOn }))) return stale(req, res);
  saved(req, res, 'plan-document.flash.saved', { type: doc.typeLabel });
}

/** `POST /prevention-plan/documents/{id}/delete` (pdp_document_delete): the version to the trash, 200. */
export async function documentDelete(req: Request, res: Response): Promise<void> {
  const doc = await changeable(req);
  orNotFound(await removeDocument(req.ctx.db, tenantOf(req), doc, req.authUser!.id));
  addFlash(req, 'success', 'plan-document.flash.deleted', { type: doc.typeLabel });
  res.status(200).json({ message: req.t('plan-document.flash.deleted', { type: doc.typeLabel }) });
}

/** `POST /prevention-plan/documents/{id}/validate` (pdp_document_validate): validated by the user, now (never by whoever gave it). */
export async function documentValidate(req: Request, res: Response): Promise<void> {
  const doc = orNotFound(await findDocument(req.ctx.db, tenantOf(req), routeId(req)));
  if (doc.planId !== null) await documentAccess(req, doc.planId, 'view');
  if (!(await mayValidate(req, doc))) return refused(req, res);
  const own = ownValidationRefusal(req.authUser!.id, doc);
  if (own) return refused(req, res, own);
  orNotFound(await validateDocument(req.ctx.db, tenantOf(req), doc, req.authUser!.id));
  addFlash(req, 'success', 'plan-document.flash.validated', { type: doc.typeLabel });
  res.status(200).json({ message: req.t('plan-document.flash.validated', { type: doc.typeLabel }) });
}

/** May the user read this document? Plan documents: the plan (a contact: the plan's own and his companies'); CRM ones: `companies.view`. */
async function readable(req: Request, doc: DocumentRow): Promise<void> {
  if (doc.planId === null) {
    if (!can(req.authUser, 'companies.view')) throw new HttpError(404, 'errors.not_found.title');
    return;
  }
  const access = await documentAccess(req, doc.planId, 'view');
  if (access.internal || doc.ownerKind === 'plan') return;
  const owners = await loadPlanOwners(req.ctx.db, tenantOf(req), doc.planId);
  const companyId = doc.ownerKind === 'plan_company' ? doc.ownerId
    : doc.ownerKind === 'plan_staff' ? owners.staff.find((s) => s.id === doc.ownerId)?.planCompanyId : undefined;
  if (companyId === undefined || !access.companyIds.includes(companyId)) throw new HttpError(404, 'errors.not_found.title');
}

/** `GET /prevention-plan/documents/files/{id}` (pdp_document_download): a file of a document version. */
export async function documentDownload(req: Request, res: Response): Promise<void> {
  const link = orNotFound(await findDocumentFile(req.ctx.db, tenantOf(req), routeId(req)));
  const doc = orNotFound(await findDocument(req.ctx.db, tenantOf(req), link.documentId));
  await readable(req, doc);
  const file = orNotFound(await req.ctx.db.getRepository(StoredFile).findOneBy({ id: link.fileId, tenantId: tenantOf(req) }));
  await sendStoredFile(res, storage, file);
}

/** `GET /prevention-plan/documents/{id}/history` (pdp_document_history): every version of the document. */
export async function documentHistoryView(req: Request, res: Response): Promise<void> {
  const doc = orNotFound(await findDocument(req.ctx.db, tenantOf(req), routeId(req)));
  await readable(req, doc);
  const versions = await documentHistory(req.ctx.db, tenantOf(req), doc);
  await renderScreen(req, res, 'plan-document/history', { title: req.t('plan-document.history_title', { type: doc.typeLabel }), doc, versions });
}

async function renderAskForm(req: Request, res: Response, plan: PlanRef, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const view = await loadPlanDocuments(req.ctx.db, tenantOf(req), plan.id);
  await renderScreen(req, res, 'plan-document/_ask_form', {
    title: req.t('plan-document.ask.title'), action: req.ctx.routes.path('pdp_document_ask', { id: plan.id }), values, errors,
    companies: view.owners.companies.filter((c) => c.kind !== 'EU'), types: view.types.filter((t) => t.active && t.addedBy === 'outside_company'),
  });
}

/**
 * `GET|POST /prevention-plan/{id}/documents/ask` (pdp_document_ask): mails an outside company's
 * manager to ask for a document it must provide, with its portal link (no account needed, issue
 * 25 item 2) and the blank file through that link.
 */
export async function documentAsk(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, routeId(req), 'documents');
  if (req.method !== 'POST') return renderAskForm(req, res, plan, { planCompanyId: String(req.query.company ?? ''), documentTypeId: String(req.query.type ?? '') });
  const form = parseForm(askSchema, req.body, ASK_FORM);
  if (!form.ok) return renderAskForm(req, res, plan, form.values, form.errors);
  const owners = await loadPlanOwners(req.ctx.db, tenantOf(req), plan.id);
  const company = owners.companies.find((c) => c.id === form.data.planCompanyId && c.kind !== 'EU');
  const type = await findDocumentType(req.ctx.db, tenantOf(req), form.data.documentTypeId);
  const errors: Record<string, FieldError> = {};
  if (!company) errors.planCompanyId = 'validation.selection';
  else if (!company.email) errors.planCompanyId = 'plan-document.validation.no_email';
  if (!type || !type.active) errors.documentTypeId = 'validation.selection';
  else if (type.addedBy !== 'outside_company') errors.documentTypeId = 'plan-document.validation.ask_user_company';
  if (Object.keys(errors).length) return renderAskForm(req, res, plan, form.values, errors);
  await mailPortalLink(req, plan, company!, type!, form.data.message);
  await recordDocumentAsk(req.ctx.db, tenantOf(req), plan.id, req.authUser!.id, `${type!.label} – ${company!.name} (${company!.email})`);
  saved(req, res, 'plan-document.flash.asked', { company: company!.name, email: company!.email });
}

/**
 * `GET /prevention-plan/{id}/documents/types/{typeId}/blank` (pdp_document_blank): the model to
 * fill in — the plan's own model for an editable type that has one, else the type's blank file.
 */
export async function documentBlank(req: Request, res: Response): Promise<void> {
  const access = await documentAccess(req, routeId(req), 'view');
  const type = orNotFound(await findDocumentType(req.ctx.db, tenantOf(req), routeId(req, 'typeId')));
  const view = await loadPlanDocuments(req.ctx.db, tenantOf(req), access.plan.id);
  const model = type.editableModel ? view.models.get(type.id) : undefined;
  const fileId = model?.files[0] ? (await findDocumentFile(req.ctx.db, tenantOf(req), model.files[0].id))?.fileId : type.blankFileId;
  const file = orNotFound(fileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: fileId, tenantId: tenantOf(req) }) : null);
  await sendStoredFile(res, storage, file);
}

/**
 * `GET|POST /prevention-plan/{id}/documents/types/{typeId}/model` (pdp_document_model): replaces,
 * for this plan only, the blank model of a type flagged "editable model" (each upload is a version).
 */
export async function documentModel(req: Request, res: Response): Promise<void> {
  const plan = await requirePlan(req, routeId(req), 'documents');
  const type = orNotFound(await findDocumentType(req.ctx.db, tenantOf(req), routeId(req, 'typeId')));
  if (!type.editableModel) return refused(req, res, 'plan-document.model_not_editable');
  const action = req.ctx.routes.path('pdp_document_model', { id: plan.id, typeId: type.id });
  const render = (message: string | null) => renderScreen(req, res, 'plan-document/_model_form', { title: req.t('plan-document.model.title', { type: type.label }), action, type, uploadMessage: message });
  if (req.method !== 'POST') return render(null);
  const refusal = uploadError(req);
  const uploads = req.uploads ?? [];
  if (refusal || !uploads.length) return render(refusal ?? req.t('plan-document.validation.file_required'));
  const added = await addDocument(req.ctx.db, tenantOf(req), req.authUser!.id, {
    planId: plan.id, ownerKind: 'plan', ownerId: plan.id, documentTypeId: type.id, validFrom: null, expiresOn: null, comment: '', isModel: true,
  }, uploads);
  await promoteAll(added.promote);
  saved(req, res, 'plan-document.flash.model_saved', { type: type.label });
}
