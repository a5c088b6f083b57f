import type { Request, Response } from 'express';
import { clock } from '../../../kernel/clock';
import { loadConfig } from '../../../kernel/config';
import { HttpError } from '../../../kernel/http/errors';
import { addFlash } from '../../../kernel/http/flash';
import { isFragmentRequest, renderForm, renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, tenantOf } from '../../../kernel/http/respond';
import { createStorage, sendStoredFile, StoredFile } from '../../../kernel/storage';
import { keepUploads, uploadFiles, type UploadError } from '../../../kernel/uploads';
import { parseSignatureForm, SIGNATURE_FORM_VIEW, signatureFormLocals, type SignatureFormErrors } from '../../user-signature/signature-form';
import { planTabUrl, resolvePlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { requiredCompanies } from '../core/plan-signers.service';
import { mayCompanySign, mayStaffSign, signingRights } from './plan-signatures.access';
import { attachSignedFile, currentSignature, findStaffSigner, recordSiteSignature, signedFileId } from './plan-signatures.service';

/** Where the module's signed paper documents live. */
const storage = createStorage(loadConfig());

/** The field of the signed paper document. */
export const SIGNED_FILE_FIELD = 'plan_signed_file[file]';
/** Body parser of `pdp_signed_file`: one scan of the signed plan (PDF or image), 20 MB at most. */
export const signedFileUpload = uploadFiles({ storage, field: SIGNED_FILE_FIELD, maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: ['pdf', 'jpg', 'jpeg', 'png'] });

/** One signer of the site form: who he is, his signer key and whether the logged-in user is him. */
interface SiteSigner {
  plan: PlanRef;
  kind: 'company' | 'staff';
  id: number;
  /** Name prefilled in the form (the company's contact, the staff member). */
  name: string;
  /** The signer's company on the plan (the history row says "Julien Moreau (Maintenance Industrielle du Rhône)"). */
  companyName: string;
  /** The signer's own account, when he has one. */
  userId: number | null;
  /** Props of the signature island: may the user have the plan signed; may he add this signature now (the route checked it). */
  granted: boolean;
  addGranted: boolean;
  action: string;
  title: string;
  flashKey: string;
  flashParams: Record<string, unknown>;
}

/** HTML of a signer's form (the shared partial: a whole modal content). */
async function signFormHtml(req: Request, res: Response, signer: SiteSigner, extra: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const self = signer.userId != null && signer.userId === req.authUser!.id;
  const locals = await signatureFormLocals(req, {
    action: signer.action, title: signer.title, signerName: signer.name, nameEnabled: true, granted: signer.granted, addGranted: signer.addGranted,
    intro: req.t(signer.kind === 'company' ? 'plan-signature.form.intro_company' : 'plan-signature.form.intro_staff', {
      number: signer.plan.pdpNumber, subject: signer.plan.subject, company: signer.companyName,
    }),
    offerSaved: self, errors: extra.errors, values: extra.values,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * GET shows the signer's form (in a modal, or as a page). POST records his signature and answers
 * as every signature form does (spec: "JSON state and buttons, or JSON signatureForm on error"):
 * 201 `{result: true, message, redirect}` with a flash when kept (a second submit keeps the first
 * and answers the same), 200 `{result: false, signatureForm}` with the errors flagged otherwise.
 */
async function signHere(req: Request, res: Response, signer: SiteSigner): Promise<void> {
  if (req.method !== 'POST') {
    const html = await signFormHtml(req, res, signer);
    if (isFragmentRequest(req)) res.status(200).type('html').send(html);
    else await renderScreen(req, res, 'prevention-plan/signing/sign', { title: signer.title, form: html });
    return;
  }
  const { plan } = signer;
  const refuse = async (errors: SignatureFormErrors, values: { name?: string; useSaved?: boolean }) => {
    res.status(200).json({ result: false, signatureForm: await signFormHtml(req, res, signer, { errors, values }) });
  };
  const done = () => {
    addFlash(req, 'success', signer.flashKey, signer.flashParams);
    res.status(201).json({ result: true, message: req.t(signer.flashKey, signer.flashParams), redirect: planTabUrl(req, plan.id, 'signatures') });
  };
  if (await currentSignature(req.ctx.db, plan.tenantId, plan.id, `${signer.kind}:${signer.id}`)) return done();
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: signer.name, watermark: true });
  if (!parsed.ok) return refuse(parsed.errors, parsed.values);
  const self = signer.userId != null && signer.userId === req.authUser!.id;
  // A saved signature is personal: only its owner may put it on the plan.
  if (parsed.signature.usedSaved && !self) return refuse({ form: req.t('plan-signature.errors.saved_not_yours') }, { name: parsed.signature.name });
  await recordSiteSignature(req.ctx.db, {
    plan, actorId: req.authUser!.id, kind: signer.kind, signerId: signer.id, userId: self ? req.authUser!.id : null,
    signerName: parsed.signature.name, image: parsed.signature.image, label: `${parsed.signature.name} (${signer.companyName})`,
  });
  done();
}

/**
 * `GET|POST /prevention-plan/{id}/companies/{company}/sign` (pdp_company_sign): an outside
 * company signs on the site's device while the plan waits for on-site signatures; the last one
 * lets the internal signer put the plan in operation.
 */
export async function companySign(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, routeId(req), 'view');
  const company = orNotFound((await requiredCompanies(req.ctx.db, plan.tenantId, plan.id)).find((c) => c.id === routeId(req, 'company')));
  const rights = await signingRights(req, plan);
  const self = company.contactUserId != null && company.contactUserId === rights.userId;
  if (!mayCompanySign(plan, rights, company.contactUserId)) {
    throw new HttpError(403, plan.status === 'waiting_sign' && !plan.archived ? 'plan-signature.errors.forbidden' : 'plan-signature.errors.not_site_signing');
  }
  await signHere(req, res, {
    plan, kind: 'company', id: company.id, name: company.contactName, companyName: company.name, userId: company.contactUserId,
    granted: rights.granted || self, addGranted: true,
    action: req.ctx.routes.path('pdp_company_sign', { id: plan.id, company: company.id }),
    title: req.t('plan-signature.form.title_company', { company: company.name }),
    flashKey: 'plan-signature.flash.company_signed', flashParams: { company: company.name },
  });
}

async function staffSign(req: Request, res: Response, external: boolean): Promise<void> {
  const staff = await findStaffSigner(req.ctx.db, tenantOf(req), routeId(req));
  if (!staff || staff.external !== external) throw new HttpError(404, 'errors.not_found.title');
  const { plan } = await resolvePlan(req, staff.planId, 'view');
  const rights = await signingRights(req, plan);
  const self = staff.userId != null && staff.userId === rights.userId;
  if (!mayStaffSign(plan, rights, staff.userId)) {
    throw new HttpError(403, plan.status === 'expired' || plan.archived ? 'plan-signature.errors.closed' : 'plan-signature.errors.forbidden');
  }
  await signHere(req, res, {
    plan, kind: 'staff', id: staff.id, name: staff.name, companyName: staff.companyName, userId: staff.userId,
    granted: rights.granted || self, addGranted: true,
    action: req.ctx.routes.path(external ? 'pdp_external_staff_sign' : 'pdp_staff_sign', { id: staff.id }),
    title: req.t('plan-signature.form.title_staff', { name: staff.name }),
    flashKey: 'plan-signature.flash.staff_signed', flashParams: { name: staff.name },
  });
}

/** `GET|POST /prevention-plan/staff/{id}/sign` (pdp_staff_sign): a staff member signs the plan. */
export async function staffMemberSign(req: Request, res: Response): Promise<void> {
  await staffSign(req, res, false);
}

/** `GET|POST /prevention-plan/external-staff/{id}/sign` (pdp_external_staff_sign): an external staff member signs the plan. */
export async function externalStaffSign(req: Request, res: Response): Promise<void> {
  await staffSign(req, res, true);
}

async function renderSignedFileForm(req: Request, res: Response, plan: PlanRef, errors: Array<UploadError | { key: string; params?: Record<string, unknown> }>): Promise<void> {
  await renderForm(req, res, 'prevention-plan/signing/_signed_file_form', {
    title: req.t('plan-signature.signed_file.title'), action: req.ctx.routes.path('pdp_signed_file', { id: plan.id }), uploadErrors: errors,
  });
}

/**
 * `GET|POST /prevention-plan/{id}/signed-file` (pdp_signed_file): the plan signed on paper and
 * scanned, which `validate_manual` needs; only while the plan waits for its paper signature,
 * by those who may have it signed. Replaces the previous one.
 */
export async function signedFile(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, routeId(req), 'view');
  const rights = await signingRights(req, plan);
  if (!rights.granted) throw new HttpError(403, 'plan-signature.errors.forbidden');
  if (plan.status !== 'waiting_manual') throw new HttpError(403, 'plan-signature.signed_file.not_waiting');
  if (req.method !== 'POST') return renderSignedFileForm(req, res, plan, []);
  if (req.uploadErrors?.length) return renderSignedFileForm(req, res, plan, req.uploadErrors);
  if (!req.uploads?.length) return renderSignedFileForm(req, res, plan, [{ key: 'plan-signature.signed_file.required' }]);
  const [file] = await keepUploads(req, storage, req.uploads);
  await attachSignedFile(req.ctx.db, plan, req.authUser!.id, file, clock.now());
  saved(req, res, 'plan-signature.flash.signed_file', { name: file.originalName }, planTabUrl(req, plan.id, 'signatures'));
}

/** `GET /prevention-plan/{id}/signed-file/download` (pdp_signed_file_download): the signed paper document. */
export async function signedFileDownload(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, routeId(req), 'view');
  const id = await signedFileId(req.ctx.db, plan);
  const file = orNotFound(id ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id, tenantId: plan.tenantId }) : null);
  await sendStoredFile(res, storage, file, { inline: true });
}
