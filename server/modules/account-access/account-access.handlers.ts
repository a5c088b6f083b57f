import type { Request, Response } from 'express';
import { recordAudit } from '../../kernel/audit/audit';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { isFragmentRequest, renderScreen } from '../../kernel/http/render';
import { displayName } from '../../kernel/rights/auth-user';
import { SUPER_ADMIN } from '../../kernel/rights/registry';
import { delegationSchema, switchFilterSchema } from './account-access.schema';
import {
  activeDelegationId, canSwitch, createDelegation, deleteDelegation, findCompanyUser, holdsMoreRights, listActiveReceived, listGiven,
  listRecipients, listSwitchTargets, nameOf,
} from './account-access.service';
import { enterSwitch, leaveSwitch, switchedFrom } from './switch-session';

/** The French refusal of each reason a switch is refused. */
const REFUSALS = { super_admin: 'access.errors.super_admin', more_rights: 'access.errors.more_rights', no_right: 'errors.forbidden.message' } as const;

/** Answers a state change: JSON `{redirect}` (201) to the client's ajax forms, a redirect otherwise. */
function redirectTo(req: Request, res: Response, url: string): void {
  if (isFragmentRequest(req)) res.status(201).json({ redirect: url });
  else res.redirect(url);
}

/** `GET /switch-user`: the accounts one may take over (all of the company with the right, else running delegations). */
export async function switchIndex(req: Request, res: Response): Promise<void> {
  const real = req.authUser!;
  const allowed = canSwitch(real);
  const delegations = switchedFrom(req) === null ? await listActiveReceived(req.ctx.db, real.tenantId, real.id) : [];
  if (!allowed && delegations.length === 0 && switchedFrom(req) === null) throw new HttpError(403, 'errors.forbidden.message');
  const filters = switchFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = allowed && switchedFrom(req) === null ? await listSwitchTargets(req.ctx.db, real, filters.q, page) : { rows: [], total: 0 };
  await renderScreen(req, res, 'account-access/switch', {
    title: req.t('access.switch.title'), hideTitle: true, allowed, switched: switchedFrom(req) !== null,
    rows, filters, delegations, pager: buildPager(req, page, total),
  });
}

/** `POST /switch-user/{id}`: takes over an account of the company (switch right or running delegation). */
export async function switchStart(req: Request, res: Response): Promise<void> {
  const real = req.authUser!;
  if (switchedFrom(req) !== null) throw new HttpError(403, 'access.errors.nested');
  const target = await findCompanyUser(req.ctx.db, real.tenantId, Number(req.routeParams.id));
  if (!target) throw new HttpError(404, 'errors.not_found.title');
  if (target.id === real.id) throw new HttpError(409, 'access.errors.self');
  if (!target.enabled) throw new HttpError(409, 'access.errors.disabled');
  // Nobody but a super admin ever becomes a super admin, not even through a delegation.
  const superRefused = target.superAdmin && !real.roles.includes(SUPER_ADMIN);
  const delegationId = superRefused ? null : await activeDelegationId(req.ctx.db, real.tenantId, target.id, real.id);
  // A switch right never raises one's rights; a delegation may, as its owner chose to lend the account.
  const moreRights = !superRefused && canSwitch(real) && (await holdsMoreRights(req.ctx.db, real, target.id));
  const byRight = !superRefused && !moreRights && canSwitch(real);
  if (!byRight && delegationId === null) {
    const reason = superRefused ? 'super_admin' : moreRights ? 'more_rights' : 'no_right';
    await recordAudit(req.ctx.db, { event: 'permission_refused', req, detail: { route: req.routeName, target: target.id, reason } }).catch(() => undefined);
    throw new HttpError(403, REFUSALS[reason]);
  }
  // A delegation is named in the banner only when it is what grants the switch.
  const viaDelegation = byRight ? null : delegationId;
  enterSwitch(req, real, target.id, { realName: displayName(real), delegationId: viaDelegation });
  await recordAudit(req.ctx.db, { event: 'switch_user', req, detail: { action: 'start', target: target.id, targetUsername: target.username, delegation: viaDelegation } });
  addFlash(req, 'info', 'access.flash.switched', { name: nameOf(target) });
  redirectTo(req, res, req.ctx.routes.path('home'));
}

/** `POST /switch-user/exit`: back to one's own account. */
export async function switchExit(req: Request, res: Response): Promise<void> {
  const left = leaveSwitch(req);
  if (left) {
    await recordAudit(req.ctx.db, { event: 'switch_user', req, userId: left.realId, detail: { action: 'exit', target: left.targetId } });
    addFlash(req, 'info', 'access.flash.back');
  }
  redirectTo(req, res, req.ctx.routes.path('home'));
}

/** `GET /account/delegations`: the delegations one gave, and the accounts lent to oneself today. */
export async function delegationIndex(req: Request, res: Response): Promise<void> {
  const me = req.authUser!;
  await renderScreen(req, res, 'account-access/delegations', {
    title: req.t('access.delegation.title'), hideTitle: true, switched: switchedFrom(req) !== null,
    given: await listGiven(req.ctx.db, me.tenantId, me.id),
    received: switchedFrom(req) === null ? await listActiveReceived(req.ctx.db, me.tenantId, me.id) : [],
  });
}

async function renderDelegationForm(req: Request, res: Response, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const me = req.authUser!;
  const recipients = await listRecipients(req.ctx.db, me.tenantId, me.id);
  await renderScreen(req, res, 'account-access/_delegation_form', { title: req.t('access.delegation.new_title'), values, errors, recipients: recipients.map((u) => ({ value: u.id, label: nameOf(u) })) });
}

function refuseWhileSwitched(req: Request): void {
  // Someone using another account must not lend it further nor change its delegations.
  if (switchedFrom(req) !== null) throw new HttpError(403, 'access.errors.not_while_switched');
}

/** `GET /account/delegations/new` (modal). */
export async function delegationNew(req: Request, res: Response): Promise<void> {
  refuseWhileSwitched(req);
  await renderDelegationForm(req, res, {});
}

/** `POST /account/delegations/new`. */
export async function delegationCreate(req: Request, res: Response): Promise<void> {
  refuseWhileSwitched(req);
  const me = req.authUser!;
  const form = parseForm(delegationSchema, req.body, 'delegation');
  if (!form.ok) return renderDelegationForm(req, res, form.values, form.errors);
  if (form.data.recipientId === me.id) return renderDelegationForm(req, res, form.values, { recipientId: 'access.validation.recipient_self' });
  const recipient = await findCompanyUser(req.ctx.db, me.tenantId, form.data.recipientId);
  if (!recipient || !recipient.enabled) return renderDelegationForm(req, res, form.values, { recipientId: 'validation.choice' });
  await createDelegation(req.ctx.db, me.tenantId, me.id, recipient.id, form.data.startDate, form.data.endDate);
  addFlash(req, 'success', 'access.flash.delegation_created', { name: nameOf(recipient) });
  res.status(201).json({ message: req.t('access.flash.delegation_created', { name: nameOf(recipient) }) });
}

/** `POST /account/delegations/{id}/delete`: only the delegator removes their delegation. */
export async function delegationDelete(req: Request, res: Response): Promise<void> {
  refuseWhileSwitched(req);
  const me = req.authUser!;
  if (!(await deleteDelegation(req.ctx.db, me.tenantId, me.id, Number(req.routeParams.id)))) throw new HttpError(404, 'errors.not_found.title');
  res.status(200).json({ message: req.t('access.flash.delegation_deleted') });
}
