import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { listHistory } from '../../kernel/history/history.service';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { orNotFound, saved, stale, tenantOf } from '../../kernel/http/respond';
import { loadScope } from '../action-plan/action-scope';
import { resolvePlan, type PlanRef } from '../prevention-plan';
import { loadQuestionnaire, loadResponses } from '../questionnaire/questionnaire.service';
import { zoneMapPanel } from '../zone-map/zone-map.panel';
import { mayAddPermit, resolvePermit, type PermitRef } from './permit.access';
import { PERMIT_FORM, permitFilterSchema, permitSchema } from './permit.schema';
import { PERMIT_HISTORY_SUBJECT, checkPermit, createPermit, findPermit, formValues, isLate, listFirePermits, listPlanPermits, permitChoices, remainingSteps, updatePermit, type PermitRecord } from './permit.service';
import { stepChecklist, stepSubject } from './permit-steps.service';
import { PERMIT_STATES } from './permit.entity';
import { permitType, type PermitTypeDef } from './permit-types';
import { permitChecks } from './permit-checks';

/** Where a user sees a permit. */
export const permitShowUrl = (req: Request, type: PermitTypeDef, id: number) => req.ctx.routes.path(type.routes.show, { id });

async function renderForm(req: Request, res: Response, type: PermitTypeDef, plan: PlanRef | null, action: string, values: Record<string, unknown>, errors: Record<string, FieldError>, title: string): Promise<void> {
  const choices = await permitChoices(req.ctx.db, tenantOf(req), plan, { sectorId: values.sectorId ? Number(values.sectorId) : null });
  await renderScreen(req, res, 'permit/_form', { title, type, plan, action, values, errors, choices });
}

/**
 * `GET|POST /<slug>/add/{id}` (`<prefix>_add`): a permit of the type on plan `{id}`; `0` (or no
 * id) = outside plans, only for the types that allow it (the fire permit). Rights: permit.access.ts.
 */
export const addPermit = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const planId = Number(req.routeParams.id ?? 0);
  const plan = planId > 0 ? (await resolvePlan(req, planId, 'view')).plan : null;
  if (!plan && !type.outsidePlans) throw new HttpError(404, 'errors.not_found.title');
  if (!(await mayAddPermit(req, type, plan))) throw new HttpError(403, 'errors.forbidden.message');
  const action = req.ctx.routes.path(type.routes.add, { id: plan?.id ?? 0 });
  const title = plan ? req.t('permit.add_title_plan', { type: req.t(`permit.types.${type.key}`), plan: plan.pdpNumber }) : req.t('permit.add_title', { type: req.t(`permit.types.${type.key}`) });
  if (req.method !== 'POST') {
    // Opened from a work order (`?work_order=`): that work order, and its sector, prefilled.
    const choices = plan ? await permitChoices(req.ctx.db, tenantOf(req), plan) : null;
    const workOrder = choices?.workOrders.find((w) => String(w.id) === String(req.query.work_order ?? ''));
    return renderForm(req, res, type, plan, action, { sectorId: workOrder?.sectorId ?? '', workOrderId: workOrder?.id ?? '', managerId: String(req.authUser!.id) }, {}, title);
  }
  const form = parseForm(permitSchema, req.body, PERMIT_FORM);
  if (!form.ok) return renderForm(req, res, type, plan, action, form.values, form.errors, title);
  const checked = await checkPermit(req.ctx.db, tenantOf(req), plan, form.data);
  if (!checked.ok) return renderForm(req, res, type, plan, action, form.values, checked.errors, title);
  const created = await createPermit(req.ctx.db, { tenantId: tenantOf(req), userId: req.authUser!.id, type, planId: plan?.id ?? null, input: form.data, startAt: checked.startAt, endAt: checked.endAt, sectorId: checked.sectorId });
  saved(req, res, 'permit.flash.created', { number: created.number }, permitShowUrl(req, type, created.id));
};

