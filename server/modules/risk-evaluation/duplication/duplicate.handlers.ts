import type { Request, Response } from 'express';
import { HttpError } from '../../../kernel/http/errors';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { saved, tenantOf } from '../../../kernel/http/respond';
import { idList } from '../../../kernel/http/fields';
import { entityChoices } from '../core/du-places.service';
import { loadDuScope } from '../core/du-scope';
import { DUPLICATE_FORM, duplicateSchema } from './duplicate.schema';
import { duplicateEvaluations } from './duplicate.service';

/** The ids of the query string (`?ids=1,2` or `?ids[]=1&ids[]=2`); bad ones are ignored. */
function queryIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const parsed = idList({ max: 200 }).safeParse(list.filter((x) => typeof x === 'string' && /^\d{1,10}$/.test(x.trim())).map((x) => String(x).trim()));
  return parsed.success ? parsed.data : [];
}

async function duplicateForm(req: Request, res: Response, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const user = req.authUser!;
  const ids = Array.isArray(values.ids) ? values.ids.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  const scope = await loadDuScope(req.ctx.db, user);
  const lines: Array<{ id: number; dangerous_situation: string; item_name: string; work_unit_name: string }> = ids.length ? await req.ctx.db.query(
    `SELECT e.id, e.dangerous_situation, i.name AS item_name, u.name AS work_unit_name
       FROM risk_evaluation e JOIN hierarchy_item i ON i.id = e.hierarchy_item_id JOIN work_unit u ON u.id = e.work_unit_id
      WHERE e.tenant_id = $1 AND e.id = ANY($2::int[]) AND e.deleted_at IS NULL ${scope.unrestricted ? '' : 'AND e.hierarchy_item_id = ANY($3::int[])'}
      ORDER BY e.id`, scope.unrestricted ? [user.tenantId, ids] : [user.tenantId, ids, scope.itemIds]) : [];
  await renderScreen(req, res, 'risk-evaluation/duplication/_form', {
    title: req.t('du-actions.duplicate.title'), form: DUPLICATE_FORM, values, errors, lines,
    items: await entityChoices(req.ctx.db, user.tenantId, scope),
  });
}

/**
 * `GET|POST /unique-document/evaluations/duplicate` (risk_evaluation_duplicate): the selected
 * evaluations (`?ids=`) copied to another entity. Without a selection: « Veuillez effectuer une
 * sélection » (seed 000); a line the user does not see answers 404.
 */
export async function evaluationDuplicate(req: Request, res: Response): Promise<void> {
  if (req.method === 'GET') return duplicateForm(req, res, { ids: queryIds(req.query.ids) }, queryIds(req.query.ids).length ? {} : { _form: 'du-actions.duplicate.no_selection' });
  const form = parseForm(duplicateSchema, req.body, DUPLICATE_FORM);
  const ids = form.ok ? form.data.ids : [];
  if (!form.ok || !ids.length) {
    const errors: Record<string, FieldError> = form.ok ? {} : { ...form.errors };
    if (form.ok && !ids.length) errors._form = 'du-actions.duplicate.no_selection';
    if (!form.ok && errors.ids) { delete errors.ids; errors._form = 'du-actions.duplicate.no_selection'; }
    // What was selected stays selected when only the target was missing.
    const kept = form.ok ? ids : idList().safeParse(form.values.ids);
    return duplicateForm(req, res, { ...form.values, ids: Array.isArray(kept) ? kept : kept.success ? kept.data : [] }, errors);
  }
  const scope = await loadDuScope(req.ctx.db, req.authUser!);
  const outcome = await duplicateEvaluations(req.ctx.db, tenantOf(req), scope, ids, form.data.targetItemId);
  switch (outcome.kind) {
    case 'no_selection': return duplicateForm(req, res, form.values, { _form: 'du-actions.duplicate.no_selection' });
    case 'not_found': throw new HttpError(404, 'errors.not_found.title');
    case 'bad_target': return duplicateForm(req, res, { ...form.values, ids }, { targetItemId: 'validation.choice' });
    case 'refused': {
      res.status(409).json({ message: req.t('du-actions.duplicate.refused', { situation: outcome.situation.slice(0, 80) }) });
      return;
    }
    case 'done': {
      const [target] = await req.ctx.db.query('SELECT name FROM hierarchy_item WHERE id = $1 AND tenant_id = $2', [form.data.targetItemId, tenantOf(req)]);
      saved(req, res, 'du-actions.duplicate.done', { count: outcome.ids.length, target: target?.name ?? '' });
    }
  }
}
