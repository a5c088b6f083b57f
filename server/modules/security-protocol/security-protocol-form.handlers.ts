import type { Request, Response } from 'express';
import { isDraftSubmit, parseForm } from '../../kernel/http/forms';
import { HttpError } from '../../kernel/http/errors';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { saved, stale } from '../../kernel/http/respond';
import { resolveProtocol } from './security-protocol.access';
import { OPERATION_TYPES } from './security-protocol.entity';
import { protocolSchema, requiredFieldErrors } from './security-protocol.schema';
import {
  findProtocol, formValues, protocolFormChoices, referenceErrors, saveProtocol, suggestNumber, type ProtocolRecord,
} from './security-protocol.service';

interface FormState {
  protocol: ProtocolRecord | null;
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

async function renderProtocolForm(req: Request, res: Response, s: FormState): Promise<void> {
  const choices = await protocolFormChoices(req.ctx.db, req.authUser!.tenantId);
  const held = s.protocol;
  const locals = {
    title: held ? req.t('security-protocol.edit_title', { number: held.pdsNumber }) : req.t('security-protocol.new_title'),
    protocol: held, values: s.values, errors: s.errors, choices, operationTypes: OPERATION_TYPES,
    action: held ? req.ctx.routes.path('pds_edit', { id: held.id }) : req.ctx.routes.path('pds_add'),
    cancelUrl: held ? req.ctx.routes.path('pds_show', { id: held.id }) : req.ctx.routes.path('pds_index'),
    canDraft: !held || held.status === 'draft',
  };
  // A POST re-renders only the form: the client swaps it in place.
  if (req.method === 'POST' && isFragmentRequest(req)) {
    res.status(200).type('html').send(await renderView(res, 'security-protocol/_form', locals));
    return;
  }
  await renderScreen(req, res, 'security-protocol/form', { ...locals, hideTitle: true });
}

async function submit(req: Request, res: Response, protocol: ProtocolRecord | null): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  const draft = isDraftSubmit(req.body) && (!protocol || protocol.status === 'draft');
  const form = parseForm(protocolSchema, req.body, 'pds');
  if (!form.ok) {
    // Every message at once: the required fields are checked on what was typed correctly.
    const typed = Object.fromEntries(Object.entries(form.values).filter(([k]) => !(k in form.errors)));
    const lenient = protocolSchema.safeParse(typed);
    const missing = !draft && lenient.success ? requiredFieldErrors(lenient.data) : {};
    return renderProtocolForm(req, res, { protocol, values: form.values, errors: { ...missing, ...(form.errors as Record<string, string>) } });
  }
  const errors = {
    ...(draft ? {} : requiredFieldErrors(form.data)),
    ...(await referenceErrors(req.ctx.db, tenantId, form.data, protocol?.id ?? null)),
  };
  if (Object.keys(errors).length) return renderProtocolForm(req, res, { protocol, values: form.values, errors });
  const result = await saveProtocol(req.ctx.db, { tenantId, user: req.authUser!, id: protocol?.id ?? null, data: form.data, draft });
  if (!result.ok) {
    if ('taken' in result) return renderProtocolForm(req, res, { protocol, values: form.values, errors: { pdsNumber: 'security-protocol.validation.number_taken' } });
    return stale(req, res);
  }
  const key = protocol ? 'security-protocol.flash.updated' : 'security-protocol.flash.created';
  saved(req, res, key, { number: result.pdsNumber }, req.ctx.routes.path('pds_show', { id: result.id }));
}

/** `GET|POST /security-protocol/new` (pds_add): a new protocol, saved as a draft or checked in full. */
export async function add(req: Request, res: Response): Promise<void> {
  if (req.method === 'POST') return submit(req, res, null);
  const pdsNumber = await suggestNumber(req.ctx.db, req.authUser!.tenantId);
  await renderProtocolForm(req, res, { protocol: null, values: { version: 0, pdsNumber, responsibleId: req.authUser!.id }, errors: {} });
}

/** `GET|POST /security-protocol/{id}/edit` (pds_edit): a draft, by its editors. */
export async function edit(req: Request, res: Response): Promise<void> {
  const { protocol: ref } = await resolveProtocol(req, req.routeParams.id, 'view');
  // Once sent for signature, the protocol changes only through `update` (back to draft).
  if (ref.status !== 'draft') throw new HttpError(403, 'security-protocol.edit_locked');
  await resolveProtocol(req, ref.id, 'edit');
  const protocol = await findProtocol(req.ctx.db, ref.tenantId, ref.id);
  if (!protocol) throw new HttpError(404, 'errors.not_found.title');
  if (req.method === 'POST') return submit(req, res, protocol);
  await renderProtocolForm(req, res, { protocol, values: formValues(protocol), errors: {} });
}
