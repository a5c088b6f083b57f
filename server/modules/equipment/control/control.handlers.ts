import type { Request, Response } from 'express';
import { z } from 'zod';
import { addFlash } from '../../../kernel/http/flash';
import { integer, optionalId, optionalText, requiredFrenchDate, requiredId, version } from '../../../kernel/http/fields';
import { isFragmentRequest, renderScreen, wantsJson } from '../../../kernel/http/render';
import { routeId, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { actionItems } from './control-actions.service';
import { controlIslandProps } from './control-props';
import { listSignatures } from './control-pdf';
import {
  formOf, listResults, requireControl, requireOpenControl, saveCheckpoint, saveGeneral, saveStep, startControl, validateGroup,
} from './control.service';

/** Answers a refusal as JSON `{message}` (the island and the AJAX forms show it). */
function refuse(req: Request, res: Response, status: number, key: string, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ message: req.t(key), ...extra });
}

/**
 * `POST /equipment/controls/{id}/control` (vgp_control_start): creates the in-progress control of
 * the controllable, or resumes it, then goes to its page. Without a form: the French reason (409
 * JSON for the client, a flash and back to the controllable otherwise).
 */
export async function start(req: Request, res: Response): Promise<void> {
  const outcome = await startControl(req.ctx.db, req.authUser!, routeId(req));
  if (!outcome.ok) {
    if (wantsJson(req) || isFragmentRequest(req)) { refuse(req, res, 409, outcome.reason); return; }
    addFlash(req, 'danger', outcome.reason);
    const back = req.ctx.routes.has('vgp_controllable_show') ? req.ctx.routes.path('vgp_controllable_show', { id: routeId(req) }) : req.ctx.routes.path('vgp_index');
    res.redirect(303, back);
    return;
  }
  const url = req.ctx.routes.path('vgp_control_show', { id: outcome.id });
  if (wantsJson(req) || isFragmentRequest(req)) res.status(201).json({ redirect: url, id: outcome.id, resumed: outcome.resumed });
  else res.redirect(303, url);
}

/**
 * `GET /equipment/control/{id}` (vgp_control_show): the four-step island of a control in
 * progress for who may validate; the read-only report otherwise (a done control, or a viewer).
 */
export async function show(req: Request, res: Response): Promise<void> {
  const control = await requireControl(req.ctx.db, req.authUser!, routeId(req));
  const form = await formOf(req.ctx.db, control);
  const results = await listResults(req.ctx.db, control.tenantId, control.id);
  const editable = control.state === 'in_progress' && can(req.authUser!, 'vgp.validate');
  const title = req.t('vgp-control.show.title', { name: control.controllableName });
  if (editable) {
    const props = await controlIslandProps(req, res, control, form, results);
    await renderScreen(req, res, 'equipment/control/show', { title, hideTitle: true, control, props, editable });
    return;
  }
  const byQuestion = new Map(results.map((r) => [r.questionId, r]));
  await renderScreen(req, res, 'equipment/control/show', {
    title, hideTitle: true, control, editable, form, byQuestion, actionItems: await actionItems(req.ctx.db, control, form, results),
    signatures: await listSignatures(req.ctx.db, control.tenantId, control.id),
  });
}

const checkpointBody = z.object({ questionId: requiredId(), answerId: optionalId(), comment: optionalText(5000) });

/**
 * `POST /equipment/control/{id}/checkpoint` (vgp_save_checkpoint, seed 001): saves the answer to
 * one checkpoint (questionId, answerId, comment). 200 `{result}`; 422 `{message}` when the
 * checkpoint is not of the control's form or the answer not of that checkpoint.
 */
export async function checkpoint(req: Request, res: Response): Promise<void> {
  const control = await requireOpenControl(req, routeId(req));
  const parsed = checkpointBody.safeParse(req.body ?? {});
  if (!parsed.success) { refuse(req, res, 422, 'vgp-control.errors.checkpoint'); return; }
  const saved = await saveCheckpoint(req.ctx.db, control, parsed.data);
  if (!saved.ok) { refuse(req, res, 422, saved.reason); return; }
  res.status(200).json({ result: saved.result });
}

/** `POST /equipment/control/{id}/groups/{groupId}/validate` (vgp_control_group): its unanswered checkpoints get the conforming answer. */
export async function group(req: Request, res: Response): Promise<void> {
  const control = await requireOpenControl(req, routeId(req));
  const outcome = await validateGroup(req.ctx.db, control, routeId(req, 'groupId'));
  if (!outcome.ok) { refuse(req, res, 422, outcome.reason); return; }
  res.status(200).json({ results: outcome.results });
}

const generalBody = z.object({
  controlDate: requiredFrenchDate(), controllerId: optionalId(), supervisorId: optionalId(), comment: optionalText(5000), version,
});

/**
 * `POST /equipment/control/{id}/general` (vgp_control_general): step 1, date (DD/MM/YYYY),
 * controller, supervisor, comment. 200 `{version}`; 422 `{errors}` by field (French); 409 stale.
 */
export async function general(req: Request, res: Response): Promise<void> {
  const control = await requireOpenControl(req, routeId(req));
  const parsed = generalBody.safeParse(req.body ?? {});
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= req.t(issue.message);
    res.status(422).json({ message: req.t('vgp-control.errors.general'), errors });
    return;
  }
  const saved = await saveGeneral(req.ctx.db, control, parsed.data);
  if (saved.ok) { res.status(200).json({ version: saved.version }); return; }
  if ('stale' in saved) { refuse(req, res, 409, 'errors.stale'); return; }
  const errors = Object.fromEntries(Object.entries(saved.errors).map(([k, v]) => [k, req.t(v)]));
  res.status(422).json({ message: req.t('vgp-control.errors.general'), errors });
}

const stepBody = z.object({ step: integer(1, 4, { fallback: 1 }) });

/** `POST /equipment/control/{id}/step` (vgp_control_step): the step reached, so a reload opens there. */
export async function step(req: Request, res: Response): Promise<void> {
  const control = await requireOpenControl(req, routeId(req));
  await saveStep(req.ctx.db, control, stepBody.parse(req.body ?? {}).step);
  res.status(200).json({ result: true });
}

/**
 * `POST /equipment/control/{id}/actions` (vgp_load_actions, seed 001): the action items, one per
 * result whose answer creates an action: comment, complement, resultId, deadline,
 * attachementUrl1, attachementUrl2.
 */
export async function loadActions(req: Request, res: Response): Promise<void> {
  const control = await requireControl(req.ctx.db, req.authUser!, routeId(req));
  const form = await formOf(req.ctx.db, control);
  const results = await listResults(req.ctx.db, tenantOf(req), control.id);
  res.status(200).json(await actionItems(req.ctx.db, control, form, results));
}
