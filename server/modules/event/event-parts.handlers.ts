import type { Request, Response } from 'express';
import { loadConfig } from '../../kernel/config';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { createStorage, sendStoredFile, StoredFile } from '../../kernel/storage';
import { keepUploads, uploadFiles } from '../../kernel/uploads';
import { findingKindsOf, RISK_PERCEPTION_CODES } from './event.kinds';
import { findingSchema } from './event.schema';
import { addEventFiles, findEventFile, findFinding, removeEventFile, removeFinding, saveFinding } from './event-parts.service';
import { eventPolicy } from './event.policy';
import { orNotFound, refused, routeId, saved, stale, tenantOf, visibleEvent } from './event.respond';
import type { EventRecord } from './event.service';

/** The storage of the module's files. */
export const storage = createStorage(loadConfig());

/** Up to 10 files of any product type in `files` (seed 002 §9). */
export const parseEventFiles = uploadFiles({ storage, field: 'files', maxFiles: 10, maxBytes: 20 * 1024 * 1024 });

/** The event a part belongs to, editable by the user: otherwise 403 (seen) or 404 (not seen). */
async function editableEvent(req: Request, res: Response, eventId: number): Promise<EventRecord | null> {
  const event = await visibleEvent(req, eventId);
  if (eventPolicy.edit(req.authUser!, event)) return event;
  refused(req, res);
  return null;
}

// ---------------------------------------------------------------- findings

async function renderFindingForm(req: Request, res: Response, event: EventRecord, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const action = id ? req.ctx.routes.path('event_finding_edit', { id }) : req.ctx.routes.path('event_finding_add', { id: event.id });
  await renderScreen(req, res, 'event/_finding_form', {
    title: req.t(event.kind === 'audit' ? 'event.findings.audit_title' : 'event.findings.visit_title'), action, values, errors,
    kinds: findingKindsOf(event.kind), riskCodes: event.kind === 'vms' ? RISK_PERCEPTION_CODES : [],
  });
}

async function submitFinding(req: Request, res: Response, event: EventRecord, id: number | null): Promise<void> {
  const form = parseForm(findingSchema, req.body, 'event_finding');
  if (!form.ok) return renderFindingForm(req, res, event, id, form.values, form.errors);
  const result = await saveFinding(req.ctx.db, tenantOf(req), event, id, form.data, req.authUser!.id);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderFindingForm(req, res, event, id, form.values, result.errors);
  saved(req, res, 'event.flash.finding_saved');
}

/** `GET|POST /events/{id}/findings/new` (event_finding_add): an observation (visit) or a finding (audit). */
export async function findingAdd(req: Request, res: Response): Promise<void> {
  const event = await editableEvent(req, res, routeId(req));
  if (!event) return;
  if (!findingKindsOf(event.kind).length) return refused(req, res);
  if (req.method === 'POST') return submitFinding(req, res, event, null);
  await renderFindingForm(req, res, event, null, { version: 0, kind: findingKindsOf(event.kind)[0] });
}

/** `GET|POST /events/findings/{id}/edit` (event_finding_edit). */
export async function findingEdit(req: Request, res: Response): Promise<void> {
  const finding = orNotFound(await findFinding(req.ctx.db, tenantOf(req), routeId(req)));
  const event = await editableEvent(req, res, finding.eventId);
  if (!event) return;
  if (req.method === 'POST') return submitFinding(req, res, event, finding.id);
  await renderFindingForm(req, res, event, finding.id, { ...finding, riskPerception: finding.riskPerception ?? '' });
}

/** `POST /events/findings/{id}/remove` (event_finding_remove): 200 removed. */
export async function findingRemove(req: Request, res: Response): Promise<void> {
  const finding = orNotFound(await findFinding(req.ctx.db, tenantOf(req), routeId(req)));
  if (!(await editableEvent(req, res, finding.eventId))) return;
  await removeFinding(req.ctx.db, tenantOf(req), finding.id);
  res.status(200).json({ message: req.t('event.flash.finding_removed') });
}

// ---------------------------------------------------------------- files

async function renderFileForm(req: Request, res: Response, event: EventRecord, error: string | null = null): Promise<void> {
  await renderScreen(req, res, 'event/_file_form', { title: req.t('event.files.add'), action: req.ctx.routes.path('event_file_add', { id: event.id }), error });
}

/** `GET|POST /events/{id}/files/new` (event_file_add): up to 10 files at a time, checked by the kernel uploads. */
export async function fileAdd(req: Request, res: Response): Promise<void> {
  const event = await editableEvent(req, res, routeId(req));
  if (!event) return;
  if (req.method === 'GET') return renderFileForm(req, res, event);
  const refusal = req.uploadErrors?.[0];
  const uploads = req.uploads ?? [];
  if (refusal) return renderFileForm(req, res, event, req.t(refusal.key, refusal.params));
  if (!uploads.length) return renderFileForm(req, res, event, req.t('validation.required'));
  const files = await keepUploads(req, storage, uploads);
  await addEventFiles(req.ctx.db, tenantOf(req), event.id, files, req.authUser!.id);
  saved(req, res, 'event.flash.files_added', { count: files.length });
}

/** `GET /events/files/{id}` (event_file_download): a file of an event the user may see. */
export async function fileDownload(req: Request, res: Response): Promise<void> {
  const link = orNotFound(await findEventFile(req.ctx.db, tenantOf(req), routeId(req)));
  await visibleEvent(req, link.eventId);
  const file = orNotFound(await req.ctx.db.getRepository(StoredFile).findOneBy({ id: link.fileId, tenantId: tenantOf(req) }));
  await sendStoredFile(res, storage, file);
}

/** `POST /events/files/{id}/remove` (event_file_remove): 200 removed. */
export async function fileRemove(req: Request, res: Response): Promise<void> {
  const link = orNotFound(await findEventFile(req.ctx.db, tenantOf(req), routeId(req)));
  if (!(await editableEvent(req, res, link.eventId))) return;
  await removeEventFile(req.ctx.db, tenantOf(req), link.id);
  res.status(200).json({ message: req.t('event.flash.file_removed') });
}
