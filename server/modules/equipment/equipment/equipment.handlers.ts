import type { Request, Response } from 'express';
import { todayIso } from '../../../kernel/clock';
import { addFlash } from '../../../kernel/http/flash';
import { MAX_ID } from '../../../kernel/http/fields';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { buildPager, pageRequest } from '../../../kernel/http/pagination';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { inHierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { can } from '../../../kernel/rights/registry';
import { sendFileOf } from '../../../kernel/storage';
import { DEADLINE_COLOURS, deadlineState } from '../core/deadline';
import { loadVgpScope, requireEquipment } from '../core/equipment-access';
import { equipmentPageTabs, type EquipmentSubject } from '../core/equipment-tabs';
import { equipmentChoices } from './equipment-choices';
import { EQUIPMENT_FORM, equipmentFilterSchema, equipmentSchema } from './equipment.schema';
import {
  choiceErrors, duplicateErrors, equipmentFormValues, findEquipment, listEquipment, removeEquipment, saveEquipment, setEquipmentArchived, type EquipmentRecord, type FileChanges,
} from './equipment.service';
import { equipmentFileErrors, keepEquipmentFiles, storage } from './equipment.uploads';

const MANAGE = 'vgp.equipment_manage';

/** `GET /equipment` (vgp_index): the equipment within the user's scope, searched and filtered, by name. */
export async function index(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const db = req.ctx.db;
  const filters = equipmentFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const scope = await loadVgpScope(db, user);
  const [{ rows, total }, choices] = await Promise.all([listEquipment(db, user.tenantId, scope, filters, page), equipmentChoices(db, user.tenantId, scope)]);
  const today = todayIso();
  await renderScreen(req, res, 'equipment/equipment/index', {
    title: req.t('equipment.equipment.title'), hideTitle: true, rows, filters, choices, pager: buildPager(req, page, total),
    filtered: !!(filters.q || filters.category || filters.entity), canManage: can(user, MANAGE), scoped: !scope.unrestricted,
    stateOf: (deadline: string | null) => deadlineState(deadline, today), colours: DEADLINE_COLOURS,
  });
}

interface FormState { record: EquipmentRecord | null; values: Record<string, unknown>; errors: Record<string, FieldError>; fileErrors?: Record<string, string> }

async function renderForm(req: Request, res: Response, s: FormState): Promise<void> {
  const user = req.authUser!;
  const choices = await equipmentChoices(req.ctx.db, user.tenantId, await loadVgpScope(req.ctx.db, user), s.record?.hierarchyItemId ?? null);
  await renderScreen(req, res, 'equipment/equipment/_form', {
    title: s.record ? req.t('equipment.equipment.edit_title', { name: s.record.name }) : req.t('equipment.equipment.new_title'),
    form: EQUIPMENT_FORM, record: s.record, values: s.values, errors: s.errors, fileErrors: s.fileErrors ?? {}, choices,
    action: s.record ? req.ctx.routes.path('vgp_equipment_edit', { id: s.record.id }) : req.ctx.routes.path('vgp_equipment_add'),
  });
}

async function submit(req: Request, res: Response, record: EquipmentRecord | null): Promise<void> {
  const user = req.authUser!;
  const form = parseForm(equipmentSchema, req.body, EQUIPMENT_FORM);
  const fileErrors = equipmentFileErrors(req);
  if (!form.ok || Object.keys(fileErrors).length) return renderForm(req, res, { record, values: form.values, errors: form.ok ? {} : form.errors, fileErrors });
  const scope = await loadVgpScope(req.ctx.db, user);
  const inScope = (itemId: number) => inHierarchyScope(scope, itemId) || itemId === record?.hierarchyItemId;
  const errors = await choiceErrors(req.ctx.db, user.tenantId, inScope, form.data);
  if (Object.keys(errors).length) return renderForm(req, res, { record, values: form.values, errors });
  const uniqueNumbers = (res.locals.toggles as Record<string, boolean> | undefined)?.machine_number_checks !== false;
  // Checked again under the lock when saving; asked first so a refused form keeps no file.
  const duplicates = uniqueNumbers ? await duplicateErrors(req.ctx.db, user.tenantId, record?.id ?? null, form.data) : {};
  if (Object.keys(duplicates).length) return renderForm(req, res, { record, values: form.values, errors: duplicates });
  const kept = await keepEquipmentFiles(req);
  const files: FileChanges = {};
  if (kept.photo) files.photoFileId = kept.photo; else if (form.data.removePhoto) files.photoFileId = null;
  if (kept.annex) files.annexFileId = kept.annex; else if (form.data.removeAnnex) files.annexFileId = null;
  const result = await saveEquipment(req.ctx.db, user.tenantId, record?.id ?? null, form.data, files, uniqueNumbers);
  if (!result.ok) return 'stale' in result ? stale(req, res) : renderForm(req, res, { record, values: form.values, errors: result.errors });
  saved(req, res, record ? 'equipment.equipment.flash.updated' : 'equipment.equipment.flash.created', { name: form.data.name },
    req.ctx.routes.path('vgp_equipment_show', { id: result.id }));
}

/** `GET|POST /equipment/new` (vgp_equipment_add): the equipment form (modal), photo and annex included. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  await renderForm(req, res, { record: null, values: { version: 0 }, errors: {} });
}

/** The equipment of the route checked for company and scope (404 otherwise; an id beyond the column's range too). */
async function subjectOf(req: Request): Promise<EquipmentSubject> {
  const id = routeId(req);
  if (!(Number.isSafeInteger(id) && id > 0 && id <= MAX_ID)) orNotFound(null);
  return requireEquipment(req.ctx.db, req.authUser!, id);
}

/** The equipment of the route with every field, checked for company and scope. */
async function loadRecord(req: Request): Promise<EquipmentRecord> {
  const ref = await subjectOf(req);
  return orNotFound(await findEquipment(req.ctx.db, tenantOf(req), ref.id));
}

/** `GET|POST /equipment/{id}/edit` (vgp_equipment_edit): with the optimistic lock (409 when stale). */
export async function edit(req: Request, res: Response): Promise<void> {
  const record = await loadRecord(req);
  if (req.method === 'POST') return submit(req, res, record);
  await renderForm(req, res, { record, values: equipmentFormValues(record), errors: {} });
}

/** `GET /equipment/{id}?tab=` (vgp_equipment_show): the tabs the parts register (general first); `?tab=` opens one. */
export async function show(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const subject = await subjectOf(req);
  const record = orNotFound(await findEquipment(req.ctx.db, tenantOf(req), subject.id));
  const registered = equipmentPageTabs.visibleTo(user, subject, res.locals.toggles);
  const tabs = [];
  for (const t of registered) tabs.push({ key: t.key, label: req.t(t.labelKey), icon: t.icon, badge: t.badge ? await t.badge(req, subject) : null });
  const asked = typeof req.query.tab === 'string' ? req.query.tab : '';
  const tab = registered.find((t) => t.key === asked) ?? registered[0];
  const tabHtml = tab ? await tab.render(req, subject) : '';
  await renderScreen(req, res, 'equipment/equipment/show', {
    title: record.name, hideTitle: true, record, tabs, active: tab?.key ?? '', defaultTab: registered[0]?.key ?? '', tabHtml, canManage: can(user, MANAGE),
  });
}

/** `POST /equipment/{id}/archive` (vgp_equipment_archive). */
export async function archive(req: Request, res: Response): Promise<void> {
  const record = await loadRecord(req);
  orNotFound((await setEquipmentArchived(req.ctx.db, tenantOf(req), record.id, true)) || null);
  removedWith(req, res, 'equipment.equipment.flash.archived', { name: record.name });
}

/** `POST /equipment/{id}/unarchive` (vgp_equipment_unarchive). */
export async function unarchive(req: Request, res: Response): Promise<void> {
  const record = await loadRecord(req);
  orNotFound((await setEquipmentArchived(req.ctx.db, tenantOf(req), record.id, false)) || null);
  removedWith(req, res, 'equipment.equipment.flash.unarchived', { name: record.name });
}

/** `POST /equipment/{id}/delete` (vgp_equipment_delete): 409 while controls, maintenance interventions or parts are attached. */
export async function remove(req: Request, res: Response): Promise<void> {
  const record = await loadRecord(req);
  const outcome = await removeEquipment(req.ctx.db, tenantOf(req), record.id);
  if (outcome.status === 'not_found') orNotFound(null);
  if (outcome.status === 'in_use') {
    const uses = outcome.uses.map((u) => req.t(u)).join(', ');
    res.status(409).json({ message: req.t('equipment.equipment.errors.in_use', { name: record.name, uses }) });
    return;
  }
  addFlash(req, 'success', 'equipment.equipment.flash.removed', { name: record.name });
  res.status(200).json({ message: req.t('equipment.equipment.flash.removed', { name: record.name }), redirect: req.ctx.routes.path('vgp_index') });
}

/** `GET /equipment/{id}/photo` (vgp_equipment_photo): the photo, inline, to who may see the equipment. */
export async function photo(req: Request, res: Response): Promise<void> {
  const record = await loadRecord(req);
  await sendFileOf(res, req.ctx.db.manager, storage, tenantOf(req), record.photoFileId, { inline: true });
}

/** `GET /equipment/{id}/annex` (vgp_equipment_annex): the annex file, as an attachment, to who may see the equipment. */
export async function annex(req: Request, res: Response): Promise<void> {
  const record = await loadRecord(req);
  await sendFileOf(res, req.ctx.db.manager, storage, tenantOf(req), record.annexFileId);
}
