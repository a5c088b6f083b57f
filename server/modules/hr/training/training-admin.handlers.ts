import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { themeSchema, formationSchema, trainerSchema } from './training.schema';
import {
  findFormation, findTheme, findTrainer, listFormations, listThemes, listTrainers, removeFormation, removeTheme, removeTrainer,
  saveFormation, saveTheme, saveTrainer, userOptions, type FormationRow, type RemoveResult, type SaveResult, type ThemeRow, type TrainerRow,
} from './training-admin.service';

/** Answers a save: 201 with a flash, the form again with its errors (200), or 409 when stale. */
export async function answerSave(req: Request, res: Response, result: SaveResult, flashKey: string, params: Record<string, unknown>, rerender: (errors: Record<string, FieldError>) => Promise<void>): Promise<void> {
  if (!result.ok) {
    if ('stale' in result) return stale(req, res);
    return rerender(result.errors);
  }
  saved(req, res, flashKey, params);
}

/** Answers a removal: 200 moved to the trash, 409 with the "in use" message, 404 unknown. */
export function answerRemove(req: Request, res: Response, result: RemoveResult, inUseKey = 'hr-training.errors.in_use'): void {
  orNotFound(result === 'not_found' ? null : result);
  if (result === 'in_use') {
    res.status(409).json({ message: req.t(inUseKey) });
    return;
  }
  removedWith(req, res, 'hr-training.flash.trashed');
}

const tabs = (active: string) => ({ adminTab: active, hideTitle: true });

// ---------------------------------------------------------------- formations

/** `GET /rh/formations` (rh_formation_index): the formations, by theme. */
export async function formationIndex(req: Request, res: Response): Promise<void> {
  const themeId = Number(req.query.theme) || null;
  const [rows, themes] = await Promise.all([listFormations(req.ctx.db, tenantOf(req), { themeId }), listThemes(req.ctx.db, tenantOf(req))]);
  await renderScreen(req, res, 'hr/training/formations', { title: req.t('hr-training.formations.title'), ...tabs('formations'), rows, themes, themeId });
}

async function renderFormationForm(req: Request, res: Response, item: FormationRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const [themes, trainers] = await Promise.all([listThemes(req.ctx.db, tenantOf(req)), listTrainers(req.ctx.db, tenantOf(req))]);
  const title = req.t(item ? 'hr-training.formations.edit_title' : 'hr-training.formations.new_title');
  await renderScreen(req, res, 'hr/training/_formation_form', { title, item, values, errors, themes, trainers });
}

async function submitFormation(req: Request, res: Response, item: FormationRow | null): Promise<void> {
  const form = parseForm(formationSchema, req.body, 'formation');
  if (!form.ok) return renderFormationForm(req, res, item, form.values, form.errors);
  const result = await saveFormation(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  await answerSave(req, res, result, item ? 'hr-training.flash.updated' : 'hr-training.flash.created', { label: form.data.name },
    (errors) => renderFormationForm(req, res, item, form.values, errors));
}

/** `GET|POST /rh/formations/new` (rh_formation_add). */
export async function formationAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitFormation(req, res, null);
  await renderFormationForm(req, res, null, { name: '', theme: req.query.theme ?? '', validityMonths: '', alertDays: '', permanent: false, displayed: true, employerAuthorization: false, trainers: [], version: 0 });
}

/** `GET|POST /rh/formations/{id}/edit` (rh_formation_edit, optimistic lock). */
export async function formationEdit(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findFormation(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submitFormation(req, res, item);
  await renderFormationForm(req, res, item, { ...item, theme: item.themeId ?? '', validityMonths: item.validityMonths ?? '', alertDays: item.alertDays ?? '', trainers: item.trainerIds });
}

/** `POST /rh/formations/{id}/delete` (rh_formation_delete): to the trash unless in use. */
export async function formationDelete(req: Request, res: Response): Promise<void> {
  answerRemove(req, res, await removeFormation(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- themes

/** `GET /rh/formation-themes` (rh_formation_theme_index). */
export async function themeIndex(req: Request, res: Response): Promise<void> {
  const rows = await listThemes(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'hr/training/themes', { title: req.t('hr-training.themes.title'), ...tabs('themes'), rows });
}

async function renderThemeForm(req: Request, res: Response, item: ThemeRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'hr/training/_theme_form', { title: req.t(item ? 'hr-training.themes.edit_title' : 'hr-training.themes.new_title'), item, values, errors });
}

async function submitTheme(req: Request, res: Response, item: ThemeRow | null): Promise<void> {
  const form = parseForm(themeSchema, req.body, 'formation_theme');
  if (!form.ok) return renderThemeForm(req, res, item, form.values, form.errors);
  const result = await saveTheme(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  await answerSave(req, res, result, item ? 'hr-training.flash.updated' : 'hr-training.flash.created', { label: form.data.name },
    (errors) => renderThemeForm(req, res, item, form.values, errors));
}

/** `GET|POST /rh/formation-themes/new` (rh_formation_theme_add). */
export async function themeAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitTheme(req, res, null);
  await renderThemeForm(req, res, null, { name: '', version: 0 });
}

/** `GET|POST /rh/formation-themes/{id}/edit` (rh_formation_theme_edit). */
export async function themeEdit(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findTheme(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submitTheme(req, res, item);
  await renderThemeForm(req, res, item, { ...item });
}

/** `POST /rh/formation-themes/{id}/delete` (rh_formation_theme_delete). */
export async function themeDelete(req: Request, res: Response): Promise<void> {
  answerRemove(req, res, await removeTheme(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}

// ---------------------------------------------------------------- trainers

/** `GET /rh/trainers` (rh_trainer_index). */
export async function trainerIndex(req: Request, res: Response): Promise<void> {
  const rows = await listTrainers(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'hr/training/trainers', { title: req.t('hr-training.trainers.title'), ...tabs('trainers'), rows });
}

async function renderTrainerForm(req: Request, res: Response, item: TrainerRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const users = await userOptions(req.ctx.db, tenantOf(req));
  await renderScreen(req, res, 'hr/training/_trainer_form', { title: req.t(item ? 'hr-training.trainers.edit_title' : 'hr-training.trainers.new_title'), item, values, errors, users });
}

async function submitTrainer(req: Request, res: Response, item: TrainerRow | null): Promise<void> {
  const form = parseForm(trainerSchema, req.body, 'trainer');
  if (!form.ok) return renderTrainerForm(req, res, item, form.values, form.errors);
  const result = await saveTrainer(req.ctx.db, tenantOf(req), item?.id ?? null, form.data);
  await answerSave(req, res, result, item ? 'hr-training.flash.updated' : 'hr-training.flash.created', { label: form.data.name },
    (errors) => renderTrainerForm(req, res, item, form.values, errors));
}

/** `GET|POST /rh/trainers/new` (rh_trainer_add). */
export async function trainerAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submitTrainer(req, res, null);
  await renderTrainerForm(req, res, null, { name: '', company: '', email: '', phone: '', user: '', version: 0 });
}

/** `GET|POST /rh/trainers/{id}/edit` (rh_trainer_edit). */
export async function trainerEdit(req: Request, res: Response): Promise<void> {
  const item = orNotFound(await findTrainer(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'POST') return submitTrainer(req, res, item);
  await renderTrainerForm(req, res, item, { ...item, user: item.userId ?? '' });
}

/** `POST /rh/trainers/{id}/delete` (rh_trainer_delete). */
export async function trainerDelete(req: Request, res: Response): Promise<void> {
  answerRemove(req, res, await removeTrainer(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id));
}
