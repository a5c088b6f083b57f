import type { Request, Response } from 'express';
import type { EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { csrfToken } from '../../kernel/http/csrf';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { rowsOf, type Db } from '../../kernel/db/sql';
import { recordHistory } from '../../kernel/history/history.service';
import { displayName } from '../../kernel/rights/auth-user';
import { workflowReply, WORKFLOW_MESSAGES, type ApplyResult } from '../../kernel/workflow';
import { hasSignatureForm, parseSignatureForm, signatureFormLocals, SIGNATURE_FORM_VIEW, type SignatureFormErrors } from '../user-signature/signature-form';
import { resolveWorkOrder, type WorkOrderAbilities } from './work-order.access';
import { secondRoleRefusal, workOrderPolicy } from './work-order.policy';
import { WORK_ORDER_MOMENTS, WORK_ORDER_SIGNER_ROLES } from './work-order-signature.entity';
import { WORK_ORDER_SUBJECT, type WorkOrderRecord } from './work-order.service';
import { waitingRoleOf, workOrderWorkflow, type WorkOrderSubject } from './work-order.workflow';

/** A signature place: when (start, intermediate, end) and who (ordering customer, contact). */
export interface SignatureSlot { moment: (typeof WORK_ORDER_MOMENTS)[number]; role: (typeof WORK_ORDER_SIGNER_ROLES)[number] }

/** The slot named `<moment>_<role>` (route parameter), or null. */
export function parseSlot(raw: unknown): SignatureSlot | null {
  const m = /^(start|intermediate|end)_(ordering_customer|contact)$/.exec(String(raw ?? ''));
  return m ? { moment: m[1] as SignatureSlot['moment'], role: m[2] as SignatureSlot['role'] } : null;
}

/** The route parameter of a slot. */
export const slotKey = (s: SignatureSlot): string => `${s.moment}_${s.role}`;

/** A given signature as the show page and the PDF read it (`userId`: the account that signed as itself). */
export interface WorkOrderSignatureView { id: number; moment: string; signerRole: string; signerName: string; userId: number | null; image: string; signedAt: Date }

/** The signatures of a work order, oldest first. */
export async function listSignatures(db: Db, tenantId: number, workOrderId: number): Promise<WorkOrderSignatureView[]> {
  return rowsOf<WorkOrderSignatureView>(await db.query(
    `SELECT id, moment, signer_role AS "signerRole", signer_name AS "signerName", user_id AS "userId", image, signed_at AS "signedAt"
       FROM work_order_signature WHERE tenant_id = $1 AND work_order_id = $2 ORDER BY signed_at, id`, [tenantId, workOrderId]));
}

/** May the user sign this slot now (state, role, not already given)? */
export function maySign(wo: WorkOrderRecord, abilities: WorkOrderAbilities, given: WorkOrderSignatureView[], slot: SignatureSlot): boolean {
  const byRole = slot.role === 'ordering_customer' ? abilities.signAsCustomer : abilities.signAsContact;
  if (!byRole) return false;
  if (slot.moment !== 'intermediate' && given.some((g) => g.moment === slot.moment && g.signerRole === slot.role)) return false;
  if (slot.moment === 'start') return wo.state === 'waiting_sign';
  return wo.state === 'in_operation';
}

/** The slots the user may sign now, in display order. */
export function openSlots(wo: WorkOrderRecord, abilities: WorkOrderAbilities, given: WorkOrderSignatureView[]): SignatureSlot[] {
  const all: SignatureSlot[] = WORK_ORDER_MOMENTS.flatMap((moment) => WORK_ORDER_SIGNER_ROLES.map((role) => ({ moment, role })));
  return all.filter((s) => maySign(wo, abilities, given, s));
}

/** Writes one signature row (in the caller's transaction). */
export async function insertSignature(m: EntityManager, wo: { id: number; tenantId: number }, slot: SignatureSlot, s: { name: string; image: string; hasWatermark: boolean; userId: number | null }): Promise<void> {
  await m.query(
    `INSERT INTO work_order_signature (tenant_id, work_order_id, moment, signer_role, user_id, signer_name, image, has_watermark, signed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [wo.tenantId, wo.id, slot.moment, slot.role, s.userId, s.name, s.image, s.hasWatermark, clock.now()]);
}

/** The slot a press of the workflow's `sign` button signs: the awaited start role the user may sign. */
function defaultSlot(wo: WorkOrderRecord, abilities: WorkOrderAbilities, given: WorkOrderSignatureView[]): SignatureSlot | null {
  const awaited = waitingRoleOf(wo.state, given.map((g) => `${g.moment}:${g.signerRole}`));
  const open = openSlots(wo, abilities, given).filter((s) => s.moment === 'start');
  return open.find((s) => s.role === awaited) ?? open[0] ?? null;
}

/** Does the user sign this slot as themself (not the contact on the site's device)? */
const signsAsSelf = (req: Request, wo: WorkOrderRecord, slot: SignatureSlot) => workOrderPolicy.signsAsSelf(req.authUser!, wo, slot.role);

/**
 * The name prefilled for a slot: the user when they sign as themself, else the company's contact
 * (nothing when the plan names none: never the user's own name for someone else's signature).
 */
const prefill = (req: Request, wo: WorkOrderRecord, slot: SignatureSlot) =>
  (signsAsSelf(req, wo, slot) ? displayName(req.authUser!) : wo.contactName ?? '');

/** HTML of the shared signature form for a slot. */
async function formHtml(req: Request, res: Response, wo: WorkOrderRecord, slot: SignatureSlot, action: string, hidden: Record<string, string>,
  state: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}): Promise<string> {
  const self = signsAsSelf(req, wo, slot);
  const locals = await signatureFormLocals(req, {
    action, title: req.t(`work-order.signatures.slots.${slotKey(slot)}`),
    intro: req.t('work-order.signatures.intro', { number: wo.number, company: wo.companyName ?? '—' }),
    signerName: prefill(req, wo, slot), nameEnabled: true, offerSaved: self, hidden, ...state,
  });
  return renderView(res, SIGNATURE_FORM_VIEW, locals);
}

/**
 * Reads the posted signature for a slot (the saved one only for one's own). Refused, the typed
 * name kept, when its signer already signed the other role at that moment (separation of duties:
 * the workflow's guards do not see the signature, so the rule is checked here for both paths).
 */
async function readSignature(req: Request, wo: WorkOrderRecord, slot: SignatureSlot, given: WorkOrderSignatureView[]) {
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: prefill(req, wo, slot), watermark: false });
  if (!parsed.ok) return parsed;
  const self = signsAsSelf(req, wo, slot);
  const refuse = (key: string) => ({ ok: false as const, errors: { form: req.t(key) }, values: { name: parsed.signature.name, useSaved: false } });
  if (parsed.signature.usedSaved && !self) return refuse('work-order.signatures.saved_not_yours');
  const twice = secondRoleRefusal(given, slot, { userId: self ? req.authUser!.id : null, name: parsed.signature.name });
  if (twice) return refuse(twice);
  return { ok: true as const, signature: { ...parsed.signature, self } };
}

/**
 * `GET|POST /work-order/{id}/sign/{slot}` (work_order_sign): one signature of the work order
 * from its page (slot `start_contact`, `end_ordering_customer` ...). A start signature applies
 * the `sign` transition; intermediate and end ones are kept with a history row. POST answers
 * 201 `{result: true, message}` (the page reloads) or 200 `{result: false, signatureForm}`.
 */
export async function signSlot(req: Request, res: Response): Promise<void> {
  const { wo, abilities } = await resolveWorkOrder(req, req.routeParams.id);
  const slot = parseSlot(req.routeParams.slot);
  if (!slot) throw new HttpError(404, 'errors.not_found.title');
  const given = await listSignatures(req.ctx.db, wo.tenantId, wo.id);
  if (!maySign(wo, abilities, given, slot)) throw new HttpError(403, 'work-order.signatures.forbidden');
  const action = req.ctx.routes.path('work_order_sign', { id: wo.id, slot: slotKey(slot) });
  if (req.method !== 'POST') {
    const html = await formHtml(req, res, wo, slot, action, {});
    if (isFragmentRequest(req)) res.status(200).type('html').send(html);
    else await renderScreen(req, res, 'work-order/sign', { title: req.t(`work-order.signatures.slots.${slotKey(slot)}`), form: html, wo });
    return;
  }
  const parsed = await readSignature(req, wo, slot, given);
  if (!parsed.ok) {
    res.status(200).json({ result: false, signatureForm: await formHtml(req, res, wo, slot, action, {}, { errors: parsed.errors, values: parsed.values }) });
    return;
  }
  const signature = { ...parsed.signature, slot: slotKey(slot), signedAt: clock.now().toISOString() };
  if (slot.moment === 'start') {
    const outcome = await workOrderWorkflow.apply(req.ctx.db, { id: wo.id, tenantId: wo.tenantId }, 'sign', { user: req.authUser!, signature });
    if (!outcome.result) { res.status(outcome.status === 200 ? 409 : outcome.status).json({ result: false, message: req.t(outcome.reason) }); return; }
  } else {
    await req.ctx.db.transaction(async (m) => {
      await insertSignature(m, wo, slot, { name: parsed.signature.name, image: parsed.signature.image, hasWatermark: false, userId: parsed.signature.self ? req.authUser!.id : null });
      await recordHistory(m, { tenantId: wo.tenantId, subjectType: WORK_ORDER_SUBJECT, subjectId: wo.id, userId: req.authUser!.id, transition: `signature_${slot.moment}`,
        signature: { name: parsed.signature.name, image: parsed.signature.image, slot: slotKey(slot) } });
    });
  }
  addFlash(req, 'success', 'work-order.flash.signed', { name: parsed.signature.name });
  res.status(201).json({ result: true, message: req.t('work-order.flash.signed', { name: parsed.signature.name }), redirect: req.ctx.routes.path('work_order_show', { id: wo.id }) });
}

/**
 * `POST /work-order/{id}/apply/{transition}` (work_order_apply_transition): the workflow reply
 * `{state, buttons, result}`; `sign` first answers the signature form of the awaited start role.
 */
export async function applyTransition(req: Request, res: Response): Promise<void> {
  const { wo, abilities } = await resolveWorkOrder(req, req.routeParams.id);
  const name = String(req.routeParams.transition ?? '');
  if (!Object.prototype.hasOwnProperty.call(workOrderWorkflow.definition.transitions, name)) {
    res.status(404).json({ result: false, message: req.t(WORKFLOW_MESSAGES.unknownTransition) });
    return;
  }
  const user = req.authUser!;
  const ref = { id: wo.id, tenantId: wo.tenantId };
  const comment = typeof req.body?.comment === 'string' ? req.body.comment.slice(0, 5000) : '';
  const transitionUrl = (t: string) => req.ctx.routes.path('work_order_apply_transition', { id: wo.id, transition: t });
  const reply = async (outcome: ApplyResult<WorkOrderSubject>, form?: string) => {
    const subject = await workOrderWorkflow.load(req.ctx.db, ref);
    const fresh = outcome.result && subject ? { ...outcome, subject } : outcome;
    await workflowReply(res, { workflow: workOrderWorkflow, outcome: fresh, subject, user, t: req.t, csrfToken: csrfToken(req), signatureForm: form, transitionUrl, transition: name });
  };
  let signature: Record<string, unknown> | null = null;
  let form: string | undefined;
  if (name === 'sign') {
    const given = await listSignatures(req.ctx.db, wo.tenantId, wo.id);
    const slot = defaultSlot(wo, abilities, given);
    if (slot && hasSignatureForm(req)) {
      const parsed = await readSignature(req, wo, slot, given);
      if (parsed.ok) signature = { ...parsed.signature, slot: slotKey(slot), signedAt: clock.now().toISOString() };
      else form = await formHtml(req, res, wo, slot, transitionUrl(name), { comment }, { errors: parsed.errors, values: parsed.values });
    } else if (slot) form = await formHtml(req, res, wo, slot, transitionUrl(name), { comment });
    if (form) {
      const subject = (await workOrderWorkflow.load(req.ctx.db, ref))!;
      await reply({ result: false, reason: WORKFLOW_MESSAGES.signatureRequired, status: 200, signatureRequired: true, subject }, form);
      return;
    }
  }
  const outcome = await workOrderWorkflow.apply(req.ctx.db, ref, name, { user, comment, signature });
  await reply(outcome);
}
