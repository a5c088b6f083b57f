import type { Request, Response } from 'express';
import { loadConfig } from '../../kernel/config';
import { todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { csrfToken } from '../../kernel/http/csrf';
import { HttpError } from '../../kernel/http/errors';
import { parseForm } from '../../kernel/http/forms';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../kernel/http/pagination';
import { renderForm, renderScreen, renderView } from '../../kernel/http/render';
import { saved, stale } from '../../kernel/http/respond';
import { listHistory } from '../../kernel/history/history.service';
import { createStorage, sendStoredFile, StoredFile } from '../../kernel/storage';
import { keepUploads, uploadFiles } from '../../kernel/uploads';
import { renderActions } from '../../kernel/workflow';
import { toIsoDate } from '../action-plan/action-plan.schema';
import { loadPlanRef, resolvePlan, type PlanRef } from '../prevention-plan';
import { ATEX_ZONES, WORK_ORDER_STATES } from './work-order.entity';
import { mayAddOnPlan, resolveWorkOrder } from './work-order.access';
import { countByState, listWorkOrders, plansOpenForAdding, readFilters } from './work-order-list.service';
import { requiredErrors, WORK_ORDER_FORM, workOrderSchema, type WorkOrderInput } from './work-order.schema';
import { createWorkOrder, formChoices, frenchIso, planOpenForWorkOrders, ruleErrors, updateWorkOrder, WORK_ORDER_SUBJECT, type WorkOrderRecord } from './work-order.service';
import { listSignatures, openSlots, slotKey } from './work-order-signatures';
import { workOrderWorkflow } from './work-order.workflow';
import { workOrderExtras } from './work-order-extras';
import { workOrderChecks } from './work-order-checks';

const storage = createStorage(loadConfig());
/** The field of the scanned signed work order. */
export const SIGNED_FILE_FIELD = `${WORK_ORDER_FORM}[signedFile]`;
/** Body parser of the add and edit forms: at most one scan (PDF or image), 20 MB. */
export const signedFileUpload = uploadFiles({ storage, field: SIGNED_FILE_FIELD, maxFiles: 1, maxBytes: 20 * 1024 * 1024, allowed: ['pdf', 'jpg', 'jpeg', 'png'] });

/** `GET /work-order/` (work_order_index): the work order widget (date state, today by default), the indicator, the links. */
export async function index(req: Request, res: Response): Promise<void> {
  const typed = typeof req.query.date === 'string' ? req.query.date.trim() : '';
  const iso = (typed && toIsoDate(typed)) || todayIso();
  await renderScreen(req, res, 'work-order/index', {
    title: req.t('work-order.title'), hideTitle: true, date: frenchIso(iso), dateError: Boolean(typed && !toIsoDate(typed)),
    counts: await countByState(req.ctx.db, req.authUser!), states: WORK_ORDER_STATES, canAdd: await mayAddAnywhere(req),
  });
}

/** `GET /work-order/list` (work_order_list): every work order the user sees (those of the plans he sees), filtered, paged. */
export async function list(req: Request, res: Response): Promise<void> {
  const filters = readFilters(req.query as Record<string, unknown>);
  const page = pageRequest(req);
  const { rows, total } = await listWorkOrders(req.ctx.db, req.authUser!, filters, page);
  await renderScreen(req, res, 'work-order/list', {
    title: req.t('work-order.list_title'), hideTitle: true, rows, filters, states: WORK_ORDER_STATES, pager: buildPager(req, page, total),
    perPageChoices: PER_PAGE_CHOICES, hasFilters: Boolean(filters.q || filters.state || filters.on || filters.plan), canAdd: await mayAddAnywhere(req),
  });
}

/** HTML of a plan's work orders (the plan tab and `work_order_by_plan`). */
export async function planWorkOrdersHtml(req: Request, plan: PlanRef): Promise<string> {
  const { rows } = await listWorkOrders(req.ctx.db, req.authUser!, { plan: plan.id }, { perPage: 200, offset: 0 });
  const canAdd = (await mayAddOnPlan(req, plan)) && (await planOpenForWorkOrders(req.ctx.db, plan));
  return renderView(req.res!, 'work-order/_plan_tab', { plan, rows, canAdd });
}

/** `GET /prevention-plan/{id}/work-orders` (work_order_by_plan): the work orders of one plan. */
export async function byPlan(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'view');
  await renderScreen(req, res, 'work-order/by_plan', { title: req.t('work-order.by_plan_title', { number: plan.pdpNumber }), plan, body: await planWorkOrdersHtml(req, plan) });
}

/** Plans the user may add work orders to now: the add form's plan choice. */
const candidatePlans = (req: Request) => plansOpenForAdding(req.ctx.db, req.authUser!);

