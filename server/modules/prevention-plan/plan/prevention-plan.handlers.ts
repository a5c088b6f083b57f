import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { HttpError } from '../../../kernel/http/errors';
import { addFlash } from '../../../kernel/http/flash';
import { isFrenchDate, toIsoDate } from '../../../kernel/http/fields';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../../kernel/http/pagination';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { signingButtons } from '../../signing/transition.handler';
import { problemBlocks } from '../../signing/signing-workflow';
import { loadScope } from '../../action-plan/action-scope';
import { forgetPlan, resolvePlan } from '../core/plan-access';
import { runPlanChecks, type PlanProblem } from '../core/plan-checks';
import { planFormChoices } from './plan-form.service';
import { listPlans, planValidity, suggestCompanyNames, VALIDITIES, type CompanySuggestionField, type PlanFilters } from '../core/plan-list.service';
import { planFlags } from '../core/plan-long-works.service';
import type { PlanRef } from '../core/plan-ref';
import { visiblePlanTabs, type PlanTab } from '../core/plan-tabs';
import { mayAddPlan } from '../core/prevention-plan.policy';
import { PLAN_STATUSES } from '../core/prevention-plan.entity';
import { findPlan, setArchived, trashPlan } from '../core/prevention-plan.service';
import { PLAN_FEATURES, planFilterSchema } from '../core/prevention-plan.schema';
import { PLAN_TRANSITIONS } from './plan-transition.handlers';

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, '' when not a date. */
const isoOf = (v: string) => (isFrenchDate(v) ? toIsoDate(v) ?? '' : '');

function readFilters(req: Request): PlanFilters {
  return planFilterSchema.parse(req.query);
}

/** `GET /prevention-plan/` (pdp_index): the plans the user sees, with filters and pager. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const filters = readFilters(req);
  const page = pageRequest(req);
  const scope = await loadScope(req.ctx.db, user);
  const { rows, total } = await listPlans(req.ctx.db, user, scope, { ...filters, from: isoOf(filters.from), to: isoOf(filters.to) }, page);
  const choices = await planFormChoices(req.ctx.db, user.tenantId);
  const flags = await planFlags(req.ctx.db, user.tenantId, rows.map((r) => r.id));
  const hasFilters = !!(filters.q || filters.status || filters.item || filters.customer || filters.from || filters.to || filters.validity || filters.feature || filters.company || filters.contact || filters.archived !== 'no');
  await renderScreen(req, res, 'prevention-plan/plan/index', {
    title: req.t('prevention-plan.list_title'), hideTitle: true, rows, filters, hasFilters, statuses: PLAN_STATUSES, validities: VALIDITIES, features: PLAN_FEATURES,
    items: choices.items, users: choices.users, pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES, canAdd: mayAddPlan(user),
    flags,
  });
}

/**
 * `GET /prevention-plan/companies/autocomplete?q=` (pdp_company_autocomplete) and `…/contacts/autocomplete`
 * (pdp_contact_autocomplete): names for the list's outside-company filters, from the plans the user sees;
 * nothing under two characters.
 */
export function companyAutocomplete(field: CompanySuggestionField) {
  return async (req: Request, res: Response): Promise<void> => {
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100).trim() : '';
    if (q.length < 2) { res.json([]); return; }
    const names = await suggestCompanyNames(req.ctx.db, req.authUser!, await loadScope(req.ctx.db, req.authUser!), field, q);
    res.json(names.map((name) => ({ id: name, label: name })));
  };
}

/** Renders one tab; a failing tab shows an alert instead of taking the whole page down. */
async function renderTab(req: Request, res: Response, tab: PlanTab, plan: PlanRef): Promise<string> {
  try {
    return await tab.render(req, plan);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    console.error(`[prevention-plan] onglet ${tab.key}`, err);
    return renderView(res, 'prevention-plan/plan/_tab_error', {});
  }
}

/** The plan's problems; a failing rule leaves a warning rather than taking the page down. */
async function completeness(req: Request, ref: PlanRef): Promise<PlanProblem[]> {
  try {
    return await runPlanChecks(req.ctx.db, ref);
  } catch (err) {
    console.error('[prevention-plan] complétude', err);
    return [{ severity: 'warning', key: 'prevention-plan.completeness.failed' }];
  }
}


/** `GET /prevention-plan/{id}` (pdp_show): the plan with every registered tab and its completeness. */
export async function show(req: Request, res: Response): Promise<void> {
  const { plan: ref, abilities } = await resolvePlan(req, req.routeParams.id, 'view');
  const plan = await findPlan(req.ctx.db, ref.tenantId, ref.id);
  if (!plan) throw new HttpError(404, 'errors.not_found.title');
  const user = req.authUser!;
  const tabs = [];
  for (const tab of visiblePlanTabs(user, ref, res.locals.toggles)) {
    const badge = tab.badge ? await tab.badge(req, ref).catch(() => null) : null;
    tabs.push({ key: tab.key, label: req.t(tab.labelKey), icon: tab.icon, badge, html: await renderTab(req, res, tab, ref) });
  }
  // A parameter naming one of our keys (a field's label) is translated before the message.
  // `blocks`: the step the problem holds back, by the rule the transitions apply (signing-workflow.ts).
  const problems = (await completeness(req, ref)).map((pb) => ({
    ...pb, blocks: problemBlocks(pb), text: req.t(pb.key, Object.fromEntries(Object.entries(pb.params ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^prevention-plan\.[\w.]+$/.test(v) ? req.t(v) : v]))),
  }));
  const workflowButtons = await signingButtons(req, PLAN_TRANSITIONS, ref);
  await renderScreen(req, res, 'prevention-plan/plan/show', {
    workflowButtons,
    title: `${plan.pdpNumber} – ${plan.subject || req.t('prevention-plan.no_subject')}`, hideTitle: true,
    plan, abilities, tabs, problems, validity: planValidity(plan, todayIso()), flags: (await planFlags(req.ctx.db, ref.tenantId, [ref.id])).get(ref.id),
    activeTab: tabs.some((tb) => tb.key === req.query.tab) ? String(req.query.tab) : tabs[0]?.key,
  });
}

async function archiveOrNot(req: Request, res: Response, archived: boolean): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'manage');
  await setArchived(req.ctx.db, plan.tenantId, req.authUser!.id, plan.id, archived);
  forgetPlan(req);
  const key = archived ? 'prevention-plan.flash.archived' : 'prevention-plan.flash.unarchived';
  addFlash(req, 'success', key);
  res.status(200).json({ message: req.t(key), redirect: req.ctx.routes.path('pdp_show', { id: plan.id }) });
}

/** `POST /prevention-plan/{id}/archive` (pdp_archive): pdp.manage. */
export const archive = (req: Request, res: Response) => archiveOrNot(req, res, true);
/** `POST /prevention-plan/{id}/unarchive` (pdp_unarchive): pdp.manage. */
export const unarchive = (req: Request, res: Response) => archiveOrNot(req, res, false);

/** `POST /prevention-plan/{id}/delete` (pdp_delete): to the shared trash (restorable), pdp.delete. */
export async function remove(req: Request, res: Response): Promise<void> {
  const { plan } = await resolvePlan(req, req.routeParams.id, 'delete');
  await trashPlan(req.ctx.db, plan.tenantId, req.authUser!.id, plan);
  addFlash(req, 'success', 'prevention-plan.flash.deleted');
  res.status(200).json({ message: req.t('prevention-plan.flash.deleted'), redirect: req.ctx.routes.path('pdp_index') });
}
