import type { Request, Response } from 'express';
import { countUpTo } from '../../../kernel/db/count-up-to';
import { rowsOf } from '../../../kernel/db/sql';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { csrfToken } from '../../../kernel/http/csrf';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { listHistory, type HistoryView } from '../../../kernel/history/history.service';
import { can } from '../../../kernel/rights/registry';
import { renderActions, workflowReply, WORKFLOW_MESSAGES } from '../../../kernel/workflow';
import { activityOptions, machineOptions } from '../core/lockout-options';
import { userOptions } from '../core/lockout-people';
import { validId } from '../../../kernel/http/record-outcome';
import { containsPattern } from '../../../kernel/db/like';
import { LOCKOUT_ADD, LOCKOUT_OFFICER, LOCKOUT_WORK_MANAGER } from '../core/lockout-rights';
import { slipWorkflow } from '../core/lockout-slip.workflow';
import { drivesSlip, isSlipOfficer, requireSlip, slipVisibleSql, type SlipRef } from '../core/slip-access';
import { SLIP_LIST_COLUMNS, SLIP_LIST_JOINS, type SlipListRow } from '../core/slip-queries';
import { SLIP_FORM, slipQuerySchema, slipSchema } from './slip.schema';
import { listChecks, listStaff, loadSlip, saveSlip, setArchived } from './slip.service';

