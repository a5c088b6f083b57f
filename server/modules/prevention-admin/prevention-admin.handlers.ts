import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { can } from '../../kernel/rights/registry';
import { PREVENTION_LISTS, LOT_TOGGLE } from './prevention-admin.lists';
import { labelSchema, organisationSchema, workTypeSchema } from './prevention-admin.schema';
import { PREVENTION_ORGANISATION_TYPES } from './prevention-organisation.entity';
import { findOrganisation, isOrganisationType, listOrganisations, removeOrganisation, saveOrganisation, type OrganisationRow } from './prevention-organisation.service';
import { findLot, findSpecification, listLots, removeLot, removeSpecification, saveLot, saveSpecification } from './lot.service';
import {
  findWorkTypeForAdmin, listWorkTypesForAdmin, nextWorkTypePosition, removeWorkType, saveWorkType, type SaveResult, type WorkTypeRow,
} from './work-type.service';
import { routeId, saved, stale, tenantOf } from '../../kernel/http/respond';

const notFound = () => new HttpError(404, 'errors.not_found.title');

/** Answers a save: 201 with a flash, the form again with its errors (200), or 409 when stale. */
async function answerSave(req: Request, res: Response, result: SaveResult, flashKey: string, params: Record<string, unknown>, rerender: (errors: Record<string, FieldError>) => Promise<void>): Promise<void> {
  if (!result.ok) {
    if ('stale' in result) {
      return stale(req, res);
    }
    return rerender(result.errors);
  }
  saved(req, res, flashKey, params);
}

function answerRemoved(req: Request, res: Response, done: boolean): void {
  if (!done) throw notFound();
  addFlash(req, 'success', 'prevention-admin.flash.trashed');
  res.status(200).json({ message: req.t('prevention-admin.flash.trashed') });
}

// ---------------------------------------------------------------- hub

/** `GET /admin/prevention`: a card per prevention reference list that exists and that the user may open. */
export async function hub(req: Request, res: Response): Promise<void> {
  const toggles: Record<string, boolean> = res.locals.toggles ?? {};
  const cards = PREVENTION_LISTS.filter((l) => {
    if (!req.ctx.routes.has(l.route)) return false;
    const route = req.ctx.routes.get(l.route);
    const toggle = l.toggle ?? route.toggle;
    if (toggle && toggles[toggle] === false) return false;
    return route.right === 'authenticated' || can(req.authUser, route.right);
  });
  await renderScreen(req, res, 'prevention-admin/hub', { title: req.t('prevention-admin.hub.title'), hideTitle: true, cards });
}

// ---------------------------------------------------------------- work types

async function workTypeOr404(req: Request): Promise<WorkTypeRow> {
  const row = await findWorkTypeForAdmin(req.ctx.db, tenantOf(req), routeId(req));
  if (!row) throw notFound();
  return row;
}

/** `GET /admin/prevention/work-types`: the work types, dangerous ones marked. */
export async function workTypeIndex(req: Request, res: Response): Promise<void> {
  const rows = await listWorkTypesForAdmin(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'prevention-admin/work-types', { title: req.t('prevention-admin.work_types.title'), hideTitle: true, rows });
}

async function renderWorkTypeForm(req: Request, res: Response, item: WorkTypeRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const title = req.t(item ? 'prevention-admin.work_types.edit_title' : 'prevention-admin.work_types.new_title');
  await renderScreen(req, res, 'prevention-admin/_work_type_form', { title, item, values, errors });
}

