import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { orNotFound, removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { answerRemoval } from '../core/du-http';
import { constraintSchema, criterionSchema } from './arduousness.schema';
import { listCriteria, removeConstraint, saveConstraint, saveCriterion, type ConstraintRow, type CriterionRow } from './arduousness.service';

/** `GET /unique-document/arduousness/criteria` (du_arduousness_criteria): the criteria and their constraints. */
export async function criteriaIndex(req: Request, res: Response): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/arduousness/criteria', {
    title: req.t('du-arduousness.criteria.title'), hideTitle: true, criteria: await listCriteria(req.ctx.db, tenantOf(req)),
  });
}

async function findCriterion(req: Request, id: number): Promise<CriterionRow> {
  return orNotFound((await listCriteria(req.ctx.db, tenantOf(req))).find((c) => c.id === id));
}

async function criterionForm(req: Request, res: Response, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/arduousness/_criterion_form', {
    title: req.t(id ? 'du-arduousness.criteria.edit_title' : 'du-arduousness.criteria.new_title'), id, values, errors,
  });
}

async function criterionSave(req: Request, res: Response, id: number | null): Promise<void> {
  const current = id === null ? null : await findCriterion(req, id);
  if (req.method === 'GET') return criterionForm(req, res, id, current ? { label: current.label, version: current.version } : { version: 0 });
  const form = parseForm(criterionSchema, req.body, 'du_arduousness_criterion');
  if (!form.ok) return criterionForm(req, res, id, form.values, form.errors);
  if (!(await saveCriterion(req.ctx.db, tenantOf(req), id, form.data))) return stale(req, res);
  saved(req, res, 'du-arduousness.flash.criterion_saved');
}

/** `GET|POST /unique-document/arduousness/criteria/new` (du_arduousness_criterion_new). */
export const criterionNew = (req: Request, res: Response) => criterionSave(req, res, null);
/** `GET|POST /unique-document/arduousness/criteria/{id}` (du_arduousness_criterion_edit). */
export const criterionEdit = (req: Request, res: Response) => criterionSave(req, res, routeId(req));

async function constraintForm(req: Request, res: Response, criterion: CriterionRow, id: number | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'risk-evaluation/arduousness/_constraint_form', {
    title: req.t(id ? 'du-arduousness.criteria.constraint_edit_title' : 'du-arduousness.criteria.constraint_new_title', { criterion: criterion.label }),
    criterion, id, values, errors,
  });
}

async function constraintSave(req: Request, res: Response, criterion: CriterionRow, current: ConstraintRow | null): Promise<void> {
  const id = current?.id ?? null;
  if (req.method === 'GET') return constraintForm(req, res, criterion, id, current ? { ...current } : { version: 0 });
  const form = parseForm(constraintSchema, req.body, 'du_arduousness_constraint');
  if (!form.ok) return constraintForm(req, res, criterion, id, form.values, form.errors);
  if (!(await saveConstraint(req.ctx.db, tenantOf(req), criterion.id, id, form.data))) return stale(req, res);
  saved(req, res, 'du-arduousness.flash.constraint_saved');
}

/** `GET|POST /unique-document/arduousness/criteria/{id}/constraints/new` (du_arduousness_constraint_new). */
export async function constraintNew(req: Request, res: Response): Promise<void> {
  return constraintSave(req, res, await findCriterion(req, routeId(req)), null);
}

/** `GET|POST /unique-document/arduousness/constraints/{id}` (du_arduousness_constraint_edit). */
export async function constraintEdit(req: Request, res: Response): Promise<void> {
  const criteria = await listCriteria(req.ctx.db, tenantOf(req));
  const criterion = orNotFound(criteria.find((c) => c.constraints.some((k) => k.id === routeId(req))));
  return constraintSave(req, res, criterion, criterion.constraints.find((k) => k.id === routeId(req))!);
}

/** `POST /unique-document/arduousness/constraints/{id}/delete` (du_arduousness_constraint_delete): refused while an exposure uses it. */
export async function constraintDelete(req: Request, res: Response): Promise<void> {
  const result = await removeConstraint(req.ctx.db, tenantOf(req), routeId(req));
  if (result !== 'not_found' && 'removed' in result) return removedWith(req, res, 'du-arduousness.flash.constraint_deleted');
  answerRemoval(req, res, result, 'du-arduousness.criteria.in_use');
}
