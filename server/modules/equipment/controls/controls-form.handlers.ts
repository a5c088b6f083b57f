import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { routeId, saved, stale } from '../../../kernel/http/respond';
import { keepUploads } from '../../../kernel/uploads';
import { can } from '../../../kernel/rights/registry';
import { FREQUENCY_UNITS } from '../core/deadline';
import { requireControllable } from '../core/equipment-access';
import { PRESET_CODES, PRESETS } from '../core/presets';
import { controllableFormOptions } from './controls-options';
import { isoToFrenchDate } from './controls-dates';
import { controllableSchema, planSchema } from './controls.schema';
import { equipmentDefaults, findControllable, planControllable, referenceErrors, saveControllable, type ControllableRecord, type ModusFileChange } from './controls.service';
import { storage } from './controls.uploads';
import { recordValues } from './controls-values';

const positive = (v: unknown): number | null => { const n = Number(v); return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null; };
// A digits-only stand-in that `path()` accepts, swapped for `{id}` the dependent select fills.
const FAMILY_ID_SLOT = 999_999_999;

/** The URL template of `vgp_family` (`…/{id}.json`), or null while the catalogue part has not declared it. */
function familyUrl(req: Request): string | null {
  return req.ctx.routes.has('vgp_family') ? req.ctx.routes.path('vgp_family', { id: FAMILY_ID_SLOT }).replace(String(FAMILY_ID_SLOT), '{id}') : null;
}

/** Fills frequency and unit from a preset just chosen (not from one already applied: the user may have changed them). */
function applyPreset(values: Record<string, unknown>): Record<string, unknown> {
  const preset = typeof values.preset === 'string' ? values.preset : '';
  if (!preset || preset === values.presetApplied || !PRESETS[preset]) return values;
  return { ...values, frequency: String(PRESETS[preset].frequency), frequencyUnit: PRESETS[preset].unit, presetApplied: preset };
}

async function renderForm(req: Request, res: Response, record: ControllableRecord | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}, fileError: string | null = null): Promise<void> {
  const options = await controllableFormOptions(req.ctx.db, req.authUser!, {
    equipment: positive(values.equipment) ?? record?.equipmentId, category: positive(values.category), operator: record?.operatorId, form: record?.formId,
  });
  await renderScreen(req, res, 'equipment/controls/_form', {
    title: req.t(record ? 'vgp-controls.form.edit_title' : 'vgp-controls.form.add_title'), record, values, errors, fileError, options,
    units: FREQUENCY_UNITS, presets: PRESET_CODES, familyUrl: familyUrl(req), canPlan: can(req.authUser!, 'vgp.plan'),
  });
}

async function save(req: Request, res: Response, record: ControllableRecord | null): Promise<void> {
  const form = parseForm(controllableSchema, req.body, 'vgp_controllable');
  const refused = req.uploadErrors?.[0];
  const fileError = refused ? req.t(refused.key, refused.params) : null;
  if (!form.ok || fileError) return renderForm(req, res, record, form.values, form.ok ? {} : form.errors, fileError);
  const before = record ? { equipmentId: record.equipmentId, plannedDate: record.plannedDate } : null;
  // Checked before the file is kept, so a refused form leaves no stored file behind.
  const refusedRefs = await referenceErrors(req.ctx.db, req.authUser!, form.data, before?.equipmentId ?? null);
  if (Object.keys(refusedRefs).length) return renderForm(req, res, record, form.values, refusedRefs);
  const staged = req.uploads?.[0];
  let file: ModusFileChange = form.data.removeModusFile ? { remove: true } : null;
  if (staged) file = { set: (await keepUploads(req, storage, [staged]))[0].id };
  const result = await saveControllable(req.ctx.db, req.authUser!, record?.id ?? null, form.data, file, before);
  if (result.ok) return saved(req, res, 'vgp-controls.flash.saved', { name: form.data.name, deadline: isoToFrenchDate(result.deadline) || '—' }, record ? undefined : req.ctx.routes.path('vgp_controllable_show', { id: result.id }));
  if ('stale' in result) return stale(req, res);
  return renderForm(req, res, record, form.values, result.errors);
}

/** `GET|POST /equipment/controls/new?equipment=` (vgp_controllable_add): the equipment, its category and its category's preset prefilled. */
export async function controllableAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return save(req, res, null);
  const values: Record<string, unknown> = { frequencyUnit: 'month', version: 0 };
  const equipmentId = positive(req.query.equipment);
  const equipment = equipmentId ? await equipmentDefaults(req.ctx.db, req.authUser!, equipmentId) : null;
  if (equipment) Object.assign(values, { equipment: String(equipment.id), name: equipment.name, category: equipment.categoryId ? String(equipment.categoryId) : '', preset: equipment.preset ?? '' });
  await renderForm(req, res, null, applyPreset(values));
}

/** `GET|POST /equipment/controls/{id}/edit` (vgp_controllable_edit). */
export async function controllableEdit(req: Request, res: Response): Promise<void> {
  await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  const record = (await findControllable(req.ctx.db, req.authUser!.tenantId, routeId(req)))!;
  if (req.method === 'POST') return save(req, res, record);
  await renderForm(req, res, record, recordValues(record));
}

/** `POST /equipment/controls/form-fields` (vgp_controllable_form_fields): the frequency block again, filled from a preset just chosen. */
export async function controllableFormFields(req: Request, res: Response): Promise<void> {
  const raw = (req.body?.vgp_controllable ?? {}) as Record<string, unknown>;
  const pick = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string).slice(0, 40) : '');
  const values = applyPreset({ preset: pick('preset'), presetApplied: pick('presetApplied'), frequency: pick('frequency'), frequencyUnit: pick('frequencyUnit') });
  res.send(await renderView(res, 'equipment/controls/_frequency_block', { values, errors: {}, units: FREQUENCY_UNITS, presets: PRESET_CODES }));
}

/** `GET|POST /equipment/controls/{id}/plan` (vgp_controllable_plan, vgp.plan): the planned date alone. */
export async function controllablePlan(req: Request, res: Response): Promise<void> {
  const subject = await requireControllable(req.ctx.db, req.authUser!, routeId(req));
  const record = (await findControllable(req.ctx.db, req.authUser!.tenantId, subject.id))!;
  const show = (values: Record<string, unknown>, errors: Record<string, FieldError> = {}) =>
    renderScreen(req, res, 'equipment/controls/_plan_form', { title: req.t('vgp-controls.plan.title'), record, values, errors });
  if (req.method !== 'POST') return show({ plannedDate: isoToFrenchDate(record.plannedDate), version: record.version });
  const form = parseForm(planSchema, req.body, 'vgp_controllable_plan');
  if (!form.ok) return show(form.values, form.errors);
  if (!(await planControllable(req.ctx.db, subject.tenantId, subject.id, form.data.plannedDate, form.data.version))) return stale(req, res);
  saved(req, res, 'vgp-controls.flash.planned', { name: record.name, date: isoToFrenchDate(form.data.plannedDate) || '—' });
}
