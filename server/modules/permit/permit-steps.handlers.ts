import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { parseForm } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, tenantOf } from '../../kernel/http/respond';
import { parseResponses, validateTenantReferences } from '../questionnaire/questionnaire.service';
import { parseSignatureForm, signatureFormLocals, type SignatureFormErrors, type SignatureInputData } from '../user-signature/signature-form';
import { resolvePermit, type PermitRef } from './permit.access';
import { secondSignatureRefusal } from './permit.policy';
import { permitShowUrl, validationRefusals } from './permit.handlers';
import { signatureSchema, stepSchema } from './permit.schema';
import { findPermit, listSignatures, remainingSteps } from './permit.service';
import { addSignature, deleteSignature, doStep, findSignature, stepChecklist } from './permit-steps.service';
import type { PermitStep, PermitTypeDef } from './permit-types';

/** The step `{step}` of the route if it is the permit's next one; 409 otherwise (done, or an earlier one is missing). */
async function nextStepOf(req: Request, permit: PermitRef, type: PermitTypeDef): Promise<PermitStep> {
  const step = String(req.routeParams.step) as PermitStep;
  if (!type.steps.includes(step)) throw new HttpError(404, 'errors.not_found.title');
  const record = orNotFound(await findPermit(req.ctx.db, permit.tenantId, permit.id));
  const next = remainingSteps(type, record.steps.map((s) => s.step))[0];
  if (next !== step) throw new HttpError(409, next ? 'permit.errors.step_order' : 'permit.errors.closed');
  return step;
}

/** Why this signer may not sign `step` of the permit (they already did, under another quality), in French; null when they may. */
async function secondSignature(req: Request, permit: PermitRef, step: PermitStep, s: SignatureInputData): Promise<string | null> {
  const given = await listSignatures(req.ctx.db, permit.tenantId, permit.id);
  const key = secondSignatureRefusal(given, step, { userId: s.usedSaved ? req.authUser!.id : null, name: s.name });
  return key ? req.t(key, { step: req.t(`permit.steps.${step}`) }) : null;
}

async function userName(req: Request): Promise<string> {
  const [u] = await req.ctx.db.query(
    `SELECT coalesce(NULLIF(trim(coalesce(last_name, '') || ' ' || coalesce(first_name, '')), ''), username) AS name FROM app_user WHERE id = $1`, [req.authUser!.id]);
  return u?.name ?? '';
}

interface StepLocals {
  values?: Record<string, unknown>; errors?: Record<string | number, string>; form?: Record<string, unknown>; formErrors?: Record<string, string>;
  signatureErrors?: SignatureFormErrors; signatureValues?: { name?: string; useSaved?: boolean };
}

async function renderStep(req: Request, res: Response, permit: PermitRef, type: PermitTypeDef, step: PermitStep, tree: Awaited<ReturnType<typeof stepChecklist>>, l: StepLocals): Promise<void> {
  const action = req.ctx.routes.path(type.routes.step, { id: permit.id, step });
  const signature = await signatureFormLocals(req, {
    action, title: '', nameEnabled: true, signerName: await userName(req), offerSaved: true, errors: l.signatureErrors, values: l.signatureValues,
  });
  await renderScreen(req, res, 'permit/_step_form', {
    title: req.t('permit.step_title', { step: req.t(`permit.steps.${step}`), number: permit.number }), permit, type, step, tree, action, signature,
    values: l.values ?? {}, errors: l.errors ?? {}, form: l.form ?? {}, formErrors: l.formErrors ?? {},
  });
}

/**
 * `GET|POST /<slug>/{id}/step/{step}` (`<prefix>_step`): does the next control step — the
 * checklist (the type's survey), a comment and the signer's signature (shared signature island).
 * Ability `steps`; 409 when it is not the next step; 403 with the reason when a rule contributed
 * before validation refuses the before-work step (`permitChecks`).
 */
