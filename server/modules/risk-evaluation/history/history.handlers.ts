import type { Request, Response } from 'express';
import { z } from 'zod';
import { HttpError } from '../../../kernel/http/errors';
import { queryId, requiredId } from '../../../kernel/http/fields';
import { addFlash } from '../../../kernel/http/flash';
import { isFragmentRequest, renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, routeId, tenantOf } from '../../../kernel/http/respond';
import { displayName } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { sendFileOf } from '../../../kernel/storage';
import { parseSignatureForm, SIGNATURE_FORM_VIEW, signatureFormLocals, type SignatureFormErrors } from '../../user-signature/signature-form';
import { requireDuEntity } from '../core/du-entity-access';
import { createVersion, findVersion, historyStorage, listVersions, signVersion, type VersionLine } from './history.service';

const itemQuery = z.object({ item: queryId });
const createBody = z.object({ item: requiredId() });

/**
 * `GET /unique-document/history?item=` (risk_evaluation_history, seed 001: an HTML fragment): the
 * versions of the entity's document, newest first, each downloadable, signed or to sign; a button
 * freezes the current document as a new version.
 */
export async function historyIndex(req: Request, res: Response): Promise<void> {
  const { item } = itemQuery.parse(req.query);
  if (!item) {
    // The history is an entity's: without one, back to the list, where the entity is chosen.
    addFlash(req, 'info', 'du-history.buttons.choose_entity');
    res.redirect(303, req.ctx.routes.path('unique_document_index'));
    return;
  }
  const entity = await requireDuEntity(req, item);
  const versions = await listVersions(req.ctx.db, tenantOf(req), entity.id);
  await renderScreen(req, res, 'risk-evaluation/history/index', {
    title: req.t('du-history.index.title', { entity: entity.name }), entity, versions, canEdit: can(req.authUser!, 'unique_document.edit'),
  });
}

/** `POST /unique-document/history/new` (risk_evaluation_history_create): freezes the entity's document as a new version. */
export async function historyCreate(req: Request, res: Response): Promise<void> {
  const parsed = createBody.safeParse(req.body ?? {});
  const entity = await requireDuEntity(req, parsed.success ? parsed.data.item : null, 'edit');
  const version = await createVersion(req.ctx.db, tenantOf(req), entity.id, entity.name, req.authUser!.id, req.locale);
  if (!version) {
    res.status(409).json({ message: req.t('du-history.errors.taken') });
    return;
  }
  addFlash(req, 'success', 'du-history.flash.created', { number: version.number, entity: entity.name });
  res.status(201).json({ message: req.t('du-history.flash.created', { number: version.number, entity: entity.name }), id: version.id });
}

/** The version of the route, within the company and the user's scope (404 otherwise). */
async function requireVersion(req: Request, ability: 'view' | 'edit'): Promise<VersionLine> {
  const version = orNotFound(await findVersion(req.ctx.db, tenantOf(req), routeId(req)));
  await requireDuEntity(req, version.hierarchyItemId, ability);
  return version;
}

async function signFormHtml(req: Request, res: Response, version: VersionLine, extra: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const user = req.authUser!;
  const locals = await signatureFormLocals(req, {
    action: req.ctx.routes.path('risk_evaluation_history_sign', { id: version.id }),
    title: req.t('du-history.sign.title', { number: version.number }),
    intro: req.t('du-history.sign.intro', { number: version.number, entity: version.entityName }),
    signerName: displayName(user),
    nameEnabled: true, offerSaved: true, errors: extra.errors, values: extra.values,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * `GET|POST /unique-document/history/{id}/sign` (risk_evaluation_history_sign, seed 001): the
 * signature island with the signer's name and the date; POST keeps the signature once
 * (201 `{result: true}`), or answers the form again with its French errors and the typed name
 * (200 `{result: false, signatureForm}`). A signed version is not signed again (409).
 */
export async function historySign(req: Request, res: Response): Promise<void> {
  const version = await requireVersion(req, 'edit');
  if (version.signedAt) throw new HttpError(409, 'du-history.errors.already_signed');
  if (req.method !== 'POST') {
    const html = await signFormHtml(req, res, version);
    if (isFragmentRequest(req)) res.status(200).type('html').send(html);
    else await renderScreen(req, res, 'risk-evaluation/history/sign', { title: req.t('du-history.sign.title', { number: version.number }), form: html });
    return;
  }
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: '', watermark: false });
  if (!parsed.ok) {
    res.status(200).json({ result: false, signatureForm: await signFormHtml(req, res, version, { errors: parsed.errors, values: parsed.values }) });
    return;
  }
  const done = await signVersion(req.ctx.db, tenantOf(req), version.id, { name: parsed.signature.name, image: parsed.signature.image, userId: req.authUser!.id });
  if (!done) throw new HttpError(409, 'du-history.errors.already_signed');
  const params = { number: version.number, entity: version.entityName };
  addFlash(req, 'success', 'du-history.flash.signed', params);
  res.status(201).json({ result: true, message: req.t('du-history.flash.signed', params), redirect: req.ctx.routes.path('unique_document_index', { item: version.hierarchyItemId }) });
}

/** `GET /unique-document/history/{id}/pdf` (risk_evaluation_history_pdf): the frozen PDF, for whoever sees the entity's document. */
export async function historyPdf(req: Request, res: Response): Promise<void> {
  const version = await requireVersion(req, 'view');
  await sendFileOf(res, req.ctx.db, historyStorage, version.tenantId, version.pdfFileId);
}
