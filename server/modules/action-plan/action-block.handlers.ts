import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { sendStoredFile, StoredFile } from '../../kernel/storage';
import { translateReason } from '../../kernel/workflow';
import { blockIndex, historyHtml, renderBlock, type BlockOptions } from './action-block.render';
import { editableFields, mayComment } from './action-plan.policy';
import { ACTION_FORM, schemaFor, withDateMessages } from './action-plan.schema';
import { addProgressComment, findVisibleAction, type ActionView } from './action-plan.service';
import { submitAction } from './action-submit.service';
import { actionWorkflow } from './action-plan.workflow';
import { FILE_FIELDS, storage, type FileField } from './action-plan.uploads';

async function visibleOr404(req: Request): Promise<ActionView> {
  const action = await findVisibleAction(req.ctx.db, req.authUser!, Number(req.routeParams.id));
  if (!action) throw new HttpError(404, 'errors.not_found.title');
  return action;
}

async function reload(req: Request, id: number): Promise<ActionView> {
  const action = await findVisibleAction(req.ctx.db, req.authUser!, id);
  // The user may no longer see it (e.g. reassigned away from them): answer as for any missing action.
  if (!action) throw new HttpError(404, 'errors.not_found.title');
  return action;
}

/** The full page of an action: its block and its history. */
async function renderShow(req: Request, res: Response, action: ActionView, block: BlockOptions): Promise<void> {
  await renderScreen(req, res, 'action-plan/show', {
    title: req.t('action-plan.show.title', { id: action.id }), hideTitle: true, action,
    blockHtml: await renderBlock(req, res, action, { ...block, onPage: true }),
  });
}

/** `GET /action-plan/{id}`: the action page. */
export async function show(req: Request, res: Response): Promise<void> {
  await renderShow(req, res, await visibleOr404(req), { index: 0 });
}

/** `GET event_workflow_action`: the action block, in a modal for the client (`inModal`), else the page. */
export async function block(req: Request, res: Response): Promise<void> {
  const action = await visibleOr404(req);
  if (!isFragmentRequest(req)) {
    res.redirect(req.ctx.routes.path('action_plan_show', { id: action.id }));
    return;
  }
  await renderScreen(req, res, 'action-plan/block', {
    title: req.t('action-plan.show.title', { id: action.id }), blockHtml: await renderBlock(req, res, action, { index: blockIndex(req.query.index) }),
  });
}

/** Sends a block (the client swaps it in place), or the page when the browser posted without the client. */
async function replyBlock(req: Request, res: Response, action: ActionView, opts: BlockOptions, status = 200): Promise<void> {
  if (!isFragmentRequest(req)) {
    if (opts.notice?.type === 'success' && status === 200 && !opts.errors) {
      addFlash(req, 'success', opts.notice.message);
      res.redirect(303, req.ctx.routes.path('action_plan_show', { id: action.id }));
      return;
    }
    await renderShow(req, res, action, opts);
    return;
  }
  // The block of the action's page carries its history: answered with it, the history follows.
  const onPage = (Array.isArray(req.body?.onPage) ? req.body.onPage[0] : req.body?.onPage) === '1';
  res.status(status).type('html').send(await renderBlock(req, res, action, { ...opts, onPage }));
}

/**
 * `POST event_workflow_action` (multipart): saves the fields the user may edit and applies the
 * `workflow` transition when one is named. Answers the block: saved, or with its errors and the
 * typed values; 409 with the latest version when someone saved in between; 403/404 JSON.
 */
