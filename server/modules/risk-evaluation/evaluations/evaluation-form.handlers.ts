import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { queryId } from '../../../kernel/http/fields';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen, renderView } from '../../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { can } from '../../../kernel/rights/registry';
import { evaluationAbilities, mayAddEvaluation, type EvaluationAbilities } from '../core/du-policy';
import { loadDuScope } from '../core/du-scope';
import { choiceErrors, ratingErrors } from '../core/du-evaluation-checks';
import { dangerChoices, evaluationFormChoices, placeChoices } from './evaluation-form';
import { EVALUATION_FORM, evaluationSchema, ratingSchema } from '../core/du-evaluation.schema';
import { findEvaluation, saveEvaluation, saveRating, type EvaluationRecord } from '../core/du-evaluation.service';

const NEW_ABILITIES: EvaluationAbilities = { view: true, editFully: true, editRating: true, archive: false, delete: false };

async function renderForm(req: Request, res: Response, record: EvaluationRecord | null, abilities: EvaluationAbilities, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const user = req.authUser!;
  const scope = await loadDuScope(req.ctx.db, user);
  const choices = await evaluationFormChoices(req.ctx.db, user.tenantId, scope, values, {
    itemId: record?.hierarchyItemId, workstationId: record?.workstationId, supervisorId: record?.supervisorId,
  });
  const mode = abilities.editFully ? 'full' : abilities.editRating ? 'rating' : 'read';
  await renderScreen(req, res, 'risk-evaluation/evaluations/form', {
    title: req.t(record ? (mode === 'read' ? 'risk-evaluation.form.show_title' : 'risk-evaluation.form.edit_title') : 'risk-evaluation.form.new_title'),
    record, values, errors, choices, mode, form: EVALUATION_FORM,
  });
}

/** The record as the form's typed values. */
const valuesOf = (r: EvaluationRecord): Record<string, unknown> => ({ ...r });

/** `GET|POST /unique-document/evaluations/new` (risk_evaluation_new): a new evaluation, the whole form. */
export async function evaluationNew(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  if (req.method === 'GET') {
    const defaults: Record<string, unknown> = { version: 0, supervisorId: user.id };
    const item = queryId.parse(req.query.item);
    if (item !== null) defaults.hierarchyItemId = item;
    return renderForm(req, res, null, NEW_ABILITIES, defaults);
  }
  const form = parseForm(evaluationSchema, req.body, EVALUATION_FORM);
  if (!form.ok) return renderForm(req, res, null, NEW_ABILITIES, form.values, form.errors);
  const errors = await choiceErrors(req.ctx.db, user.tenantId, await loadDuScope(req.ctx.db, user), form.data);
  if (Object.keys(errors).length) return renderForm(req, res, null, NEW_ABILITIES, form.values, errors);
  await saveEvaluation(req.ctx.db, user.tenantId, null, form.data);
  saved(req, res, 'risk-evaluation.flash.created');
}

/**
 * `GET|POST /unique-document/evaluations/{id}` (risk_evaluation_edit): the evaluation, editable as
 * the user's rights allow: every field (`unique_document.edit`), only the rating
 * (`unique_document.edit_rating`: the other fields are shown disabled and ignored when posted), or
 * read only. Outside the user's scope: 404.
 */
export async function evaluationEdit(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const record = orNotFound(await findEvaluation(req.ctx.db, user.tenantId, routeId(req)));
  const scope = await loadDuScope(req.ctx.db, user);
  const abilities = evaluationAbilities(user, scope, record.hierarchyItemId);
  if (!abilities.view) orNotFound(null);
  if (req.method === 'GET') return renderForm(req, res, record, abilities, valuesOf(record));
  if (!abilities.editRating) throw new HttpError(403, 'risk-evaluation.unauthorised');
  if (!abilities.editFully) {
    // Rating only: whatever else was posted is left out; the other fields keep the record's values.
    const form = parseForm(ratingSchema, req.body, EVALUATION_FORM);
    const shown = { ...valuesOf(record), ...pick(form.values, ['gravityId', 'probabilityId', 'controlId', 'residualLevelId', 'version']) };
    if (!form.ok) return renderForm(req, res, record, abilities, shown, form.errors);
    const errors = await ratingErrors(req.ctx.db, user.tenantId, form.data);
    if (Object.keys(errors).length) return renderForm(req, res, record, abilities, shown, errors);
    const result = await saveRating(req.ctx.db, user.tenantId, record.id, form.data);
    if (!result.ok) return stale(req, res);
    return saved(req, res, 'risk-evaluation.flash.saved');
  }
  const form = parseForm(evaluationSchema, req.body, EVALUATION_FORM);
  if (!form.ok) return renderForm(req, res, record, abilities, form.values, form.errors);
  const errors = await choiceErrors(req.ctx.db, user.tenantId, scope, form.data);
  if (Object.keys(errors).length) return renderForm(req, res, record, abilities, form.values, errors);
  const result = await saveEvaluation(req.ctx.db, user.tenantId, record.id, form.data);
  if (!result.ok) return stale(req, res);
  saved(req, res, 'risk-evaluation.flash.saved');
}

function pick(values: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in values).map((k) => [k, values[k]]));
}

/**
 * `POST /unique-document/evaluations/form` (risk_evaluation_form): the form re-posted when a
 * dependent select changes; answers the HTML of the block whose options depend on it (`_block`):
 * `place` (entity and work unit → workstations) or `danger` (danger family → associated risks and
 * their possible damages). Nothing is saved. For users who may add or edit an evaluation.
 */
export async function evaluationFormRefresh(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  if (!mayAddEvaluation(user) && !can(user, 'unique_document.edit')) throw new HttpError(403, 'risk-evaluation.unauthorised');
  const raw = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[EVALUATION_FORM] : undefined;
  const values = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : {};
  const tenantId = tenantOf(req);
  if (values._block === 'danger') {
    const danger = await dangerChoices(req.ctx.db, tenantId, values);
    res.status(200).type('html').send(await renderView(res, 'risk-evaluation/evaluations/_danger_block', { values, errors: {}, danger, editable: true, form: EVALUATION_FORM }));
    return;
  }
  const place = await placeChoices(req.ctx.db, tenantId, await loadDuScope(req.ctx.db, user), values);
  res.status(200).type('html').send(await renderView(res, 'risk-evaluation/evaluations/_place_block', { values, errors: {}, place, editable: true, form: EVALUATION_FORM }));
}
