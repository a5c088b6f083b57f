import type { Request, Response } from 'express';
import { clock } from '../../../kernel/clock';
import { addFlash } from '../../../kernel/http/flash';
import { isFragmentRequest, renderScreen, renderView } from '../../../kernel/http/render';
import { routeId } from '../../../kernel/http/respond';
import { displayName } from '../../../kernel/rights/auth-user';
import { parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../../user-signature/signature-form';
import { requireOpenControl, type ControlRecord } from './control.service';
import { validateControl } from './control-validate.service';

type Role = 'controller' | 'owner';

/** The name a signature form proposes: the controller's own name for the controller, none for the owner. */
const proposedName = (req: Request, control: ControlRecord, role: Role): string =>
  role === 'controller' ? control.controllerName ?? displayName(req.authUser!) : '';

async function formHtml(req: Request, res: Response, control: ControlRecord, role: Role, state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const locals = await signatureFormLocals(req, {
    action: req.ctx.routes.path('vgp_control_sign', { id: control.id, role }),
    title: req.t(`vgp-control.sign.title_${role}`),
    intro: req.t('vgp-control.sign.intro', { name: control.controllableName }),
    signerName: proposedName(req, control, role), nameEnabled: true,
    // Only the controller signing for himself may use his saved signature.
    offerSaved: role === 'controller' && control.controllerId === req.authUser!.id, ...state,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * `GET|POST /equipment/control/{id}/sign/{role}` (vgp_control_sign): the controller's or the
 * owner's signature on the shared signature form. A new signature of a role replaces the
 * previous one. POST answers 201 `{result: true}` or 200 `{result: false, signatureForm}`.
 */
export async function sign(req: Request, res: Response): Promise<void> {
  const control = await requireOpenControl(req, routeId(req));
  const role = String(req.routeParams.role) as Role;
  if (req.method !== 'POST') {
    const html = await formHtml(req, res, control, role);
    if (isFragmentRequest(req)) res.status(200).type('html').send(html);
    else await renderScreen(req, res, 'equipment/control/sign', { title: req.t(`vgp-control.sign.title_${role}`), form: html });
    return;
  }
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: proposedName(req, control, role), watermark: false });
  if (!parsed.ok) {
    res.status(200).json({ result: false, signatureForm: await formHtml(req, res, control, role, { errors: parsed.errors, values: parsed.values }) });
    return;
  }
  const self = role === 'controller' && control.controllerId === req.authUser!.id;
  await req.ctx.db.query(
    `INSERT INTO vgp_control_signature (tenant_id, control_id, role, user_id, signer_name, image, has_watermark, signed_at) VALUES ($1, $2, $3, $4, $5, $6, false, $7)
     ON CONFLICT ON CONSTRAINT "UQ_vgp_control_signature_role" DO UPDATE SET user_id = EXCLUDED.user_id, signer_name = EXCLUDED.signer_name, image = EXCLUDED.image, signed_at = EXCLUDED.signed_at`,
    [control.tenantId, control.id, role, self ? req.authUser!.id : null, parsed.signature.name, parsed.signature.image, clock.now()]);
  res.status(201).json({ result: true, message: req.t('vgp-control.sign.saved') });
}

/**
 * `POST /equipment/control/{id}/validate` (vgp_control_validate): « Terminer » of step 4. 422
 * `{message: 'Une réponse est nécessaire', unanswered}` while a checkpoint has no answer; 409 when
 * already validated; 201 `{redirect}` to the control's report page otherwise.
 */
export async function validate(req: Request, res: Response): Promise<void> {
  const control = await requireOpenControl(req, routeId(req));
  const outcome = await validateControl(req.ctx.db, req.authUser!, control, req.locale);
  if (!outcome.ok) {
    res.status(outcome.status).json({ message: req.t(outcome.reason), unanswered: outcome.unanswered ?? [] });
    return;
  }
  addFlash(req, 'success', 'vgp-control.flash.validated', { count: outcome.actionIds.length });
  res.status(201).json({
    message: req.t('vgp-control.flash.validated', { count: outcome.actionIds.length }), actionIds: outcome.actionIds, deadline: outcome.deadline,
    redirect: req.ctx.routes.path('vgp_control_show', { id: control.id }),
  });
}
