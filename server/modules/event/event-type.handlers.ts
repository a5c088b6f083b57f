import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { addFlash } from '../../kernel/http/flash';
import { listNomenclature } from '../nomenclature/nomenclature.service';
import { eventTypeSchema } from './event.schema';
import { findEventType, listEventTypes, removeEventType, saveEventType } from './event-type.service';
import { orNotFound, routeId, saved, stale, tenantOf } from './event.respond';

/** The display toggles of a type, in the order of the form. */
export const TYPE_TOGGLES = ['showService', 'showSupervisor', 'showCollaborators', 'showPerformers', 'showDomains', 'showObservations', 'showFiles', 'showConfidential'] as const;

/** An automatic action needs its text (also told when other fields are wrong, from what was typed). */
function autoActionErrors(values: Record<string, unknown>): Record<string, FieldError> {
  const on = [].concat((values.autoAction ?? []) as never).pop() === '1';
  return on && !String(values.autoActionText ?? '').trim() ? { autoActionText: 'validation.required' } : {};
}

/** `GET /admin/event-types` (admin_event_type_index): the custom event types. */
export async function typeIndex(req: Request, res: Response): Promise<void> {
  const types = await listEventTypes(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'event/type_index', { hideTitle: true, title: req.t('event.types.title'), types });
}

async function renderTypeForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const domains = await listNomenclature(req.ctx.db, tenantOf(req), 'domain');
  const action = id ? req.ctx.routes.path('admin_event_type_edit', { id }) : req.ctx.routes.path('admin_event_type_add');
  await renderScreen(req, res, 'event/_type_form', { title: req.t(id ? 'event.types.edit_title' : 'event.types.new_title'), id, action, values, errors, domains, toggles: TYPE_TOGGLES });
}

async function submitType(req: Request, res: Response, id: number | null): Promise<void> {
  const form = parseForm(eventTypeSchema, req.body, 'event_type');
  if (!form.ok) return renderTypeForm(req, res, id, form.values, { ...autoActionErrors(form.values), ...form.errors });
  const result = await saveEventType(req.ctx.db, tenantOf(req), id, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderTypeForm(req, res, id, form.values, result.errors);
  if (id) return saved(req, res, 'event.types.saved', { name: form.data.name });
  // A new type goes on to its questionnaire.
  const created = orNotFound(await findEventType(req.ctx.db, tenantOf(req), result.id));
  const next = created.questionnaireId && req.ctx.routes.has('questionnaire_edit') ? req.ctx.routes.path('questionnaire_edit', { id: created.questionnaireId }) : req.ctx.routes.path('admin_event_type_index');
  saved(req, res, 'event.types.created', { name: form.data.name }, next);
}

/** `GET|POST /admin/event-types/new` (admin_event_type_add): then the questionnaire editor of the new type. */
export async function typeAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitType(req, res, null);
  await renderTypeForm(req, res, null, { version: 0, active: true, showService: true, showSupervisor: true, showCollaborators: true, showDomains: true, showObservations: true, showFiles: true });
}

/** `GET|POST /admin/event-types/{id}/edit` (admin_event_type_edit). */
export async function typeEdit(req: Request, res: Response): Promise<void> {
  const type = orNotFound(await findEventType(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submitType(req, res, type.id);
  await renderTypeForm(req, res, type.id, { ...type, domainId: type.domainId ?? '' });
}

/** `POST /admin/event-types/{id}/remove` (admin_event_type_remove): to the trash, 200. */
export async function typeRemove(req: Request, res: Response): Promise<void> {
  const done = await removeEventType(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id);
  orNotFound(done || null);
  addFlash(req, 'success', 'event.types.removed');
  res.status(200).json({ message: req.t('event.types.removed') });
}
