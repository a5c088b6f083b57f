import type { Request, Response } from 'express';
import { rowsOf } from '../../../kernel/db/sql';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { HttpError } from '../../../kernel/http/errors';
import { isFragmentRequest, renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved } from '../../../kernel/http/respond';
import { parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../../user-signature/signature-form';
import { userOptions } from '../core/lockout-people';
import { drivesSlip, requireSlip, type SlipRef } from '../core/slip-access';
import { PADLOCK_FORM, padlockSchema, STAFF_FORM, staffSchema } from './slip.schema';
import { addStaff, findStaff, removeStaff, signStaff, updatePadlock, type StaffRow } from './slip.service';

const forbidden = (req: Request, res: Response) => { res.status(403).json({ message: req.t('lockout.errors.forbidden') }); };

/** Staff may be added while the slip is not yet given back, by who drives it. */
const mayEditStaff = (req: Request, slip: SlipRef) => drivesSlip(req.authUser!, slip) && !slip.archived && ['draft', 'awaiting_consignment', 'consigned'].includes(slip.state);
/** A staff member acts on their own row; who drives the slip acts on every row (one tablet on site). */
const mayActFor = (req: Request, slip: SlipRef, staff: StaffRow) => !slip.archived && (drivesSlip(req.authUser!, slip) || staff.userId === req.authUser!.id);

async function staffOf(req: Request, slip: SlipRef): Promise<StaffRow> {
  return orNotFound(await findStaff(req.ctx.db, slip.tenantId, slip.id, routeId(req, 'staff')));
}

async function renderStaffForm(req: Request, res: Response, slip: SlipRef, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const planStaff = slip.planId ? rowsOf<{ id: number; name: string; company: string }>(await req.ctx.db.query(
    `SELECT ps.id, trim(concat_ws(' ', ps.first_name, ps.last_name)) AS name, pc.name AS company FROM plan_staff ps JOIN plan_company pc ON pc.id = ps.plan_company_id
      WHERE ps.tenant_id = $1 AND ps.plan_id = $2 ORDER BY ps.last_name, ps.first_name, ps.id`, [slip.tenantId, slip.planId])) : [];
  await renderScreen(req, res, 'lockout/slips/_staff_form', {
    title: req.t('lockout.staff.new_title'), form: STAFF_FORM, values, errors,
    planStaff: planStaff.map((p) => ({ value: p.id, label: `${p.name} (${p.company})` })), users: await userOptions(req.ctx.db, slip.tenantId, null),
    action: req.ctx.routes.path('consignment_staff_add', { id: slip.id }),
  });
}

/** `GET|POST /consignment/{id}/staff/new` (consignment_staff_add): a worker of the linked plan, a user, or a free name. */
export async function add(req: Request, res: Response): Promise<void> {
  const slip = await requireSlip(req, routeId(req));
  if (!mayEditStaff(req, slip)) return forbidden(req, res);
  if (req.method !== 'POST') return renderStaffForm(req, res, slip, { planStaffId: '', userId: '', name: '', company: '' });
  const form = parseForm(staffSchema, req.body, STAFF_FORM);
  if (!form.ok) return renderStaffForm(req, res, slip, form.values, form.errors);
  const result = await addStaff(req.ctx.db, slip.tenantId, req.authUser!.id, slip, form.data);
  if (!result.ok) return renderStaffForm(req, res, slip, form.values, result.errors);
  saved(req, res, 'lockout.staff.flash.created');
}

/** `POST /consignment/{id}/staff/{staff}/delete` (consignment_staff_delete): 409 while the member's padlock is on. */
export async function remove(req: Request, res: Response): Promise<void> {
  const slip = await requireSlip(req, routeId(req));
  if (!mayEditStaff(req, slip)) return forbidden(req, res);
  const staff = await staffOf(req, slip);
  if (!await removeStaff(req.ctx.db, slip.tenantId, req.authUser!.id, slip, staff)) {
    res.status(409).json({ message: req.t('lockout.refusal.padlock_present') });
    return;
  }
  removedWith(req, res, 'lockout.staff.flash.removed', { name: staff.name });
}

/**
 * `GET|POST /consignment/{id}/staff/{staff}/padlock` (consignment_padlock): one staff member's
 * padlock put on (the slip consigned) or taken off (consigned or end of works), dated now, with a comment.
 */
export async function padlock(req: Request, res: Response): Promise<void> {
  const slip = await requireSlip(req, routeId(req));
  const staff = await staffOf(req, slip);
  if (!mayActFor(req, slip, staff) || !['consigned', 'end_works'].includes(slip.state)) return forbidden(req, res);
  const render = (values: Record<string, unknown>, errors: Record<string, FieldError> = {}) => renderScreen(req, res, 'lockout/slips/_padlock_form', {
    title: req.t('lockout.padlock.title', { name: staff.name }), form: PADLOCK_FORM, values, errors, staff, mayLock: slip.state === 'consigned',
    action: req.ctx.routes.path('consignment_padlock', { id: slip.id, staff: staff.id }),
  });
  if (req.method !== 'POST') return render({ padlock: staff.padlock === 'on' ? 'off' : 'on', comment: '' });
  const form = parseForm(padlockSchema, req.body, PADLOCK_FORM);
  if (!form.ok) return render(form.values, form.errors);
  if (form.data.padlock === 'on' && slip.state !== 'consigned') return render(form.values, { padlock: 'lockout.padlock.errors.not_consigned' });
  await updatePadlock(req.ctx.db, slip.tenantId, req.authUser!.id, slip, staff, form.data.padlock, form.data.comment);
  saved(req, res, form.data.padlock === 'on' ? 'lockout.padlock.flash.on' : 'lockout.padlock.flash.off', { name: staff.name });
}

async function signatureHtml(req: Request, res: Response, slip: SlipRef, staff: StaffRow, state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const locals = await signatureFormLocals(req, {
    action: req.ctx.routes.path('consignment_sign', { id: slip.id, staff: staff.id }),
    title: req.t('lockout.sign.title', { name: staff.name }), intro: req.t('lockout.sign.intro', { number: slip.number }),
    signerName: staff.name, nameEnabled: true, offerSaved: staff.userId === req.authUser!.id, ...state,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * `GET|POST /consignment/{id}/staff/{staff}/sign` (consignment_sign): the staff member's signature
 * on the shared signature form (seed 001 « signature »). POST answers 201 `{result: true}` or 200
 * `{result: false, signatureForm}`.
 */
export async function sign(req: Request, res: Response): Promise<void> {
  const slip = await requireSlip(req, routeId(req));
  const staff = await staffOf(req, slip);
  if (!mayActFor(req, slip, staff) || slip.state === 'deconsigned') throw new HttpError(403, 'lockout.errors.forbidden');
  if (req.method !== 'POST') {
    const html = await signatureHtml(req, res, slip, staff);
    if (isFragmentRequest(req)) res.status(200).type('html').send(html);
    else await renderScreen(req, res, 'lockout/slips/sign', { title: req.t('lockout.sign.title', { name: staff.name }), form: html });
    return;
  }
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: staff.name, watermark: false });
  if (!parsed.ok) {
    res.status(200).json({ result: false, signatureForm: await signatureHtml(req, res, slip, staff, { errors: parsed.errors, values: parsed.values }) });
    return;
  }
  await signStaff(req.ctx.db, slip.tenantId, req.authUser!.id, slip, staff, parsed.signature);
  res.status(201).json({ result: true, message: req.t('lockout.sign.saved') });
}
