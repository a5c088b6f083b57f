import type { Request, Response } from 'express';
import { isDraftSubmit, parseForm, type FieldError } from '../../kernel/http/forms';
import { HttpError } from '../../kernel/http/errors';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { parseResponses, loadResponses, validateTenantReferences } from '../questionnaire/questionnaire.service';
import type { QuestionnaireTree, ResponseValues } from '../questionnaire/questionnaire.types';
import { eventDefinition, newEventDefinition, type EventDefinition } from './event-definition';
import { eventFormOptions, userOptions } from './event-options';
import { eventQuestionnaire } from './event-questionnaire';
import { eventSchema, type EventInput } from './event.schema';
import { isEventKind } from './event.kinds';
import { formValues, isoToFrench, oldestAllowedDate, saveEvent, supervisorOrganisation, visitFieldErrors, withDefaults, type EventRecord } from './event.service';
import { eventPolicy } from './event.policy';
import { orNotFound, refused, saved, stale, tenantOf, visibleEvent } from './event.respond';
import { kindLabel } from './event-labels';
import { projectOptions, projectsShown } from './event-project';

/** What the form shows besides the values. */
interface FormState {
  definition: EventDefinition;
  event: EventRecord | null;
  tree: QuestionnaireTree | null;
  values: Record<string, unknown>;
  errors: Record<string, FieldError>;
  answers: ResponseValues;
  answerErrors: Record<number, string>;
}

async function renderEventForm(req: Request, res: Response, s: FormState): Promise<void> {
  const tenantId = tenantOf(req);
  const held = s.event;
  const options = await eventFormOptions(req.ctx.db, tenantId, held ? {
    users: [...held.collaboratorIds, ...held.performerIds, ...(held.supervisorId ? [held.supervisorId] : [])], domains: held.domainIds,
    mainSources: held.mainSourceId ? [held.mainSourceId] : [], injuryTypes: held.injuryTypeIds, injurySites: held.injurySiteIds, ppe: held.ppeIds,
  } : {});
  const limit = await oldestAllowedDate(req.ctx.db, tenantId);
  const projectChoices = projectsShown(req, res) ? await projectOptions(req.ctx.db, req.authUser!, held?.projectId ?? null) : null;
  const action = held
    ? req.ctx.routes.path('event_edit', { id: held.id })
    : req.ctx.routes.path('event_add', { kind: s.definition.kind, typeId: s.definition.eventType?.id ?? (s.definition.kind === 'construction_site' ? s.definition.questionnaireId ?? 0 : 0) });
  const label = kindLabel(req.t, s.definition.kind, s.definition.eventType?.name ?? held?.eventTypeName ?? null);
  const locals = {
    title: held ? req.t('event.edit_title', { kind: label }) : req.t('event.new_title', { kind: label }),
    kindName: label, definition: s.definition, blocks: [...s.definition.blocks], event: held, values: s.values, errors: s.errors, choices: options,
    tree: s.tree, answers: s.answers, answerErrors: s.answerErrors, action, oldestDate: isoToFrench(limit.iso), ageDays: limit.days, projectChoices,
    canDraft: !held || held.status === 'DRAFT',
    cancelUrl: held ? req.ctx.routes.path('event_show', { id: held.id }) : req.ctx.routes.path('event_index'),
  };
  // A POST re-renders only the form: the client swaps it in place.
  if (req.method === 'POST' && isFragmentRequest(req)) {
    res.status(200).type('html').send(await renderView(res, 'event/_form', locals));
    return;
  }
  await renderScreen(req, res, 'event/form', { ...locals, hideTitle: true });
}

/** Values of a new event: the custom type's domain, the creator as nobody else yet. */
function newValues(def: EventDefinition): Record<string, unknown> {
  return { version: 0, domainIds: def.eventType?.domainId ? [def.eventType.domainId] : [], visitType: '', date: '' };
}