export async function submit(req: Request, res: Response): Promise<void> {
  const action = await visibleOr404(req);
  const user = req.authUser!;
  const index = blockIndex(req.body?.index);
  const workflow = typeof req.body?.workflow === 'string' ? req.body.workflow.trim().slice(0, 60) : '';
  const editable = editableFields(user, action);
  // A field the browser did not send was not on the page: it keeps its stored value.
  const posted = req.body && typeof req.body[ACTION_FORM] === 'object' ? Object.keys(req.body[ACTION_FORM]) : [];
  const form = parseForm(schemaFor(new Set(posted.filter((f) => editable.has(f)))), req.body, ACTION_FORM);
  const typed = { ...form.values, assigneeLabel: form.values.assigneeLabel ?? '' };
  const fileErrors: Record<string, FieldError> = {};
  for (const [field, e] of Object.entries(req.actionFileErrors ?? {})) if (e && editable.has(field)) fileErrors[field] = e;
  if (!form.ok || Object.keys(fileErrors).length) {
    return replyBlock(req, res, action, { index, values: typed, errors: { ...(form.ok ? {} : withDateMessages(form.errors)), ...fileErrors } });
  }
  const outcome = await submitAction(req.ctx.db, user, action, { data: form.data as any, workflow, files: req.actionFiles ?? {}, editable });
  if (outcome.kind === 'invalid') return replyBlock(req, res, action, { index, values: typed, errors: outcome.errors });
  if (outcome.kind === 'stale') {
    return replyBlock(req, res, await reload(req, action.id), { index, notice: { type: 'warning', message: req.t('errors.stale') } }, 409);
  }
  if (outcome.kind === 'refused') {
    res.status(outcome.status).json({ message: translateReason((k) => req.t(k), outcome.message) });
    return;
  }
  const saved = await findVisibleAction(req.ctx.db, user, action.id);
  if (!saved) {
    // Handed over to someone else: the change is done, the user no longer sees the action.
    const message = req.t('action-plan.flash.no_longer_visible', { id: action.id });
    if (!isFragmentRequest(req)) {
      addFlash(req, 'success', 'action-plan.flash.no_longer_visible', { id: action.id });
      res.redirect(303, req.ctx.routes.path('action_plan_mine'));
      return;
    }
    res.status(200).type('html').send(await renderView(res, 'action-plan/_gone', { index, actionId: action.id, message }));
    return;
  }
  const message = outcome.transition
    ? req.t('action-plan.flash.transitioned', { label: req.t(actionWorkflow.describe(outcome.transition).label), status: req.t(actionWorkflow.placeLabel(saved.status)) })
    : req.t('action-plan.flash.saved');
  const followUp = outcome.followUpId ? ` ${req.t('action-plan.flash.follow_up', { id: outcome.followUpId })}` : '';
  await replyBlock(req, res, saved, { index, notice: { type: 'success', message: message + followUp } });
}

/** `POST progress_comments_action`: adds a dated, authored progress comment; answers the block. */
export async function progressComment(req: Request, res: Response): Promise<void> {
  const action = await visibleOr404(req);
  const index = blockIndex(req.body?.index);
  if (!mayComment(req.authUser!, action)) throw new HttpError(403, 'action-plan.errors.comment_forbidden');
  const raw = Array.isArray(req.body?.comments) ? req.body.comments[0] : req.body?.comments;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const error = !text ? 'validation.required' : text.length > 5000 ? 'validation.too_long' : null;
  if (error) return replyBlock(req, res, action, { index, comment: { value: typeof raw === 'string' ? raw : '', error } });
  await addProgressComment(req.ctx.db, req.authUser!.tenantId, action.id, req.authUser!.id, text);
  await replyBlock(req, res, action, { index, notice: { type: 'success', message: req.t('action-plan.flash.comment_added') } });
}

/** `GET action_plan_history`: the history table (fragment; the page when opened directly). */
export async function history(req: Request, res: Response): Promise<void> {
  const action = await visibleOr404(req);
  await renderScreen(req, res, 'action-plan/history', { title: req.t('action-plan.history.title', { id: action.id }), historyHtml: await historyHtml(req, action.id) });
}

/** `GET action_plan_file`: an attachment of a visible action. */
export async function file(req: Request, res: Response): Promise<void> {
  const action = await visibleOr404(req);
  const kind = req.routeParams.kind as FileField;
  if (!Object.prototype.hasOwnProperty.call(FILE_FIELDS, kind) || !action.files[kind]) throw new HttpError(404, 'errors.not_found.title');
  const stored = await req.ctx.db.getRepository(StoredFile).findOneBy({ id: action.files[kind]!.id, tenantId: action.tenantId });
  if (!stored) throw new HttpError(404, 'errors.not_found.title');
  await sendStoredFile(res, storage, stored);
}