/** `GET /consignment` (consignment_index): the slips the user may see, newest first; search, machine, state and archived filters. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const query = slipQuerySchema.parse(req.query);
  const page = pageRequest(req);
  const like = containsPattern(query.q);
  const where = `FROM lockout_slip s ${SLIP_LIST_JOINS} WHERE s.tenant_id = $1 AND s.archived = $2 AND ${slipVisibleSql(user, 3)}
     AND ($4::text IS NULL OR lower(s.number) LIKE $4 OR lower(s.subject) LIKE $4 OR lower(m.code) LIKE $4 OR lower(m.name) LIKE $4)
     AND ($5::int IS NULL OR s.machine_id = $5) AND ($6::text = '' OR s.state = $6)`;
  const params = [user.tenantId, query.archived === '1', user.id, like, query.machine, query.state];
  const [rows, total, machines] = await Promise.all([
    req.ctx.db.query(`SELECT ${SLIP_LIST_COLUMNS} ${where} ORDER BY s.id DESC LIMIT $7 OFFSET $8`, [...params, page.perPage, page.offset]),
    countUpTo(req.ctx.db, where, params),
    machineOptions(req.ctx.db, user.tenantId),
  ]);
  await renderScreen(req, res, 'lockout/slips/index', {
    title: req.t('lockout.slip.title'), hideTitle: true, slips: rowsOf<SlipListRow>(rows), query, machines, pager: buildPager(req, page, total),
    canAdd: can(user, LOCKOUT_ADD), section: 'slips', filtered: Boolean(query.q || query.machine || query.state),
  });
}

async function renderForm(req: Request, res: Response, slip: SlipRef | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const tenantId = tenantOf(req);
  const [machines, officers, managers, customers, activities] = await Promise.all([
    machineOptions(req.ctx.db, tenantId), userOptions(req.ctx.db, tenantId, LOCKOUT_OFFICER), userOptions(req.ctx.db, tenantId, LOCKOUT_WORK_MANAGER),
    userOptions(req.ctx.db, tenantId, null), activityOptions(req.ctx.db, tenantId),
  ]);
  const planId = Number(values.planId) || null;
  const [plan] = planId ? rowsOf<{ pdp_number: string; subject: string }>(await req.ctx.db.query('SELECT pdp_number, subject FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [planId, tenantId])) : [];
  await renderScreen(req, res, 'lockout/slips/_form', {
    title: req.t(slip ? 'lockout.slip.edit_title' : 'lockout.slip.new_title'), form: SLIP_FORM, values, errors, machines, officers, managers, customers, activities,
    planLabel: plan ? `${plan.pdp_number} – ${plan.subject}` : null, machineLocked: Boolean(slip && slip.state !== 'draft'),
    action: slip ? req.ctx.routes.path('consignment_edit', { id: slip.id }) : req.ctx.routes.path('consignment_add'),
  });
}

async function submit(req: Request, res: Response, slip: SlipRef | null): Promise<void> {
  const form = parseForm(slipSchema, req.body, SLIP_FORM);
  if (!form.ok) return renderForm(req, res, slip, form.values, form.errors);
  const result = await saveSlip(req.ctx.db, tenantOf(req), req.authUser!.id, slip, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, slip, form.values, result.errors);
  saved(req, res, slip ? 'lockout.slip.flash.updated' : 'lockout.slip.flash.created', {}, slip ? undefined : req.ctx.routes.path('consignment_show', { id: result.id }));
}

/**
 * `GET|POST /consignment/new` (consignment_add): a new slip. `?machine=`, `?plan=` prefill the
 * machine, the linked plan and its ordering customer (the plan's « Consignation » tab).
 */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  const user = req.authUser!;
  const planId = validId(Number(req.query.plan)) ? Number(req.query.plan) : null;
  const [plan] = planId ? rowsOf<{ id: number; ordering_customer_id: number | null }>(await req.ctx.db.query(
    'SELECT id, ordering_customer_id FROM prevention_plan WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [planId, user.tenantId])) : [];
  await renderForm(req, res, null, {
    machineId: validId(Number(req.query.machine)) ? Number(req.query.machine) : '', subject: '', officerId: can(user, LOCKOUT_OFFICER) ? user.id : '', workManagerId: '', startDate: '', endDate: '',
    planId: plan?.id ?? '', orderingCustomerId: plan?.ordering_customer_id ?? '', activityIds: [], version: 0,
  });
}

const french = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** `GET|POST /consignment/{id}/edit` (consignment_edit): who drives the slip edits it until it is deconsigned; optimistic lock. */
export async function edit(req: Request, res: Response): Promise<void> {
  const slip = await requireSlip(req, routeId(req));
  if (!drivesSlip(req.authUser!, slip) || slip.archived || slip.state === 'deconsigned') {
    res.status(403).json({ message: req.t('lockout.errors.forbidden') });
    return;
  }
  if (req.method === 'POST') return submit(req, res, slip);
  const r = (await loadSlip(req.ctx.db, slip.tenantId, slip.id))!;
  await renderForm(req, res, slip, {
    machineId: r.machineId, subject: r.subject, officerId: r.officerId ?? '', workManagerId: r.workManagerId ?? '', startDate: french(r.startDate), endDate: french(r.endDate),
    planId: r.planId ?? '', orderingCustomerId: r.orderingCustomerId ?? '', activityIds: r.activityIds.map(String), version: r.version,
  });
}

/** `GET /consignment/{id}` (consignment_show): the slip, its machine's isolation points to check, its staff with padlocks and signatures, the workflow buttons. */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const ref = await requireSlip(req, routeId(req));
  const [slip, staff, checks, subject, history] = await Promise.all([
    loadSlip(req.ctx.db, ref.tenantId, ref.id), listStaff(req.ctx.db, ref.tenantId, ref.id), listChecks(req.ctx.db, ref.tenantId, ref.id, ref.machineId),
    slipWorkflow.load(req.ctx.db, { id: ref.id, tenantId: ref.tenantId }), listHistory(req.ctx.db.manager, ref.tenantId, 'lockout_slip', ref.id),
  ]);
  const transitionUrl = (t: string) => req.ctx.routes.path('consignment_apply_transition', { id: ref.id, transition: t });
  const buttons = await renderActions({ workflow: slipWorkflow, subject: subject!, user, transitionUrl, t: req.t, csrfToken: csrfToken(req) });
  const drives = drivesSlip(user, ref) && !ref.archived;
  await renderScreen(req, res, 'lockout/slips/show', {
    title: slip!.number, hideTitle: true, slip, staff, checks, buttons, historyEntries: history.map(historyView),
    can: {
      edit: drives && ref.state !== 'deconsigned', staff: drives && ['draft', 'awaiting_consignment', 'consigned'].includes(ref.state),
      check: isSlipOfficer(user, ref) && !ref.archived && ['awaiting_consignment', 'end_works'].includes(ref.state),
      archive: drives && ['draft', 'deconsigned'].includes(ref.state), unarchive: drivesSlip(user, ref) && ref.archived,
      sign: drives, padlockOn: ref.state === 'consigned' && !ref.archived, padlockOff: ['consigned', 'end_works'].includes(ref.state) && !ref.archived,
    },
    userId: user.id,
  });
}

