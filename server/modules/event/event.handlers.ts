import type { Request, Response } from 'express';
import { csrfToken } from '../../kernel/http/csrf';
import { addFlash } from '../../kernel/http/flash';
import { buildPager, pageRequest, PER_PAGE_CHOICES } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { listHistory } from '../../kernel/history/history.service';
import { renderActions, workflowReply } from '../../kernel/workflow';
import { itemOptions } from '../hierarchy/hierarchy.service';
import { serviceOptions } from '../hierarchy/user-organisation.service';
import { findNomenclatureItems } from '../nomenclature/nomenclature.service';
import { conformityRate, formatConformity, loadResponses } from '../questionnaire/questionnaire.service';
import { listActionsForSource } from '../action-plan/action-plan.service';
import { eventDefinition } from './event-definition';
import { listEvents } from './event-list.service';
import { eventHistoryLabels, kindLabel } from './event-labels';
import { eventQuestionnaire, constructionSurveys } from './event-questionnaire';
import { listEventFiles, listFindings } from './event-parts.service';
import { listEventTypes } from './event-type.service';
import { EVENT_STATUSES, SIMPLE_KINDS, STATUS_COLORS, findingKindsOf } from './event.kinds';
import { listFilterSchema } from './event.schema';
import { removeEvent, type EventRecord } from './event.service';
import { eventWorkflow } from './event.workflow';
import { abilitiesOf, refused, tenantOf, visibleEvent } from './event.respond';
import { eventPolicy, ownValidationRefusal } from './event.policy';
import { eventProject, projectsOn } from './event-project';

/** The entries of the "add" dropdown: built-in kinds, one per construction-site survey, one per active custom type. */
async function addMenu(req: Request): Promise<Array<{ url: string; label: string; testid: string }>> {
  const tenantId = tenantOf(req);
  const path = req.ctx.routes.path.bind(req.ctx.routes);
  const [surveys, types] = await Promise.all([constructionSurveys(req.ctx.db, tenantId), listEventTypes(req.ctx.db, tenantId, { activeOnly: true })]);
  return [
    ...SIMPLE_KINDS.map((kind) => ({ url: path('event_add', { kind }), label: req.t(`event.kinds.${kind}`), testid: `event-add-${kind}` })),
    ...surveys.map((s) => ({ url: path('event_add', { kind: 'construction_site', typeId: s.id }), label: req.t('event.add_construction_site', { name: s.name }), testid: `event-add-survey-${s.id}` })),
    ...types.map((t) => ({ url: path('event_add', { kind: 'custom', typeId: t.id }), label: t.menuLabel, testid: `event-add-type-${t.id}` })),
  ];
}

async function renderList(req: Request, res: Response, view: 'index' | 'construction_site_index'): Promise<void> {
  const tenantId = tenantOf(req);
  const filters = listFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const onlyKind = view === 'construction_site_index' ? 'construction_site' : undefined;
  const [{ rows, total }, services, items, types, menu] = await Promise.all([
    listEvents(req.ctx.db, tenantId, req.authUser!, filters, page, onlyKind),
    serviceOptions(req.ctx.db, tenantId), itemOptions(req.ctx.db, tenantId), listEventTypes(req.ctx.db, tenantId),
    addMenu(req),
  ]);
  const routeName = view === 'index' ? 'event_index' : 'event_construction_site_index';
  await renderScreen(req, res, `event/${view}`, {
    hideTitle: true, title: req.t(view === 'index' ? 'event.list_title' : 'event.construction_site_title'),
    rows, filters, services, items, types, statuses: EVENT_STATUSES, statusColors: STATUS_COLORS, pager: buildPager(req, page, total), perPageChoices: PER_PAGE_CHOICES,
    addMenu: view === 'index' ? menu : menu.filter((m) => m.testid.startsWith('event-add-survey-')), routeName,
    kindLabel: (kind: string, typeName: string | null) => kindLabel(req.t, kind, typeName), formatConformity,
    sortUrl: (column: string) => {
      const q = new URLSearchParams(Object.entries({ ...req.query, sort: column, dir: filters.sort === column && filters.dir === 'asc' ? 'desc' : 'asc' }).filter(([k, v]) => k !== 'page' && typeof v === 'string') as Array<[string, string]>);
      return `${req.ctx.routes.path(routeName)}?${q}`;
    },
    hasFilters: !!(filters.q || filters.kind || filters.status || filters.from || filters.to || filters.service || filters.item),
  });
}

/** `GET /events` (event_index): the events the user may see, searched, filtered, sorted, paged. */
export const index = (req: Request, res: Response) => renderList(req, res, 'index');

/** `GET /events/construction-site` (event_construction_site_index): construction-site visits with their conformity rate. */
export const constructionSiteIndex = (req: Request, res: Response) => renderList(req, res, 'construction_site_index');

const transitionUrl = (req: Request, id: number) => (name: string) => req.ctx.routes.path('event_transition', { id, transition: name });

