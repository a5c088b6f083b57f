import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isFrenchDate, toIsoDate } from '../../kernel/http/fields';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../kernel/http/pagination';
import { renderScreen, renderView } from '../../kernel/http/render';
import { forgetProtocol, resolveProtocol } from './security-protocol.access';
import { listProtocolCompanies } from './security-protocol-company.service';
import { PROTOCOL_STATUSES } from './security-protocol.entity';
import { protocolFilterSchema } from './security-protocol.schema';
import { PROTOCOL_LIST_MENU } from './security-protocol-lists';
import { countByStatus, listProtocols, type ProtocolFilters } from './security-protocol-list.service';
import { mayAddProtocol, type ProtocolRef } from './security-protocol.policy';
import { findProtocol, protocolFormChoices, protocolProblems, setArchived, trashProtocol, type ProtocolProblem } from './security-protocol.service';
import { protocolTabs } from './security-protocol.tabs';
import { signatureStatus, type SignatureStatus } from '../signing/signers.service';
import { PDS_SIGNING } from './security-protocol.signing';
import { signingButtons } from '../signing/transition.handler';
import { pdsWorkflow } from './security-protocol.workflow';

/** `DD/MM/YYYY` -> `YYYY-MM-DD`, '' when not a date. */
const isoOf = (v: string) => (isFrenchDate(v) ? toIsoDate(v) ?? '' : '');

function readFilters(req: Request): ProtocolFilters {
  return protocolFilterSchema.parse(req.query);
}

/** `GET /security-protocol/` (pds_index): the protocols the user sees, with filters and pager. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const filters = readFilters(req);
  const page = pageRequest(req);
  const { rows, total } = await listProtocols(req.ctx.db, user, { ...filters, from: isoOf(filters.from), to: isoOf(filters.to) }, page);
  const choices = await protocolFormChoices(req.ctx.db, user.tenantId);
  const hasFilters = !!(filters.q || filters.status || filters.item || filters.from || filters.to || filters.archived !== 'no');
  await renderScreen(req, res, 'security-protocol/index', {
    title: req.t('security-protocol.list_title'), hideTitle: true, rows, filters, hasFilters, statuses: PROTOCOL_STATUSES,
    items: choices.items, pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES, canAdd: mayAddProtocol(user),
    counts: await countByStatus(req.ctx.db, user), listMenu: PROTOCOL_LIST_MENU,
  });
}

/** The protocol's problems, translated; a failing rule leaves a warning rather than taking the page down. */
async function completeness(req: Request, ref: ProtocolRef): Promise<Array<ProtocolProblem & { text: string }>> {
  let problems: ProtocolProblem[];
  try {
    problems = await protocolProblems(req.ctx.db, ref.tenantId, ref.id);
  } catch (err) {
    console.error('[security-protocol] complétude', err);
    problems = [{ severity: 'warning', key: 'security-protocol.completeness.failed' }];
  }
  return problems.map((pb) => ({
    ...pb, text: req.t(pb.key, Object.fromEntries(Object.entries(pb.params ?? {}).map(([k, v]) => [k, typeof v === 'string' && /^security-protocol\.[\w.]+$/.test(v) ? req.t(v) : v]))),
  }));
}

/** `GET /security-protocol/{id}` (pds_show): the protocol with its tabs and completeness. */
export async function show(req: Request, res: Response): Promise<void> {
  const { protocol: ref, abilities } = await resolveProtocol(req, req.routeParams.id, 'view');
  const protocol = await findProtocol(req.ctx.db, ref.tenantId, ref.id);
  if (!protocol) throw new HttpError(404, 'errors.not_found.title');
  const companies = await listProtocolCompanies(req.ctx.db, ref.tenantId, ref.id);
  const signatures = await signaturesOf(req, ref);
  const tabs = [];
  for (const tab of protocolTabs()) {
    let html: string;
    try {
      html = await tab.render(req, res, { protocol, ref, abilities, companies, signatures });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      console.error(`[security-protocol] onglet ${tab.key}`, err);
      html = await renderView(res, 'security-protocol/_tab_error', {});
    }
    tabs.push({ key: tab.key, label: req.t(tab.labelKey), icon: tab.icon, badge: tab.badge ? tab.badge({ protocol, companies }) : null, html });
  }
  await renderScreen(req, res, 'security-protocol/show', {
    title: `${protocol.pdsNumber} – ${protocol.natureOfGoods || req.t('security-protocol.no_goods')}`, hideTitle: true,
    protocol, abilities, tabs, problems: await completeness(req, ref), workflowButtons: await workflowButtonsOf(req, ref),
    activeTab: tabs.some((tb) => tb.key === req.query.tab) ? String(req.query.tab) : tabs[0]?.key,
  });
}

/** The signatures of the current round; a failure leaves the panel out rather than the page. */
async function signaturesOf(req: Request, ref: ProtocolRef): Promise<SignatureStatus | null> {
  try {
    return await signatureStatus(req.ctx.db, PDS_SIGNING, ref.tenantId, ref.id);
  } catch (err) {
    console.error('[security-protocol] signatures', err);
    return null;
  }
}

/** The show page's workflow bar: the shared signing buttons (`pds_apply_transition`). */
function workflowButtonsOf(req: Request, ref: ProtocolRef): Promise<string | null> {
  return signingButtons(req, { workflow: pdsWorkflow, routeName: 'pds_apply_transition' }, { id: ref.id, tenantId: ref.tenantId });
}

async function archiveOrNot(req: Request, res: Response, archived: boolean): Promise<void> {
  const { protocol } = await resolveProtocol(req, req.routeParams.id, 'manage');
  await setArchived(req.ctx.db, protocol.tenantId, req.authUser!.id, protocol.id, archived);
  forgetProtocol(req);
  const key = archived ? 'security-protocol.flash.archived' : 'security-protocol.flash.unarchived';
  addFlash(req, 'success', key);
  res.status(200).json({ message: req.t(key), redirect: req.ctx.routes.path('pds_show', { id: protocol.id }) });
}

/** `POST /security-protocol/{id}/archive` (pds_archive): pds.manage. */
export const archive = (req: Request, res: Response) => archiveOrNot(req, res, true);
/** `POST /security-protocol/{id}/unarchive` (pds_unarchive): pds.manage. */
export const unarchive = (req: Request, res: Response) => archiveOrNot(req, res, false);

/** `POST /security-protocol/{id}/delete` (pds_delete): to the shared trash (restorable), pds.delete. */
export async function remove(req: Request, res: Response): Promise<void> {
  const { protocol } = await resolveProtocol(req, req.routeParams.id, 'delete');
  await trashProtocol(req.ctx.db, protocol.tenantId, req.authUser!.id, protocol);
  addFlash(req, 'success', 'security-protocol.flash.deleted');
  res.status(200).json({ message: req.t('security-protocol.flash.deleted'), redirect: req.ctx.routes.path('pds_index') });
}