/** Translation key of a history row of a slip. */
function historyLabel(workflow: string | null, transition: string): string {
  if (workflow && Object.prototype.hasOwnProperty.call(slipWorkflow.definition.transitions, transition)) return slipWorkflow.describe(transition).label;
  return `lockout.history.${transition}`;
}

/** A history row with the slip's own labels for its action and states (rows outside the workflow included). */
function historyView(e: HistoryView): HistoryView {
  const state = (name: string | null) => (name ? `lockout.states.${name}` : null);
  return { ...e, actionLabel: historyLabel(e.workflow, e.transition), fromLabel: state(e.from), toLabel: state(e.to) };
}

/** `GET /consignment/{id}/history` (consignment_history): the slip's history (modal). */
export async function history(req: Request, res: Response): Promise<void> {
  const ref = await requireSlip(req, routeId(req));
  const entries = (await listHistory(req.ctx.db.manager, ref.tenantId, 'lockout_slip', ref.id)).map(historyView);
  await renderScreen(req, res, 'lockout/slips/history', { title: req.t('lockout.slip.history_title', { number: ref.number }), entries });
}

/**
 * `POST /consignment/{id}/apply/{transition}` (consignment_apply_transition): await, consign, end,
 * deconsign. JSON reply of the engine; a precondition refused answers 409 with its French reason.
 */
export async function applyTransition(req: Request, res: Response): Promise<void> {
  const ref = await requireSlip(req, routeId(req));
  const name = String(req.routeParams.transition ?? '');
  const user = req.authUser!;
  const transitionUrl = (t: string) => req.ctx.routes.path('consignment_apply_transition', { id: ref.id, transition: t });
  if (!Object.prototype.hasOwnProperty.call(slipWorkflow.definition.transitions, name)) {
    res.status(404).json({ result: false, message: req.t(WORKFLOW_MESSAGES.unknownTransition) });
    return;
  }
  const comment = typeof req.body?.comment === 'string' ? req.body.comment.slice(0, 5000) : '';
  const subjectRef = { id: ref.id, tenantId: ref.tenantId };
  const outcome = await slipWorkflow.apply(req.ctx.db, subjectRef, name, { user, comment: comment || null });
  const subject = await slipWorkflow.load(req.ctx.db, subjectRef);
  const fresh = outcome.result && subject ? { ...outcome, subject } : outcome;
  await workflowReply(res, { workflow: slipWorkflow, outcome: fresh, subject, user, t: req.t, csrfToken: csrfToken(req), transitionUrl, transition: name });
}

async function archiveTo(req: Request, res: Response, archived: boolean): Promise<void> {
  const ref = await requireSlip(req, routeId(req));
  const allowed = drivesSlip(req.authUser!, ref) && ref.archived !== archived && (!archived || ['draft', 'deconsigned'].includes(ref.state));
  if (!allowed) {
    res.status(403).json({ message: req.t('lockout.errors.forbidden') });
    return;
  }
  const posted = Number(req.body?.version ?? ref.version);
  // A version that is not a number is as stale as an old one.
  const version = validId(posted) ? posted : -1;
  if (!await setArchived(req.ctx.db, ref.tenantId, req.authUser!.id, ref, archived, version)) return stale(req, res);
  saved(req, res, archived ? 'lockout.slip.flash.archived' : 'lockout.slip.flash.unarchived', { number: ref.number });
}

/** `POST /consignment/{id}/archive` (consignment_archive): a draft or a deconsigned slip leaves the list (`version` posted: 409 when stale). */
export const archive = (req: Request, res: Response): Promise<void> => archiveTo(req, res, true);
/** `POST /consignment/{id}/unarchive` (consignment_unarchive). */
export const unarchive = (req: Request, res: Response): Promise<void> => archiveTo(req, res, false);
