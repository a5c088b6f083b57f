import type { Request, Response } from 'express';
import { isDraftSubmit, parseForm } from '../../../kernel/http/forms';
import { HttpError } from '../../../kernel/http/errors';
import { isFragmentRequest, renderScreen, renderView } from '../../../kernel/http/render';
import { ensureWorkTypeDefaults } from '../../prevention-admin/work-type.service';
import { resolvePlan } from '../core/plan-access';
import { planFormChoices } from './plan-form.service';
import { dateOrderErrors, planSchema, requiredFieldErrors } from '../core/prevention-plan.schema';
import { findPlan, formValues, referenceErrors, savePlan, type PlanRecord } from '../core/prevention-plan.service';
import { WORK_SITE_TYPES } from '../core/prevention-plan.entity';
import { saved, stale } from '../../../kernel/http/respond';

/** The plan page's tab the form was opened from (`?tab=` then the hidden `_tab`), to go back to it. */
function returnTab(req: Request): string {
  const raw = req.method === 'POST' ? req.body?._tab : req.query.tab;
  return typeof raw === 'string' && /^[a-z][a-z0-9_-]{0,39}$/.test(raw) ? raw : '';
}

/** The plan page, on the tab the form was opened from. */
function planPage(req: Request, id: number): string {
  const tab = returnTab(req);
  return req.ctx.routes.path('pdp_show', { id }) + (tab ? `?tab=${encodeURIComponent(tab)}` : '');
}

interface FormState {
  plan: PlanRecord | null;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

async function renderPlanForm(req: Request, res: Response, s: FormState): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  const ids = (v: unknown) => ([] as unknown[]).concat(v ?? []).map(Number).filter(Number.isSafeInteger);
  // A company that never opened its work types gets the default list (arrêté of 19 March 1993) now.
  await ensureWorkTypeDefaults(req.ctx.db, tenantId);
  const choices = await planFormChoices(req.ctx.db, tenantId, { workTypeIds: ids(s.values.workTypeIds), rescueWorkerIds: s.plan?.rescueWorkerIds ?? [] });
  const held = s.plan;
  const locals = {
    title: held ? req.t('prevention-plan.edit_title', { number: held.pdpNumber }) : req.t('prevention-plan.new_title'),
    plan: held, values: s.values, errors: s.errors, choices, workSiteTypes: WORK_SITE_TYPES,
    action: held ? req.ctx.routes.path('pdp_edit', { id: held.id }) : req.ctx.routes.path('pdp_add'),
    cancelUrl: held ? planPage(req, held.id) : req.ctx.routes.path('pdp_index'),
    returnTab: held ? returnTab(req) : '',
    canDraft: !held || held.status === 'draft',
  };
  // A POST re-renders only the form: the client swaps it in place.
  if (req.method === 'POST' && isFragmentRequest(req)) {
    res.status(200).type('html').send(await renderView(res, 'prevention-plan/plan/_form', locals));
    return;
  }
  await renderScreen(req, res, 'prevention-plan/plan/form', { ...locals, hideTitle: true });
}

async function submitPlanForm(req: Request, res: Response, plan: PlanRecord | null): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  const draft = isDraftSubmit(req.body) && (!plan || plan.status === 'draft');
  // Types and lengths only (every field is optional in the schema); required fields come after.
  const form = parseForm(planSchema, req.body, 'pdp');
  const choices = await planFormChoices(req.ctx.db, tenantId);
  if (!form.ok) {
    // Every message at once: the required fields are checked on what was typed correctly.
    const typed = Object.fromEntries(Object.entries(form.values).filter(([k]) => !(k in form.errors)));
    const lenient = planSchema.safeParse(typed);
    const missing = !lenient.success ? {} : draft ? dateOrderErrors(lenient.data) : requiredFieldErrors(lenient.data, { externalAllowed: choices.externalAllowed });
    return renderPlanForm(req, res, { plan, values: form.values, errors: { ...missing, ...form.errors } });
  }
  const errors = {
    ...(draft ? dateOrderErrors(form.data) : requiredFieldErrors(form.data, { externalAllowed: choices.externalAllowed })),
    ...(await referenceErrors(req.ctx.db, tenantId, form.data, { rescueWorkerIds: plan?.rescueWorkerIds })),
  };
  if (Object.keys(errors).length) return renderPlanForm(req, res, { plan, values: form.values, errors });
  const result = await savePlan(req.ctx.db, {
    tenantId, user: req.authUser!, id: plan?.id ?? null, data: form.data, draft, externalAllowed: choices.externalAllowed,
  });
  if (!result.ok) return stale(req, res);
  const key = plan ? 'prevention-plan.flash.updated' : 'prevention-plan.flash.created';
  saved(req, res, key, { number: result.pdpNumber }, planPage(req, result.id));
}

/** `GET|POST /prevention-plan/new` (pdp_add): a new plan, saved as a draft or checked in full. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitPlanForm(req, res, null);
  await renderPlanForm(req, res, { plan: null, values: { version: 0, workSiteType: 'normal', orderingCustomerId: req.authUser!.id }, errors: {} });
}

/** `GET|POST /prevention-plan/{id}/edit` (pdp_edit): the creator his own plans, pdp.manage every plan. */
export async function edit(req: Request, res: Response): Promise<void> {
  const { plan: ref } = await resolvePlan(req, req.routeParams.id, 'edit');
  const plan = await findPlan(req.ctx.db, ref.tenantId, ref.id);
  if (!plan) throw new HttpError(404, 'errors.not_found.title');
  // Once sent for signature, the plan changes only through `update` (back to draft) or an amendment.
  if (ref.status !== 'draft') throw new HttpError(403, 'prevention-plan.edit_locked');
  if (req.method === 'POST') return submitPlanForm(req, res, plan);
  await renderPlanForm(req, res, { plan, values: formValues(plan), errors: {} });
}

/**
 * `POST /prevention-plan/form/place` (pdp_form_place): the site / entities / sector block of the
 * form, re-rendered when the site or the entities change (only their sectors are offered).
 */
export async function placeRefresh(req: Request, res: Response): Promise<void> {
  const raw = (req.body?.pdp ?? {}) as Record<string, unknown>;
  const choices = await planFormChoices(req.ctx.db, req.authUser!.tenantId);
  const known = (v: unknown) => choices.items.some((i) => String(i.id) === String(v));
  const values = {
    hierarchyItemId: known(raw.hierarchyItemId) ? String(raw.hierarchyItemId) : '',
    extraItemIds: ([] as unknown[]).concat(raw.extraItemIds ?? []).filter(known).map(String),
    sectorId: choices.sectors.some((x) => String(x.id) === String(raw.sectorId)) ? String(raw.sectorId) : '',
  };
  res.status(200).type('html').send(await renderView(res, 'prevention-plan/plan/_place_block', { values, errors: {}, choices }));
}