export const permitStep = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { permit } = await resolvePermit(req, req.routeParams.id, type, 'steps');
  const step = await nextStepOf(req, permit, type);
  // The same rules the page draws beside the disabled button: no work before, say, the machine is locked out.
  const [refusal] = await validationRefusals(req, permit, step);
  if (refusal) throw new HttpError(403, refusal.key, refusal.params);
  const tree = await stepChecklist(req.ctx.db, permit.tenantId, type);
  if (req.method !== 'POST') return renderStep(req, res, permit, type, step, tree, {});
  const form = parseForm(stepSchema, req.body, 'step');
  const answers = tree ? parseResponses(tree, req.body ?? {}, req.answerFiles, { draft: false }) : { values: {}, errors: {} };
  const refErrors = tree ? await validateTenantReferences(req.ctx.db.manager, permit.tenantId, tree, answers.values) : {};
  const signature = await parseSignatureForm(req, { nameEnabled: true, defaultName: '', watermark: false });
  const errors = { ...refErrors, ...answers.errors } as Record<string | number, string>;
  const twice = signature.ok ? await secondSignature(req, permit, step, signature.signature) : null;
  if (!form.ok || Object.keys(errors).length || !signature.ok || twice) {
    return renderStep(req, res, permit, type, step, tree, {
      values: answers.values as Record<string, unknown>, errors, form: form.values, formErrors: form.ok ? {} : form.errors,
      signatureErrors: signature.ok ? (twice ? { form: twice } : {}) : signature.errors,
      signatureValues: signature.ok ? { name: signature.signature.name, useSaved: signature.signature.usedSaved } : signature.values,
    });
  }
  const done = await doStep(req.ctx.db, permit, type, {
    step, tree, values: answers.values as Record<string, unknown>, comment: form.data.comment, quality: form.data.quality, signature: signature.signature, userId: req.authUser!.id,
  });
  if (!done) throw new HttpError(409, 'permit.errors.step_order');
  saved(req, res, 'permit.flash.step_done', { step: req.t(`permit.steps.${step}`), number: permit.number }, permitShowUrl(req, type, permit.id));
};

/** `GET /fire-permit/{id}/signatures` (fire_permit_signature_list): the signatures of the permit by step (fragment or page). */
export const signatureList = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { permit, abilities } = await resolvePermit(req, req.routeParams.id, type, 'view');
  const signatures = await listSignatures(req.ctx.db, permit.tenantId, permit.id);
  await renderScreen(req, res, 'permit/signatures', { title: req.t('permit.signatures.title', { number: permit.number }), permit, type, signatures, abilities });
};

/**
 * `GET|POST /fire-permit/{id}/signature/add` (fire_permit_signature_add): another signer of a
 * step already reached (ability `steps`): step, quality and the shared signature island.
 */
export const signatureAdd = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const { permit } = await resolvePermit(req, req.routeParams.id, type, 'steps');
  const record = orNotFound(await findPermit(req.ctx.db, permit.tenantId, permit.id));
  // A signature belongs to a step being done or done: the done ones and the next one.
  const reached = type.steps.filter((s) => record.steps.some((d) => d.step === s) || remainingSteps(type, record.steps.map((d) => d.step))[0] === s);
  const action = req.ctx.routes.path(type.routes.signatureAdd, { id: permit.id });
  const render = async (values: Record<string, unknown>, errors: Record<string, string>, sig: { errors?: SignatureFormErrors; values?: { name?: string; useSaved?: boolean } } = {}) => {
    const signature = await signatureFormLocals(req, { action, title: '', nameEnabled: true, offerSaved: false, errors: sig.errors, values: sig.values });
    await renderScreen(req, res, 'permit/_signature_form', { title: req.t('permit.signatures.add_title', { number: permit.number }), permit, type, reached, action, values, errors, signature });
  };
  if (req.method !== 'POST') return render({ step: reached[reached.length - 1] }, {});
  const form = parseForm(signatureSchema, req.body, 'permit_signature');
  const signature = await parseSignatureForm(req, { nameEnabled: true, defaultName: '', watermark: false });
  const stepErrors: Record<string, string> = form.ok && !reached.includes(form.data.step) ? { step: 'permit.errors.step_not_reached' } : {};
  const twice = form.ok && signature.ok && !Object.keys(stepErrors).length ? await secondSignature(req, permit, form.data.step, signature.signature) : null;
  if (!form.ok || !signature.ok || Object.keys(stepErrors).length || twice) {
    return render(form.values, form.ok ? stepErrors : form.errors,
      !signature.ok ? { errors: signature.errors, values: signature.values } : twice ? { errors: { form: twice }, values: { name: signature.signature.name } } : {});
  }
  await addSignature(req.ctx.db, permit, form.data.step, signature.signature, form.data.quality, req.authUser!.id);
  saved(req, res, 'permit.flash.signature_added', { name: signature.signature.name }, req.ctx.routes.path(type.routes.show, { id: permit.id }));
};

/** `POST /fire-permit/signature/{id}/delete` (fire_permit_signature_delete): removes a signature of a permit not closed (ability `edit`). */
export const signatureDelete = (type: PermitTypeDef) => async (req: Request, res: Response): Promise<void> => {
  const signature = orNotFound(await findSignature(req.ctx.db, tenantOf(req), routeId(req)));
  const { permit } = await resolvePermit(req, signature.permitId, type, 'edit');
  await deleteSignature(req.ctx.db, permit, signature, req.authUser!.id);
  removedWith(req, res, 'permit.flash.signature_deleted', { name: signature.signerName });
};
