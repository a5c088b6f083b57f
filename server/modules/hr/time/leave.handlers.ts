import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { HttpError } from '../../../kernel/http/errors';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { employeeOfUser, employeeOptions } from '../employee-access';
import { LEAVE_STATES, LEAVE_TYPES } from '../paid-leave-request.entity';
import { LEAVE_FORM, leaveFilterSchema, leaveSchema, refuseSchema, type LeaveInput } from './leave.schema';
import { createLeave, decideLeave, findLeave, leaveBalance, listLeave, withBalanceAfter, type LeaveRow } from './leave.service';
import { decisionRefusal, type LeaveDecision } from './leave.policy';
import { validatorsNotice } from './leave-validators';

const isManager = (req: Request) => can(req.authUser, 'hr.leave_manage');

/** `GET /rh/paid-leave-requests`: the user's requests and balance; every visible request, filtered, for a manager. */
export async function leaveIndex(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const today = todayIso();
  const own = await employeeOfUser(req.ctx.db, user.tenantId, user.id);
  const balance = own ? await leaveBalance(req.ctx.db, user.tenantId, own.id, today) : null;
  const manager = isManager(req);
  const f = leaveFilterSchema.parse(req.query);
  const filters = manager ? { state: f.state, type: f.type, employeeId: f.employee ?? undefined } : { state: '', type: '' };
  const page = pageRequest(req);
  const { rows, total } = manager || own
    ? await listLeave(req.ctx.db, user, manager ? filters : { ownEmployeeId: own!.id }, page)
    : { rows: [], total: 0 };
  await withBalanceAfter(req.ctx.db, user.tenantId, rows);
  const employees = manager ? await employeeOptions(req.ctx.db, user, { includeGone: true }) : [];
  await renderScreen(req, res, 'hr/time/leave_index', {
    title: req.t('hr-time.leave.title'), hideTitle: true, own, balance, manager, rows, filters, employees,
    validators: own ? await validatorsNotice(req, own) : null,
    pager: buildPager(req, page, total), states: LEAVE_STATES, types: LEAVE_TYPES, canCancel: (r: LeaveRow) => canCancel(req, r),
    ownNotice: (r: LeaveRow) => (r.state === 'requested' ? decisionRefusal(user, r, 'approve') : null),
  });
}

/** A request may be cancelled by its employee (or whoever asked it) while it is still asked. */
function canCancel(req: Request, r: LeaveRow): boolean {
  const uid = req.authUser!.id;
  return r.state === 'requested' && (r.employeeUserId === uid || r.requestedById === uid);
}

async function renderLeaveForm(req: Request, res: Response, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const user = req.authUser!;
  const manager = isManager(req);
  const own = await employeeOfUser(req.ctx.db, user.tenantId, user.id);
  const employees = manager ? await employeeOptions(req.ctx.db, user, { today: todayIso() }) : [];
  const balance = own ? await leaveBalance(req.ctx.db, user.tenantId, own.id, todayIso()) : null;
  const validators = own ? await validatorsNotice(req, own) : null;
  await renderScreen(req, res, 'hr/time/_leave_form', { title: req.t('hr-time.leave.new_title'), values, errors, manager, own, balance, validators, employees, types: LEAVE_TYPES });
}

/** `GET|POST /rh/paid-leave-requests/new`: asks for leave for oneself (a manager may pick the employee). */
export async function leaveAdd(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  if (req.method !== 'POST') return renderLeaveForm(req, res, { type: 'paid_leave' });
  const form = parseForm(leaveSchema, req.body, LEAVE_FORM);
  if (!form.ok) return renderLeaveForm(req, res, form.values, form.errors);
  const own = await employeeOfUser(req.ctx.db, user.tenantId, user.id);
  let employeeId = own?.id ?? null;
  if (isManager(req) && form.data.employee) {
    const options = await employeeOptions(req.ctx.db, user, { today: todayIso() });
    if (!options.some((o) => o.id === form.data.employee)) return renderLeaveForm(req, res, form.values, { employee: 'validation.choice' });
    employeeId = form.data.employee;
  }
  if (!employeeId) return renderLeaveForm(req, res, form.values, { employee: isManager(req) ? 'validation.selection' : 'hr-time.leave.no_employee' });
  const result = await createLeave(req.ctx.db, user.tenantId, employeeId, user.id, form.data as LeaveInput);
  if (!result.ok) return renderLeaveForm(req, res, form.values, result.errors);
  saved(req, res, 'hr-time.leave.flash.created');
}

async function leaveOr404(req: Request): Promise<LeaveRow> {
  return orNotFound(await findLeave(req.ctx.db, req.authUser!, routeId(req)));
}

/** The request of the route, when the user may take `decision` on it (403 with the reason otherwise: one's own request). */
async function decidable(req: Request, decision: LeaveDecision): Promise<LeaveRow> {
  const leave = await leaveOr404(req);
  const refusal = decisionRefusal(req.authUser!, leave, decision);
  if (refusal) throw new HttpError(403, refusal);
  return leave;
}

function alreadyDecided(req: Request, res: Response): void {
  res.status(409).json({ message: req.t('hr-time.leave.already_decided') });
}

/** `POST /rh/paid-leave-requests/{id}/validate` (rh_paid_leave_request_validate): a manager approves an asked request of someone else. */
export async function leaveValidate(req: Request, res: Response): Promise<void> {
  const leave = await decidable(req, 'approve');
  if (!(await decideLeave(req.ctx.db, tenantOf(req), leave.id, 'requested', 'approved', req.authUser!.id))) return alreadyDecided(req, res);
  saved(req, res, 'hr-time.leave.flash.approved', { name: leave.employeeName });
}

/** `GET|POST /rh/paid-leave-requests/{id}/refuse`: a manager refuses an asked request of someone else with a comment (modal). */
export async function leaveRefuse(req: Request, res: Response): Promise<void> {
  const leave = await decidable(req, 'refuse');
  const render = (values: Record<string, unknown>, errors: Record<string, FieldError> = {}) =>
    renderScreen(req, res, 'hr/time/_refuse_form', { title: req.t('hr-time.leave.refuse_title'), leave, values, errors });
  if (req.method !== 'POST') return render({});
  const form = parseForm(refuseSchema, req.body, 'paid_leave_refusal');
  if (!form.ok) return render(form.values, form.errors);
  if (!(await decideLeave(req.ctx.db, tenantOf(req), leave.id, 'requested', 'refused', req.authUser!.id, form.data.comment))) return alreadyDecided(req, res);
  saved(req, res, 'hr-time.leave.flash.refused', { name: leave.employeeName });
}

/** `POST /rh/paid-leave-requests/{id}/cancel`: the employee withdraws their request while it is still asked. */
export async function leaveCancel(req: Request, res: Response): Promise<void> {
  // The visibility rule includes the user's own employee record, so a plain user finds their requests.
  const leave = await leaveOr404(req);
  if (!canCancel(req, leave)) {
    if (leave.state !== 'requested') return alreadyDecided(req, res);
    throw new HttpError(403, 'errors.forbidden.message');
  }
  if (!(await decideLeave(req.ctx.db, tenantOf(req), leave.id, 'requested', 'cancelled', req.authUser!.id))) return alreadyDecided(req, res);
  saved(req, res, 'hr-time.leave.flash.cancelled');
}