/** Labels of the nomenclature ids an event holds (retired ones included). */
async function nomenclatureLabels(req: Request, event: EventRecord): Promise<Record<string, string[]>> {
  const tenantId = tenantOf(req);
  const get = async (kind: 'domain' | 'main_source' | 'injury_type' | 'injury_site' | 'ppe', ids: number[]) =>
    (await findNomenclatureItems(req.ctx.db, tenantId, kind, ids, { withRetired: true })).map((o) => o.label);
  const [domains, mainSource, injuryTypes, injurySites, ppe] = await Promise.all([
    get('domain', event.domainIds), get('main_source', event.mainSourceId ? [event.mainSourceId] : []), get('injury_type', event.injuryTypeIds),
    get('injury_site', event.injurySiteIds), get('ppe', event.ppeIds),
  ]);
  return { domains, mainSource, injuryTypes, injurySites, ppe };
}

/** `GET /events/{id}` (event_show): the event, its workflow buttons, findings, answers, files and linked actions. */
export async function show(req: Request, res: Response): Promise<void> {
  const event = await visibleEvent(req);
  const tenantId = tenantOf(req);
  const definition = await eventDefinition(req.ctx.db, tenantId, event);
  const tree = await eventQuestionnaire(req.ctx.db, tenantId, definition.questionnaireId);
  const [answers, findings, files, labels, actions, actionsHtml] = await Promise.all([
    tree ? loadResponses(req.ctx.db, tenantId, 'event', event.id) : Promise.resolve({}),
    listFindings(req.ctx.db, tenantId, event.id),
    listEventFiles(req.ctx.db, tenantId, event.id),
    nomenclatureLabels(req, event),
    req.ctx.routes.has('action_plan_quick_add') ? listActionsForSource(req.ctx.db, tenantId, 'event', event.id) : Promise.resolve(null),
    renderActions({ workflow: eventWorkflow, subject: event as EventRecord & Record<string, unknown>, user: req.authUser!, transitionUrl: transitionUrl(req, event.id), t: req.t, csrfToken: csrfToken(req) }),
  ]);
  const kindName = kindLabel(req.t, event.kind, event.eventTypeName);
  const project = projectsOn(req, res) ? await eventProject(req.ctx.db, req.authUser!, event.projectId) : null;
  const rate = tree ? conformityRate(tree, answers) : event.conformityRate;
  await renderScreen(req, res, 'event/show', {
    hideTitle: true, title: event.subject || req.t('event.no_subject'), event, definition, blocks: [...definition.blocks], kindName, tree, answers,
    conformity: rate === null ? null : formatConformity(rate), findings, findingKinds: findingKindsOf(event.kind), files, labels, actions, actionsHtml, project,
    abilities: abilitiesOf(req, event), statusColor: STATUS_COLORS[event.status as keyof typeof STATUS_COLORS] ?? 'secondary',
    noSupervisorHint: !event.supervisorId && ['DRAFT', 'IN_PROGRESS'].includes(event.status),
    ownValidateNotice: eventWorkflow.describe('validate').from.includes(event.status) && eventPolicy.validate(req.authUser!, event)
      ? ownValidationRefusal(req.authUser!, event) : null,
  });
}

/** `GET /events/{id}/history` (event_history): an HTML fragment with the kernel history table. */
export async function history(req: Request, res: Response): Promise<void> {
  const event = await visibleEvent(req);
  const entries = eventHistoryLabels(await listHistory(req.ctx.db.manager, tenantOf(req), 'event', event.id));
  await renderScreen(req, res, 'event/history', { title: req.t('event.history.title', { subject: event.subject || `#${event.id}` }), entries, event });
}

/** `POST /events/{id}/remove` (event_remove, `event.delete`): to the trash; 200 with the list to go back to. */
export async function remove(req: Request, res: Response): Promise<void> {
  const event = await visibleEvent(req);
  if (!eventPolicy.delete(req.authUser!, event)) return refused(req, res);
  await removeEvent(req.ctx.db, tenantOf(req), event.id, req.authUser!.id);
  addFlash(req, 'success', 'event.flash.deleted');
  res.status(200).json({ message: req.t('event.flash.deleted'), redirect: req.ctx.routes.path('event_index') });
}

/** `POST /events/{id}/transition/{transition}` (event_transition): applies a workflow transition, `comment` in the body. */
export async function transition(req: Request, res: Response): Promise<void> {
  const event = await visibleEvent(req);
  const comment = typeof req.body?.comment === 'string' ? req.body.comment.slice(0, 5000) : null;
  const outcome = await eventWorkflow.apply(req.ctx.db, { id: event.id, tenantId: tenantOf(req) }, req.routeParams.transition, { user: req.authUser!, comment });
  await workflowReply(res, {
    workflow: eventWorkflow, outcome, subject: event as EventRecord & Record<string, unknown>, user: req.authUser!, transitionUrl: transitionUrl(req, event.id),
    t: req.t, csrfToken: csrfToken(req), transition: req.routeParams.transition,
  });
}
