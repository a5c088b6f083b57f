import { parisInstant } from '../../../kernel/clock';
import type { Request, Response } from 'express';
import type { FieldError } from '../../../kernel/http/forms';
import { parseForm } from '../../../kernel/http/forms';
import { HttpError } from '../../../kernel/http/errors';
import { renderForm, renderScreen } from '../../../kernel/http/render';
import { saved, tenantOf } from '../../../kernel/http/respond';
import { planTabUrl, resolvePlan } from '../core/plan-access';
import type { PlanRef } from '../core/plan-ref';
import { INVITATION_FORM, invitationSchema, type InvitationInput } from '../core/plan-inspection-invitation.schema';
import {
  defaultMessage, initialValues, invitationContext, listInvitations, renderInvitationMail, sendInvitation, step1Errors, step2Errors,
  type InvitationContext,
} from '../core/plan-inspection-invitation.service';

/** The plan for the request's user; a missing plan answers the spec's message ("le PDP n'a pas été trouvé"). */
async function planOrMissing(req: Request, ability: 'view' | 'edit'): Promise<{ plan: PlanRef; abilities: Record<string, boolean> }> {
  try {
    return await resolvePlan(req, req.routeParams.id, ability);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw new HttpError(404, 'plan-inspection.errors.plan_not_found');
    throw err;
  }
}

/** `GET /prevention-plan/{id}/inspection-invitations` (pdp_inspection_invitation_list): the invitations sent, as an HTML fragment. */
export async function invitationList(req: Request, res: Response): Promise<void> {
  const { plan, abilities } = await planOrMissing(req, 'view');
  const invitations = await listInvitations(req.ctx.db, tenantOf(req), plan.id);
  await renderScreen(req, res, 'prevention-plan/inspection/list', {
    title: req.t('plan-inspection.list_title', { number: plan.pdpNumber }), plan, abilities, invitations,
  });
}

const STEP_VIEW = { 1: 'prevention-plan/inspection/step1', 2: 'prevention-plan/inspection/step2' } as const;

async function renderStep(req: Request, res: Response, ctx: InvitationContext, step: 1 | 2, values: Record<string, unknown>, errors: Record<string, FieldError>): Promise<void> {
  const locals: Record<string, unknown> = {
    title: req.t('plan-inspection.title', { number: ctx.plan.pdpNumber }), ctx, values, errors, step,
    action: req.ctx.routes.path('pdp_inspection_invitation_add', { id: ctx.plan.id }),
  };
  if (step === 2) locals.preview = await preview(req, ctx, values);
  await renderForm(req, res, STEP_VIEW[step], locals);
}

/** The mail as the recipients will read it, from what is typed (unparsable values are shown as typed). */
async function preview(req: Request, ctx: InvitationContext, values: Record<string, unknown>): Promise<string> {
  const s = (k: string) => (typeof values[k] === 'string' ? (values[k] as string).trim() : '');
  const parsed = invitationSchema.safeParse(values);
  const d = parsed.success ? parsed.data : null;
  const at = d?.inspectionDate && d.inspectionTime ? parisInstant(d.inspectionDate, d.inspectionTime) : new Date(NaN);
  const mail = await renderInvitationMail(req.locale, {
    inspectionAt: at, meetingPoint: s('meetingPoint'), facilities: s('facilities'), message: s('message') || defaultMessage(req.t, ctx),
    pdpNumber: ctx.plan.pdpNumber, subject: ctx.plan.subject, senderName: '', url: null,
  });
  return `<p class="fw-semibold mb-2">${escapeHtml(mail.subject)}</p>${mail.html}`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The recipients offered first in step 2: every company contact with an e-mail and every holder of the right; the CSE as last time. */
function step2Defaults(req: Request, ctx: InvitationContext, d: InvitationInput): Record<string, unknown> {
  return {
    companies: ctx.companies.filter((c) => c.email).map((c) => String(c.id)),
    users: ctx.users.map((u) => String(u.id)),
    cse: ctx.last?.cseEmail ? '1' : '0',
    cseName: ctx.last?.cseName ?? req.t('plan-inspection.cse_default_name'),
    cseEmail: ctx.last?.cseEmail ?? '',
    message: d.message || defaultMessage(req.t, ctx),
  };
}

/**
 * `GET|POST /prevention-plan/{id}/inspection-invitations/new` (pdp_inspection_invitation_add):
 * the two-step invitation form. Step 1 (when, where, facilities, CSE informed) answers step 2
 * (recipients, message preview) as HTML; step 2 sends the invitation (201) or comes back with
 * its errors (200). `_back` returns from step 2 to step 1 with everything typed.
 */
export async function invitationAdd(req: Request, res: Response): Promise<void> {
  const { plan } = await planOrMissing(req, 'edit');
  const ctx = await invitationContext(req.ctx.db, tenantOf(req), plan.id);
  if (!ctx) throw new HttpError(404, 'plan-inspection.errors.plan_not_found');
  if (req.method !== 'POST') return renderStep(req, res, ctx, 1, initialValues(ctx), {});
  const form = parseForm(invitationSchema, req.body, INVITATION_FORM);
  const step = form.values.step === '2' ? 2 : 1;
  if (!form.ok) return renderStep(req, res, ctx, stepOfErrors(form.errors, step), form.values, form.errors);
  const d = form.data;
  if (req.body?._back) return renderStep(req, res, ctx, 1, form.values, {});
  const first = step1Errors(ctx, d);
  if (Object.keys(first).length) return renderStep(req, res, ctx, 1, form.values, first);
  if (step === 1) return renderStep(req, res, ctx, 2, { ...form.values, ...step2Defaults(req, ctx, d) }, {});
  const second = step2Errors(ctx, d);
  if (Object.keys(second.errors).length) return renderStep(req, res, ctx, 2, form.values, second.errors);
  const sent = await sendInvitation(req.ctx.db, req.authUser!, ctx, d, second.recipients);
  saved(req, res, 'plan-inspection.flash.sent', { count: sent.mailed }, planTabUrl(req, plan.id, 'inspection'));
}

const STEP1_FIELDS = new Set(['inspectionDate', 'inspectionTime', 'meetingPoint', 'facilities', 'cseInformedDate']);
/** A type error of a step-1 field is shown on step 1, whatever step was posted. */
function stepOfErrors(errors: Record<string, string>, posted: 1 | 2): 1 | 2 {
  return Object.keys(errors).some((k) => STEP1_FIELDS.has(k)) ? 1 : posted;
}