/** May the user add a work order on some plan (the "add" buttons of the index and list)? */
async function mayAddAnywhere(req: Request): Promise<boolean> {
  return (await candidatePlans(req)).length > 0;
}

interface FormState { values: Record<string, unknown>; errors: Record<string, unknown> }

/** Renders the add / edit modal. `plan` null: the plan is chosen in the form. */
async function renderWorkOrderForm(req: Request, res: Response, o: { plan: PlanRef | null; wo: WorkOrderRecord | null; action: string } & FormState): Promise<void> {
  const plans = o.plan ? [] : await candidatePlans(req);
  const tenantId = req.authUser!.tenantId;
  const { sectors } = await formChoices(req.ctx.db, tenantId, null);
  const companies = o.plan
    ? (await formChoices(req.ctx.db, tenantId, o.plan.id)).companies
    : rowsOf<{ id: number; label: string }>(await req.ctx.db.query(
      `SELECT pc.id, p.pdp_number || ' – ' || pc.name AS label FROM plan_company pc JOIN prevention_plan p ON p.id = pc.plan_id
        WHERE pc.tenant_id = $1 AND pc.plan_id = ANY($2::int[]) AND pc.kind IN ('EE', 'ST') ORDER BY p.pdp_number, pc.name`, [tenantId, plans.map((p) => p.id)]));
  // null when no module offers machines: the field is not drawn.
  const machines = await workOrderChecks.machineChoices(req.ctx.db, tenantId);
  await renderForm(req, res, 'work-order/_form', {
    title: o.wo ? req.t('work-order.edit_title', { number: o.wo.number }) : req.t('work-order.add_title'),
    action: o.action, plan: o.plan, wo: o.wo, plans, companies, sectors, machines, atexZones: ATEX_ZONES, values: o.values, errors: o.errors,
  });
}

/** The form's values from a record (dates DD/MM/YYYY). */
function valuesOf(wo: WorkOrderRecord): Record<string, unknown> {
  return {
    planCompanyId: wo.planCompanyId ?? '', sectorId: wo.sectorId ?? '', machineId: wo.machineId ?? '', startDate: frenchIso(wo.startDate), endDate: frenchIso(wo.endDate),
    day: frenchIso(wo.day), hours: wo.hours ?? '', orderNumber: wo.orderNumber ?? '', participants: wo.participants ?? '', atexZone: wo.atexZone,
    nature: wo.nature ?? '', comments: wo.comments ?? '', version: wo.version,
  };
}

/** Parses and checks the posted form against the plan; errors keep what was typed. */
async function readForm(req: Request, plan: PlanRef | null): Promise<{ ok: true; data: WorkOrderInput; plan: PlanRef } | { ok: false; state: FormState }> {
  const form = parseForm(workOrderSchema, req.body, WORK_ORDER_FORM);
  if (!form.ok) return { ok: false, state: { values: form.values, errors: form.errors } };
  const errors: Record<string, unknown> = { ...requiredErrors(form.data) };
  if (req.uploadErrors?.length) errors.signedFile = { key: req.uploadErrors[0].key, params: req.uploadErrors[0].params };
  let target = plan;
  if (!target) {
    const chosen = form.data.planId != null && (await candidatePlans(req)).some((p) => p.id === form.data.planId);
    target = chosen ? await loadPlanRef(req.ctx.db, req.authUser!.tenantId, form.data.planId!) : null;
    if (!target) errors.planId = form.data.planId == null ? 'validation.required' : 'validation.choice';
  }
  // A missing field says so rather than a rule over its neighbours.
  if (target) for (const [k, v] of Object.entries(await ruleErrors(req.ctx.db, target, form.data))) errors[k] ??= v;
  if (Object.keys(errors).length || !target) return { ok: false, state: { values: form.values, errors } };
  return { ok: true, data: form.data, plan: target };
}

/** The kept scan of the signed work order, or null. */
async function keptFile(req: Request): Promise<number | null> {
  if (!req.uploads?.length) return null;
  const [file] = await keepUploads(req, storage, req.uploads);
  return file.id;
}

/**
 * `GET|POST /work-order/add/{id}` (work_order_add): the add modal, on the plan `id` or (no id)
 * with the plan chosen in the form. The id accepts any text without a slash (spec): what is not
 * a plan of the company answers 404. 201 when created, 200 with the errors.
 */