async function submitEventForm(req: Request, res: Response, definition: EventDefinition, event: EventRecord | null): Promise<void> {
  const tenantId = tenantOf(req);
  const draft = isDraftSubmit(req.body) && (!event || event.status === 'DRAFT');
  const form = parseForm(eventSchema, req.body, 'event', { draft });
  const tree = await eventQuestionnaire(req.ctx.db, tenantId, definition.questionnaireId);
  let answers: ResponseValues = {};
  let answerErrors: Record<number, string> = {};
  if (tree) {
    const parsed = parseResponses(tree, req.body ?? {}, req.answerFiles, { draft });
    answers = parsed.values;
    answerErrors = { ...parsed.errors, ...(await validateTenantReferences(req.ctx.db.manager, tenantId, tree, parsed.values)) };
  }
  const state = { definition, event, tree, values: form.values, answers, answerErrors };
  if (!form.ok || Object.keys(answerErrors).length) {
    // Every message at once: the visit rules are checked on what was typed too.
    const visit = draft ? {} : visitFieldErrors(definition.kind, form.values.visitType, form.values.vehicleRegistration);
    return renderEventForm(req, res, { ...state, errors: { ...visit, ...(form.ok ? {} : form.errors) } });
  }
  const data: EventInput = withDefaults(form.data);
  const result = await saveEvent(req.ctx.db, {
    tenantId, user: req.authUser!, id: event?.id ?? null, definition, data, draft, previous: event, responses: tree ? { tree, values: answers } : null,
    projectField: projectsShown(req, res),
  });
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderEventForm(req, res, { ...state, errors: result.errors });
  saved(req, res, event ? 'event.flash.updated' : 'event.flash.created', { subject: data.subject || `#${result.id}` }, req.ctx.routes.path('event_show', { id: result.id }));
}

async function definitionFromRoute(req: Request): Promise<EventDefinition> {
  const kind = req.routeParams.kind;
  if (!isEventKind(kind)) throw new HttpError(404, 'errors.not_found.title');
  return orNotFound(await newEventDefinition(req.ctx.db, tenantOf(req), kind, Number(req.routeParams.typeId) || 0));
}

/** `GET|POST /events/new/{kind}/{typeId}` (event_add): a new event of a kind (custom type id, or construction-site survey id). */
export async function add(req: Request, res: Response): Promise<void> {
  const definition = await definitionFromRoute(req);
  if (req.method === 'POST') return submitEventForm(req, res, definition, null);
  await renderEventForm(req, res, { definition, event: null, tree: await eventQuestionnaire(req.ctx.db, tenantOf(req), definition.questionnaireId), values: newValues(definition), errors: {}, answers: {}, answerErrors: {} });
}

/** `GET|POST /events/{id}/edit` (event_edit): open events only, by the people the policy names. */
export async function edit(req: Request, res: Response): Promise<void> {
  const event = await visibleEvent(req);
  if (!eventPolicy.edit(req.authUser!, event)) {
    if (req.method === 'POST' || isFragmentRequest(req)) return refused(req, res);
    throw new HttpError(403, 'event.unauthorised');
  }
  const definition = await eventDefinition(req.ctx.db, tenantOf(req), event);
  if (req.method === 'POST') return submitEventForm(req, res, definition, event);
  const tree = await eventQuestionnaire(req.ctx.db, tenantOf(req), definition.questionnaireId);
  const answers = tree ? await loadResponses(req.ctx.db, tenantOf(req), 'event', event.id) : {};
  await renderEventForm(req, res, { definition, event, tree, values: formValues(event), errors: {}, answers, answerErrors: {} });
}

const idOrNull = (v: unknown): number | null => { const n = Number(Array.isArray(v) ? v[v.length - 1] : v); return Number.isSafeInteger(n) && n > 0 ? n : null; };

/**
 * `POST /events/form/organisation` (event_form_refresh): the supervisor / hierarchy item /
 * service block of the form, refreshed when one of them changes. A newly picked supervisor
 * brings their hierarchy item and service (the server also copies them on save when left empty).
 */
export async function organisationRefresh(req: Request, res: Response): Promise<void> {
  const tenantId = tenantOf(req);
  const raw = (req.body?.event ?? {}) as Record<string, unknown>;
  const users = await userOptions(req.ctx.db, tenantId);
  const supervisorId = users.some((u) => u.id === idOrNull(raw.supervisorId)) ? idOrNull(raw.supervisorId) : null;
  const values: Record<string, unknown> = { supervisorId, hierarchyItemId: idOrNull(raw.hierarchyItemId), serviceId: idOrNull(raw.serviceId), previousSupervisorId: supervisorId ?? '' };
  if (supervisorId && supervisorId !== idOrNull(raw.previousSupervisorId)) {
    const org = await supervisorOrganisation(req.ctx.db, tenantId, supervisorId);
    if (org.hierarchyItemId) values.hierarchyItemId = org.hierarchyItemId;
    if (org.serviceId) values.serviceId = org.serviceId;
  }
  const options = await eventFormOptions(req.ctx.db, tenantId);
  const blocks = String(raw.blocks ?? '').split(',');
  res.status(200).type('html').send(await renderView(res, 'event/_organisation', { values, errors: {}, choices: options, blocks }));
}
