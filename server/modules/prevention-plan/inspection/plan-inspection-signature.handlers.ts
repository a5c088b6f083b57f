import type { Request, Response } from 'express';
import { addFlash } from '../../../kernel/http/flash';
import { HttpError } from '../../../kernel/http/errors';
import { isFragmentRequest, renderView } from '../../../kernel/http/render';
import { routeId, tenantOf } from '../../../kernel/http/respond';
import { parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../../user-signature/signature-form';
import { planTabUrl, requirePlan } from '../core/plan-access';
import { findParticipant, signInspection, type InspectionParticipant } from '../core/plan-inspection-signature.service';

async function form(req: Request, res: Response, participant: InspectionParticipant, pdpNumber: string,
  state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const locals = await signatureFormLocals(req, {
    action: req.ctx.routes.path('pdp_inspection_sign', { id: participant.id }),
    title: req.t('plan-inspection.sign.title', { name: participant.name }),
    intro: req.t('plan-inspection.sign.intro', { number: pdpNumber }),
    signerName: participant.name,
    nameEnabled: true,
    // Inspection signatures are always granted (spec 001 §6).
    granted: true,
    addGranted: true,
    offerSaved: participant.userId != null && participant.userId === req.authUser!.id,
    ...state,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * `GET|POST /prevention-plan/inspection-participants/{id}/sign` (pdp_inspection_sign): the
 * signature of a participant of the prior joint inspection, collected on the device by anyone
 * who sees the plan. GET: the shared signature form. POST: 201 `{result: true, message, redirect}`
 * once kept (a double submit keeps one), or 200 `{result: false, signatureForm}` with its errors.
 */
export async function inspectionSign(req: Request, res: Response): Promise<void> {
  const participant = await findParticipant(req.ctx.db, tenantOf(req), routeId(req));
  if (!participant) throw new HttpError(404, 'errors.not_found.title');
  const plan = await requirePlan(req, participant.planId, 'view');
  if (req.method !== 'POST') {
    const html = await form(req, res, participant, plan.pdpNumber);
    if (isFragmentRequest(req)) { res.status(200).type('html').send(html); return; }
    res.status(200).type('html').send(await renderView(res, 'layouts/page', { title: req.t('plan-inspection.sign.title', { name: participant.name }), body: html }));
    return;
  }
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: participant.name, watermark: false });
  if (!parsed.ok) {
    res.status(200).json({ result: false, signatureForm: await form(req, res, participant, plan.pdpNumber, { errors: parsed.errors, values: parsed.values }) });
    return;
  }
  await signInspection(req.ctx.db, {
    tenantId: plan.tenantId, participant, userId: req.authUser!.id, signerName: parsed.signature.name, image: parsed.signature.image, hasWatermark: parsed.signature.hasWatermark,
  });
  addFlash(req, 'success', 'plan-inspection.flash.signed');
  res.status(201).json({ result: true, message: req.t('plan-inspection.flash.signed'), redirect: planTabUrl(req, plan.id, 'inspection') });
}