export async function add(req: Request, res: Response): Promise<void> {
  const raw = String(req.routeParams.id ?? '');
  let plan: PlanRef | null = null;
  if (raw) {
    if (!/^\d{1,9}$/.test(raw)) throw new HttpError(404, 'errors.not_found.title');
    plan = (await resolvePlan(req, raw, 'view')).plan;
    if (!(await mayAddOnPlan(req, plan))) throw new HttpError(403, 'errors.forbidden.message');
    if (!(await planOpenForWorkOrders(req.ctx.db, plan))) throw new HttpError(403, 'work-order.errors.plan_closed');
  } else if (!(await mayAddAnywhere(req))) throw new HttpError(403, 'work-order.errors.no_plan');
  const action = req.ctx.routes.path('work_order_add', plan ? { id: plan.id } : {});
  if (req.method !== 'POST') return renderWorkOrderForm(req, res, { plan, wo: null, action, values: { atexZone: 'none' }, errors: {} });
  const read = await readForm(req, plan);
  if (!read.ok) return renderWorkOrderForm(req, res, { plan, wo: null, action, ...read.state });
  const created = await createWorkOrder(req.ctx.db, read.plan, req.authUser!.id, read.data, await keptFile(req));
  saved(req, res, 'work-order.flash.created', { number: created.number }, req.ctx.routes.path('work_order_show', { id: created.id }));
}

/** `GET|POST /work-order/{id}/edit` (work_order_edit): the edit modal of a draft; 409 when someone saved in between. */
export async function edit(req: Request, res: Response): Promise<void> {
  const { wo, plan } = await resolveWorkOrder(req, req.routeParams.id, 'edit');
  const action = req.ctx.routes.path('work_order_edit', { id: wo.id });
  if (req.method !== 'POST') return renderWorkOrderForm(req, res, { plan, wo, action, values: valuesOf(wo), errors: {} });
  const read = await readForm(req, plan);
  if (!read.ok) return renderWorkOrderForm(req, res, { plan, wo, action, ...read.state });
  if (!(await updateWorkOrder(req.ctx.db, wo, req.authUser!.id, read.data, await keptFile(req)))) return stale(req, res);
  saved(req, res, 'work-order.flash.updated', { number: wo.number }, req.ctx.routes.path('work_order_show', { id: wo.id }));
}

/** `GET /work-order/{id}` (work_order_show): the work order, its buttons, signatures, zones, checklists. */
export async function show(req: Request, res: Response): Promise<void> {
  const { wo, plan, abilities } = await resolveWorkOrder(req, req.routeParams.id);
  const subject = (await workOrderWorkflow.load(req.ctx.db, { id: wo.id, tenantId: wo.tenantId }))!;
  const buttons = await renderActions({
    workflow: workOrderWorkflow, subject, user: req.authUser!, t: req.t, csrfToken: csrfToken(req),
    transitionUrl: (t) => req.ctx.routes.path('work_order_apply_transition', { id: wo.id, transition: t }),
  });
  const signatures = await listSignatures(req.ctx.db, wo.tenantId, wo.id);
  const slots = openSlots(wo, abilities, signatures).map((s) => ({ ...s, key: slotKey(s) }));
  const machine = wo.machineId == null ? null : (await workOrderChecks.machineChoices(req.ctx.db, wo.tenantId))?.find((m) => m.id === wo.machineId) ?? null;
  await renderScreen(req, res, 'work-order/show', {
    title: `${req.t('work-order.one')} ${wo.number}`, hideTitle: true, wo, plan, abilities, buttons, signatures, slots, machine,
    extras: await workOrderExtras(req, wo, abilities),
  });
}

/** `GET /work-order/{id}/history` (work_order_history): the kernel history of the work order (modal). */
export async function history(req: Request, res: Response): Promise<void> {
  const { wo } = await resolveWorkOrder(req, req.routeParams.id);
  const rows = await listHistory(req.ctx.db.manager, wo.tenantId, WORK_ORDER_SUBJECT, wo.id);
  const known = (t: string) => Object.prototype.hasOwnProperty.call(workOrderWorkflow.definition.transitions, t);
  const entries = rows.map((e) => ({
    ...e,
    actionLabel: known(e.transition) ? workOrderWorkflow.describe(e.transition).label : `work-order.history.${e.transition}`,
    fromLabel: e.from ? workOrderWorkflow.placeLabel(e.from) : null,
    toLabel: e.to ? workOrderWorkflow.placeLabel(e.to) : null,
    signerName: typeof e.signature?.name === 'string' ? e.signature.name : null,
    signatureImage: typeof e.signature?.image === 'string' ? e.signature.image : null,
  }));
  await renderScreen(req, res, 'signing/history', { title: req.t('work-order.history_title', { number: wo.number }), entries });
}

/** `GET /work-order/{id}/signed-file` (work_order_signed_file): the scan of the signed work order. */
export async function signedFile(req: Request, res: Response): Promise<void> {
  const { wo } = await resolveWorkOrder(req, req.routeParams.id);
  const file = wo.signedFileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: wo.signedFileId, tenantId: wo.tenantId }) : null;
  if (!file) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, file);
}