async function submitWorkType(req: Request, res: Response, item: WorkTypeRow | null): Promise<void> {
  const form = parseForm(workTypeSchema, req.body, 'work_type');
  if (!form.ok) return renderWorkTypeForm(req, res, item, form.values, form.errors);
  const result = await saveWorkType(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  await answerSave(req, res, result, item ? 'prevention-admin.flash.updated' : 'prevention-admin.flash.created', { label: form.data.label },
    (errors) => renderWorkTypeForm(req, res, item, form.values, errors));
}

/** `GET|POST /admin/prevention/work-types/new`. */
export async function workTypeAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitWorkType(req, res, null);
  await renderWorkTypeForm(req, res, null, { label: '', dangerous: false, isRoofWork: false, weighting: 1, position: await nextWorkTypePosition(req.ctx.db, tenantOf(req)), active: true, version: 0 });
}

/** `GET|POST /admin/prevention/work-types/{id}/edit` (optimistic lock). */
export async function workTypeEdit(req: Request, res: Response): Promise<void> {
  const item = await workTypeOr404(req);
  if (req.method === 'POST') return submitWorkType(req, res, item);
  await renderWorkTypeForm(req, res, item, { ...item });
}

/** `POST /admin/prevention/work-types/{id}/delete`: to the shared trash. */
export async function workTypeRemove(req: Request, res: Response): Promise<void> {
  answerRemoved(req, res, await removeWorkType(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- prevention organisations

async function organisationOr404(req: Request): Promise<OrganisationRow> {
  const row = await findOrganisation(req.ctx.db, tenantOf(req), routeId(req));
  if (!row) throw notFound();
  return row;
}

/** `GET /admin/prevention/organisations?type=`: the organisations, filtered by type when asked. */
export async function organisationIndex(req: Request, res: Response): Promise<void> {
  const type = isOrganisationType(req.query.type) ? req.query.type : undefined;
  const rows = await listOrganisations(req.ctx.db, tenantOf(req), type);
  await renderScreen(req, res, 'prevention-admin/organisations', { title: req.t('prevention-admin.organisations.title'), hideTitle: true, rows, type: type ?? '', types: PREVENTION_ORGANISATION_TYPES });
}

async function renderOrganisationForm(req: Request, res: Response, item: OrganisationRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const title = req.t(item ? 'prevention-admin.organisations.edit_title' : 'prevention-admin.organisations.new_title');
  await renderScreen(req, res, 'prevention-admin/_organisation_form', { title, item, values, errors, types: PREVENTION_ORGANISATION_TYPES });
}

async function submitOrganisation(req: Request, res: Response, item: OrganisationRow | null): Promise<void> {
  const form = parseForm(organisationSchema, req.body, 'prevention_organisation');
  if (!form.ok) return renderOrganisationForm(req, res, item, form.values, form.errors);
  const result = await saveOrganisation(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  await answerSave(req, res, result, item ? 'prevention-admin.flash.updated' : 'prevention-admin.flash.created', { label: form.data.name },
    (errors) => renderOrganisationForm(req, res, item, form.values, errors));
}

/** `GET|POST /admin/prevention/organisations/new?type=`. */
export async function organisationAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitOrganisation(req, res, null);
  const type = isOrganisationType(req.query.type) ? req.query.type : '';
  await renderOrganisationForm(req, res, null, { name: '', type, contact: '', address: '', email: '', phone: '', version: 0 });
}

/** `GET|POST /admin/prevention/organisations/{id}/edit` (optimistic lock). */
export async function organisationEdit(req: Request, res: Response): Promise<void> {
  const item = await organisationOr404(req);
  if (req.method === 'POST') return submitOrganisation(req, res, item);
  await renderOrganisationForm(req, res, item, { ...item });
}

/** `POST /admin/prevention/organisations/{id}/delete`. */
export async function organisationRemove(req: Request, res: Response): Promise<void> {
  answerRemoved(req, res, await removeOrganisation(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- lots and specifications (toggle lot_management)

/** `GET /admin/prevention/lots`: the lots, each with its specifications. */
export async function lotIndex(req: Request, res: Response): Promise<void> {
  const lots = await listLots(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'prevention-admin/lots', { title: req.t('prevention-admin.lots.title'), hideTitle: true, lots, toggle: LOT_TOGGLE });
}

type LabelTarget = { kind: 'lot'; id: number | null; version: number } | { kind: 'specification'; lotId: number; lotLabel: string; id: number | null; version: number };

async function renderLabelForm(req: Request, res: Response, target: LabelTarget, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const editing = target.id !== null;
  const title = target.kind === 'lot'
    ? req.t(editing ? 'prevention-admin.lots.edit_title' : 'prevention-admin.lots.new_title')
    : req.t(editing ? 'prevention-admin.specifications.edit_title' : 'prevention-admin.specifications.new_title', { lot: target.lotLabel });
  await renderScreen(req, res, 'prevention-admin/_label_form', { title, target, values, errors });
}

async function submitLabel(req: Request, res: Response, target: LabelTarget): Promise<void> {
  const formName = target.kind === 'lot' ? 'lot' : 'lot_specification';
  const form = parseForm(labelSchema, req.body, formName);
  if (!form.ok) return renderLabelForm(req, res, target, form.values, form.errors);
  const result = target.kind === 'lot'
    ? await saveLot(req.ctx.db, tenantOf(req), target.id, form.data)
    : await saveSpecification(req.ctx.db, tenantOf(req), target.lotId, target.id, form.data);
  await answerSave(req, res, result, target.id === null ? 'prevention-admin.flash.created' : 'prevention-admin.flash.updated', { label: form.data.label },
    (errors) => renderLabelForm(req, res, target, form.values, errors));
}

/** `GET|POST /admin/prevention/lots/new`. */
export async function lotAdd(req: Request, res: Response): Promise<void> {
  const target: LabelTarget = { kind: 'lot', id: null, version: 0 };
  if (req.method === 'POST') return submitLabel(req, res, target);
  await renderLabelForm(req, res, target, { label: '', version: 0 });
}

/** `GET|POST /admin/prevention/lots/{id}/edit`. */
export async function lotEdit(req: Request, res: Response): Promise<void> {
  const lot = await findLot(req.ctx.db, tenantOf(req), routeId(req));
  if (!lot) throw notFound();
  const target: LabelTarget = { kind: 'lot', id: lot.id, version: lot.version };
  if (req.method === 'POST') return submitLabel(req, res, target);
  await renderLabelForm(req, res, target, { label: lot.label, version: lot.version });
}

/** `POST /admin/prevention/lots/{id}/delete`. */
export async function lotRemove(req: Request, res: Response): Promise<void> {
  answerRemoved(req, res, await removeLot(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

/** `GET|POST /admin/prevention/lots/{lotId}/specifications/new`. */
export async function specificationAdd(req: Request, res: Response): Promise<void> {
  const lot = await findLot(req.ctx.db, tenantOf(req), routeId(req, 'lotId'));
  if (!lot) throw notFound();
  const target: LabelTarget = { kind: 'specification', lotId: lot.id, lotLabel: lot.label, id: null, version: 0 };
  if (req.method === 'POST') return submitLabel(req, res, target);
  await renderLabelForm(req, res, target, { label: '', version: 0 });
}

/** `GET|POST /admin/prevention/specifications/{id}/edit`. */
export async function specificationEdit(req: Request, res: Response): Promise<void> {
  const spec = await findSpecification(req.ctx.db, tenantOf(req), routeId(req));
  if (!spec) throw notFound();
  const lot = await findLot(req.ctx.db, tenantOf(req), spec.lotId);
  if (!lot) throw notFound();
  const target: LabelTarget = { kind: 'specification', lotId: lot.id, lotLabel: lot.label, id: spec.id, version: spec.version };
  if (req.method === 'POST') return submitLabel(req, res, target);
  await renderLabelForm(req, res, target, { label: spec.label, version: spec.version });
}

/** `POST /admin/prevention/specifications/{id}/delete`. */
export async function specificationRemove(req: Request, res: Response): Promise<void> {
  answerRemoved(req, res, await removeSpecification(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}
