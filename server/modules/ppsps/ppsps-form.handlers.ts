import type { Request, Response } from 'express';
import { isDraftSubmit, parseForm } from '../../kernel/http/forms';
import { HttpError } from '../../kernel/http/errors';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { saved, stale } from '../../kernel/http/respond';
import { resolvePpsps } from './ppsps-access';
import { ppspsFormChoices } from './ppsps-form.service';
import { ppspsSchema, requiredPpspsErrors } from './ppsps.schema';
import { findPpsps, formValues, referenceErrors, savePpsps, suggestedNumber, type PpspsRecord } from './ppsps.service';

interface FormState {
  ppsps: PpspsRecord | null;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

async function renderForm(req: Request, res: Response, s: FormState): Promise<void> {
  const choices = await ppspsFormChoices(req.ctx.db, req.authUser!.tenantId);
  const held = s.ppsps;
  const locals = {
    title: held ? req.t('ppsps.edit_title', { number: held.number }) : req.t('ppsps.new_title'),
    ppsps: held, values: s.values, errors: s.errors, choices,
    action: held ? req.ctx.routes.path('ppsps_edit', { id: held.id }) : req.ctx.routes.path('ppsps_add'),
    cancelUrl: held ? req.ctx.routes.path('ppsps_show', { id: held.id }) : req.ctx.routes.path('ppsps_index'),
    canDraft: !held || held.status === 'draft',
  };
  // A POST re-renders only the form: the client swaps it in place, nothing typed is lost.
  if (req.method === 'POST' && isFragmentRequest(req)) {
    res.status(200).type('html').send(await renderView(res, 'ppsps/_form', locals));
    return;
  }
  await renderScreen(req, res, 'ppsps/form', { ...locals, hideTitle: true });
}

async function submit(req: Request, res: Response, ppsps: PpspsRecord | null): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  const draft = isDraftSubmit(req.body) && (!ppsps || ppsps.status === 'draft');
  const form = parseForm(ppspsSchema, req.body, 'ppsps');
  if (!form.ok) {
    // Every message at once: the required fields are checked on what was typed correctly.
    const typed = Object.fromEntries(Object.entries(form.values).filter(([k]) => !(k in form.errors)));
    const lenient = ppspsSchema.safeParse(typed);
    const missing = !draft && lenient.success ? requiredPpspsErrors(lenient.data) : {};
    const errors = { ...missing, ...(form.errors as Record<string, string>) };
    return renderForm(req, res, { ppsps, values: form.values, errors });
  }
  const errors = {
    ...(draft ? {} : requiredPpspsErrors(form.data)),
    ...(await referenceErrors(req.ctx.db, tenantId, form.data, ppsps?.id ?? null)),
  };
  if (Object.keys(errors).length) return renderForm(req, res, { ppsps, values: form.values, errors });
  const result = await savePpsps(req.ctx.db, { tenantId, user: req.authUser!, id: ppsps?.id ?? null, data: form.data, draft });
  if (!result.ok) return stale(req, res);
  saved(req, res, ppsps ? 'ppsps.flash.updated' : 'ppsps.flash.created', { number: result.number }, req.ctx.routes.path('ppsps_show', { id: result.id }));
}

/** `GET|POST /ppsps/new` (ppsps_add): a new PPSPS, saved as a draft or checked in full. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  const number = await suggestedNumber(req.ctx.db, req.authUser!.tenantId);
  await renderForm(req, res, { ppsps: null, values: { version: 0, number, correspondentId: req.authUser!.id }, errors: {} });
}

/** `GET|POST /ppsps/{id}/edit` (ppsps_edit): a draft, by its people (ppsps.edit) or ppsps.manage. */
export async function edit(req: Request, res: Response): Promise<void> {
  const { ppsps: ref } = await resolvePpsps(req, req.routeParams.id, 'view');
  if (ref.status !== 'draft') throw new HttpError(403, 'ppsps.edit_locked');
  await resolvePpsps(req, ref.id, 'edit');
  const ppsps = await findPpsps(req.ctx.db, ref.tenantId, ref.id);
  if (!ppsps) throw new HttpError(404, 'errors.not_found.title');
  if (req.method === 'POST') return submit(req, res, ppsps);
  await renderForm(req, res, { ppsps, values: formValues(ppsps), errors: {} });
}