/** `GET|POST /<slug>/{id}/edit` (`<prefix>_edit`): the fields of a permit not closed (ability `edit`). */
export const editPermit = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { permit, plan } = await resolvePermit(req, req.routeParams.id, type, 'edit');
  const record = orNotFound(await findPermit(req.ctx.db, permit.tenantId, permit.id));
  const action = req.ctx.routes.path(type.routes.edit, { id: permit.id });
  const title = req.t('permit.edit_title', { number: permit.number });
  if (req.method !== 'POST') return renderForm(req, res, type, plan, action, formValues(record), {}, title);
  const form = parseForm(permitSchema, req.body, PERMIT_FORM);
  if (!form.ok) return renderForm(req, res, type, plan, action, form.values, form.errors, title);
  const checked = await checkPermit(req.ctx.db, permit.tenantId, plan, form.data, record.sectorId);
  if (!checked.ok) return renderForm(req, res, type, plan, action, form.values, checked.errors, title);
  const ok = await updatePermit(req.ctx.db, { tenantId: permit.tenantId, userId: req.authUser!.id, id: permit.id, input: form.data, startAt: checked.startAt, endAt: checked.endAt, sectorId: checked.sectorId });
  if (!ok) return stale(req, res);
  saved(req, res, 'permit.flash.updated', { number: permit.number }, permitShowUrl(req, type, permit.id));
};

/** The checklists of the done steps (tree and answers) for the page and the PDF. */
export async function doneChecklists(req: Request, record: PermitRecord) {
  const out: Record<string, { tree: Awaited<ReturnType<typeof stepChecklist>>; values: Record<string, unknown> }> = {};
  const type = permitType(record.type)!;
  const tree = await stepChecklist(req.ctx.db, record.tenantId, type);
  for (const s of record.steps) {
    // The survey used at the time (the company may since have renamed or added surveys).
    const used = s.questionnaireId == null ? null : s.questionnaireId === tree?.id ? tree : await loadQuestionnaire(req.ctx.db, record.tenantId, s.questionnaireId);
    out[s.step] = { tree: used, values: await loadResponses(req.ctx.db, record.tenantId, stepSubject(s.step), record.id) };
  }
  return out;
}

/** `GET /<slug>/{id}` (`<prefix>_show`): the permit, its people, steps with checklists and signatures, its zone map. */
export const showPermit = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { permit, abilities } = await resolvePermit(req, req.routeParams.id, type, 'view');
  const record = orNotFound(await findPermit(req.ctx.db, permit.tenantId, permit.id));
  const next = remainingSteps(type, record.steps.map((s) => s.step))[0] ?? null;
  const checklists = await doneChecklists(req, record);
  const map = await zoneMapPanel(req, { ownerType: 'permit', kind: type.key, ownerId: permit.id, sectorId: record.sectorId, canEdit: abilities.edit });
  const machine = record.machineId == null ? null : (await permitChecks.machineChoices(req.ctx.db, permit.tenantId))?.find((m) => m.id === record.machineId) ?? null;
  await renderScreen(req, res, 'permit/show', {
    title: `${req.t(`permit.types.${type.key}`)} ${record.number}`, hideTitle: true, type, permit: record, abilities, next, checklists, map, machine,
    blockers: await validationRefusals(req, permit, next),
    late: isLate(record), signatureRoutes: req.ctx.routes.has(type.routes.signatureAdd),
    history: await listHistory(req.ctx.db.manager, permit.tenantId, PERMIT_HISTORY_SUBJECT, permit.id),
  });
};

/**
 * Why the permit may not be validated now: the rules contributed before validation
 * (`permitChecks`, the machine locked out ...), asked only while the before-work step — the
 * validation of the permit — is the next one; empty otherwise.
 */
export async function validationRefusals(req: Request, permit: Pick<PermitRef, 'tenantId' | 'machineId'>, next: string | null) {
  return next === 'before' ? permitChecks.refusals(req.ctx.db, { tenantId: permit.tenantId, machineId: permit.machineId }) : [];
}

/** `GET /prevention-plan/{id}/<slug>` (`<prefix>_by_plan`): the permits of the type on the plan. */
export const planPermits = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'view');
  const rows = await listPlanPermits(req.ctx.db, plan.tenantId, plan.id, [type.key]);
  await renderScreen(req, res, 'permit/by_plan', {
    title: req.t('permit.by_plan_title', { type: req.t(`permit.types_plural.${type.key}`), plan: plan.pdpNumber }), type, plan, rows, canAdd: await mayAddPermit(req, type, plan),
  });
};

/** `GET /fire-permit/` (fire_permit_index, menu): the fire permits the user may see, filtered (state, late, text), paged. */
export async function firePermitIndex(req: Request, res: Response): Promise<void> {
  const type = permitType('fire')!;
  const filter = permitFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await listFirePermits(req.ctx.db, { user: req.authUser!, scope: await loadScope(req.ctx.db, req.authUser!) }, filter, page);
  await renderScreen(req, res, 'permit/index', {
    title: req.t('permit.index_title'), hideTitle: true, type, rows, filter, states: PERMIT_STATES, pager: buildPager(req, page, total),
    canAddOutside: await mayAddPermit(req, type, null),
  });
}
