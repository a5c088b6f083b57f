import type { Request, Response } from 'express';
import { todayIso } from '../../kernel/clock';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isFrenchDate, toIsoDate } from '../../kernel/http/fields';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { forgetPpsps, resolvePpsps } from './ppsps-access';
import { listPpspsCompanies } from './ppsps-company.service';
import { ppspsDueDate, ppspsDueState } from './ppsps-due';
import { ppspsFormChoices } from './ppsps-form.service';
import { listPpsps, type PpspsFilters } from './ppsps-list.service';
import { PPSPS_COMPANY_KINDS } from './ppsps-company.entity';
import { PPSPS_STATUSES } from './ppsps.entity';
import { ppspsFilterSchema } from './ppsps.schema';
import { ppspsProblems, type PpspsProblem } from './ppsps.checks';
import { mayAddPpsps } from './ppsps.policy';
import { findPpsps, setPpspsArchived, trashPpsps } from './ppsps.service';
import { ppspsFormsTab } from './ppsps-forms.service';
import { ppspsWorkflowBar } from './ppsps-workflow-bar';
import { renderPpspsRiskTab } from './ppsps-risk';
import type { PpspsRef } from './ppsps-access';
import { ppspsSignatureWidgets } from './ppsps-signatures';

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, '' when not a date. */
const isoOf = (v: string) => (isFrenchDate(v) ? toIsoDate(v) ?? '' : '');

/** The tabs of the show page, in order (seed 002 §2). */
export const PPSPS_TABS = [
  { key: 'presentation', icon: 'info-circle' },
  { key: 'organisation', icon: 'diagram-3' },
  { key: 'contacts', icon: 'building' },
  { key: 'inspection', icon: 'search' },
  { key: 'safety', icon: 'heart-pulse' },
  { key: 'description', icon: 'card-text' },
  { key: 'designation', icon: 'tag' },
  { key: 'risk_analysis', icon: 'clipboard2-pulse' },
  { key: 'forms', icon: 'ui-checks' },
  { key: 'opening_notice', icon: 'megaphone' },
] as const;

function readFilters(req: Request): PpspsFilters & { fromText: string; toText: string } {
  const f = ppspsFilterSchema.parse(req.query);
  return { ...f, from: isoOf(f.from), to: isoOf(f.to), fromText: f.from, toText: f.to };
}

/** `GET /ppsps/` (ppsps_index): the PPSPS the user sees, with filters and pager. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const filters = readFilters(req);
  const page = pageRequest(req);
  const { rows, total } = await listPpsps(req.ctx.db, user, filters, page);
  const choices = await ppspsFormChoices(req.ctx.db, user.tenantId);
  const hasFilters = !!(filters.q || filters.status || filters.item || filters.fromText || filters.toText || filters.archived !== 'no');
  await renderScreen(req, res, 'ppsps/index', {
    title: req.t('ppsps.list_title'), hideTitle: true, rows, filters, hasFilters, statuses: PPSPS_STATUSES,
    items: choices.items, pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES, canAdd: mayAddPpsps(user),
  });
}

/** The problems, translated (a parameter naming one of our keys is translated first). */
async function completeness(req: Request, tenantId: number, id: number): Promise<Array<PpspsProblem & { text: string }>> {
  let problems: PpspsProblem[];
  try {
    problems = await ppspsProblems(req.ctx.db, tenantId, id);
  } catch (err) {
    console.error('[ppsps] complétude', err);
    problems = [{ severity: 'warning', key: 'ppsps.completeness.failed' }];
  }
  return problems.map((pb) => ({
    ...pb, text: req.t(pb.key, Object.fromEntries(Object.entries(pb.params ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^ppsps\.[\w.]+$/.test(v) ? req.t(v) : v]))),
  }));
}

/** The risk-analysis tab; a failure leaves an alert in the tab rather than taking the page down. */
async function riskTab(req: Request, ref: PpspsRef, canChange: boolean): Promise<string | null> {
  try {
    return await renderPpspsRiskTab(req, ref, canChange);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    console.error('[ppsps] analyse des risques', err);
    return null;
  }
}

/** `GET /ppsps/{id}` (ppsps_show): the PPSPS with its tabs, completeness and due date. */
export async function show(req: Request, res: Response): Promise<void> {
  const { ppsps: ref, abilities } = await resolvePpsps(req, req.routeParams.id, 'view');
  const ppsps = await findPpsps(req.ctx.db, ref.tenantId, ref.id);
  if (!ppsps) throw new HttpError(404, 'errors.not_found.title');
  const companies = await listPpspsCompanies(req.ctx.db, ref.tenantId, ref.id);
  const tabs = PPSPS_TABS.map((tb) => ({ ...tb, label: req.t(`ppsps.tabs.${tb.key}`), badge: tb.key === 'contacts' && companies.length ? companies.length : null }));
  await renderScreen(req, res, 'ppsps/show', {
    title: `PPSPS ${ppsps.number}`, hideTitle: true, ppsps, abilities, tabs, companies, kinds: PPSPS_COMPANY_KINDS,
    problems: await completeness(req, ref.tenantId, ref.id),
    dueDate: ppspsDueDate(ppsps), dueState: ppspsDueState(ppsps, todayIso()),
    forms: await ppspsFormsTab(req, ref),
    riskHtml: await riskTab(req, ref, abilities.edit),
    workflowBar: await ppspsWorkflowBar(req, ref),
    signatureWidgets: await ppspsSignatureWidgets(req, ref),
    activeTab: tabs.some((tb) => tb.key === req.query.tab) ? String(req.query.tab) : 'presentation',
  });
}

async function archiveOrNot(req: Request, res: Response, archived: boolean): Promise<void> {
  const { ppsps } = await resolvePpsps(req, req.routeParams.id, 'manage');
  await setPpspsArchived(req.ctx.db, ppsps.tenantId, req.authUser!.id, ppsps.id, archived);
  forgetPpsps(req);
  const key = archived ? 'ppsps.flash.archived' : 'ppsps.flash.unarchived';
  addFlash(req, 'success', key);
  res.status(200).json({ message: req.t(key), redirect: req.ctx.routes.path('ppsps_show', { id: ppsps.id }) });
}

/** `POST /ppsps/{id}/archive` (ppsps_archive): ppsps.manage. */
export const archive = (req: Request, res: Response) => archiveOrNot(req, res, true);
/** `POST /ppsps/{id}/unarchive` (ppsps_unarchive): ppsps.manage. */
export const unarchive = (req: Request, res: Response) => archiveOrNot(req, res, false);

/** `POST /ppsps/{id}/delete` (ppsps_delete): to the shared trash (restorable), ppsps.delete. */
export async function remove(req: Request, res: Response): Promise<void> {
  const { ppsps } = await resolvePpsps(req, req.routeParams.id, 'delete');
  await trashPpsps(req.ctx.db, ppsps.tenantId, req.authUser!.id, ppsps);
  addFlash(req, 'success', 'ppsps.flash.deleted');
  res.status(200).json({ message: req.t('ppsps.flash.deleted'), redirect: req.ctx.routes.path('ppsps_index') });
}
