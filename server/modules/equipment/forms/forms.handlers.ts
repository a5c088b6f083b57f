import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { questionnaireEditorUrl } from '../../questionnaire/questionnaire.service';
import { vgpFormSchema } from './forms.schema';
import { createVgpForm, findVgpForm, listVgpForms, removeVgpForm, renameVgpForm, type VgpFormRow } from './forms.service';

/** `GET /equipment/forms` (vgp_form_index): the control forms with their structure and use. */
export async function formIndex(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'equipment/forms/index', { hideTitle: true, title: req.t('vgp-forms.title'), rows: await listVgpForms(req.ctx.db, tenantOf(req)) });
}

async function showForm(req: Request, res: Response, form: VgpFormRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const action = form ? req.ctx.routes.path('vgp_form_edit', { id: form.id }) : req.ctx.routes.path('vgp_form_add');
  await renderScreen(req, res, 'equipment/forms/_form', { title: req.t(form ? 'vgp-forms.edit' : 'vgp-forms.add'), action, form, values, errors });
}

/** `GET|POST /equipment/forms/new` (vgp_form_add): a name; the new form opens in the questionnaire editor. */
export async function formAdd(req: Request, res: Response): Promise<void> {
  if (req.method === 'GET') return showForm(req, res, null, { version: 0 });
  const parsed = parseForm(vgpFormSchema, req.body, 'vgp_form');
  if (!parsed.ok) return showForm(req, res, null, parsed.values, parsed.errors);
  const id = await createVgpForm(req.ctx.db, tenantOf(req), parsed.data);
  saved(req, res, 'vgp-forms.flash.saved', { name: parsed.data.name }, questionnaireEditorUrl(req.ctx.routes, id));
}

/** `GET|POST /equipment/forms/{id}/edit` (vgp_form_edit): renames the form (version checked). */
export async function formEdit(req: Request, res: Response): Promise<void> {
  const form = orNotFound(await findVgpForm(req.ctx.db, tenantOf(req), routeId(req)));
  if (req.method === 'GET') return showForm(req, res, form, { name: form.name, version: form.version });
  const parsed = parseForm(vgpFormSchema, req.body, 'vgp_form');
  if (!parsed.ok) return showForm(req, res, form, parsed.values, parsed.errors);
  if (!(await renameVgpForm(req.ctx.db, tenantOf(req), form.id, parsed.data))) return stale(req, res);
  saved(req, res, 'vgp-forms.flash.saved', { name: parsed.data.name });
}

/** `POST /equipment/forms/{id}/delete` (vgp_form_delete): to the trash, 409 while a control uses the form. */
export async function formDelete(req: Request, res: Response): Promise<void> {
  const result = await removeVgpForm(req.ctx.db, tenantOf(req), routeId(req), req.authUser!.id);
  orNotFound(result === 'not_found' ? null : result);
  if (result === 'in_use') {
    res.status(409).json({ message: req.t('vgp-forms.in_use') });
    return;
  }
  removedWith(req, res, 'vgp-forms.flash.trashed');
}
