import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { isDraftSubmit } from '../../kernel/http/forms';
import { isFragmentRequest, renderScreen, renderView } from '../../kernel/http/render';
import { saved } from '../../kernel/http/respond';
import { recordHistory } from '../../kernel/history/history.service';
import type { PurgeHookDef } from '../../kernel/trash/trash';
import {
  deleteResponsesOf, listSurveys, loadQuestionnaire, loadResponses, parseResponses, questionsOf, saveResponses, type ResponseAccessDef, validateTenantReferences,
} from '../questionnaire/questionnaire.service';
import { SURVEY_OWNER } from '../questionnaire/questionnaire.types';
import { resolveWorkOrder, type WorkOrderAbilities } from './work-order.access';
import { WORK_ORDER_SUBJECT, type WorkOrderRecord } from './work-order.service';

/** The survey type answered on work orders (seed 002 survey types). */
export const WORK_ORDER_SURVEY_TYPE = 'work_order';

/** A plan purged for good takes its work orders (foreign key cascade) and so their checklist answers. */
export const WORK_ORDER_ANSWERS_PURGE: PurgeHookDef = {
  table: 'prevention_plan',
  run: async (m, tenantId, planId) => {
    const ids = (await m.query('SELECT id FROM work_order WHERE tenant_id = $1 AND plan_id = $2', [tenantId, planId])).map((r: { id: number }) => Number(r.id));
    await deleteResponsesOf(m, tenantId, [WORK_ORDER_SUBJECT], ids);
  },
};

/** Files and signatures answered on a work order: those who see it. */
export const WORK_ORDER_RESPONSE_ACCESS: ResponseAccessDef = {
  subjectType: WORK_ORDER_SUBJECT,
  check: async (req, id) => {
    try {
      await resolveWorkOrder(req, id);
      return true;
    } catch {
      return false;
    }
  },
};

/** A checklist of a work order with its progress. */
export interface WorkOrderChecklist { id: number; name: string; questions: number; answered: number }

/** The company's work order surveys with how many of their questions are answered on this work order. */
export async function workOrderChecklists(req: Request, wo: Pick<WorkOrderRecord, 'id' | 'tenantId'>): Promise<WorkOrderChecklist[]> {
  const out: WorkOrderChecklist[] = [];
  for (const s of await listSurveys(req.ctx.db, wo.tenantId, WORK_ORDER_SURVEY_TYPE)) {
    const [row] = await req.ctx.db.query(
      `SELECT count(*)::int AS n FROM questionnaire_response r WHERE r.tenant_id = $1 AND r.subject_type = $2 AND r.subject_id = $3 AND r.questionnaire_id = $4`,
      [wo.tenantId, WORK_ORDER_SUBJECT, wo.id, s.id]);
    out.push({ id: s.id, name: s.name, questions: s.questionCount, answered: row.n });
  }
  return out;
}

/** Who fills the checklists: those who prepare or sign the work order, until it is closed. */
export const mayFill = (wo: WorkOrderRecord, a: WorkOrderAbilities): boolean => wo.state !== 'expired' && (a.add || a.signAsContact || a.signAsCustomer);

/**
 * `GET|POST /work-order/{id}/checklist/{survey}` (work_order_checklist): a work_order survey of
 * the company answered on the work order (questionnaire engine); read-only for the others.
 */
export async function fillChecklist(req: Request, res: Response): Promise<void> {
  const { wo, abilities } = await resolveWorkOrder(req, req.routeParams.id);
  const raw = String(req.routeParams.survey ?? '');
  const tree = /^\d{1,9}$/.test(raw) ? await loadQuestionnaire(req.ctx.db, wo.tenantId, Number(raw)) : null;
  const [row] = tree ? await req.ctx.db.query('SELECT survey_type FROM questionnaire WHERE id = $1 AND tenant_id = $2 AND owner_type = $3', [tree.id, wo.tenantId, SURVEY_OWNER]) : [];
  if (!tree || row?.survey_type !== WORK_ORDER_SURVEY_TYPE) throw new HttpError(404, 'errors.not_found.title');
  const canFill = mayFill(wo, abilities);
  const back = req.ctx.routes.path('work_order_show', { id: wo.id });
  const locals = { title: `${tree.name} – ${wo.number}`, wo, tree, canFill, back, action: req.ctx.routes.path('work_order_checklist', { id: wo.id, survey: tree.id }) };
  if (req.method !== 'POST') {
    await renderScreen(req, res, 'work-order/checklist', { ...locals, values: await loadResponses(req.ctx.db, wo.tenantId, WORK_ORDER_SUBJECT, wo.id), errors: {} });
    return;
  }
  if (!canFill) throw new HttpError(403, 'errors.forbidden.message');
  const { values, errors } = parseResponses(tree, req.body ?? {}, req.answerFiles, { draft: isDraftSubmit(req.body) });
  const all = { ...(await validateTenantReferences(req.ctx.db.manager, wo.tenantId, tree, values)), ...errors };
  if (Object.keys(all).length) {
    if (isFragmentRequest(req)) { res.status(200).type('html').send(await renderView(res, 'work-order/_checklist', { ...locals, values, errors: all })); return; }
    await renderScreen(req, res, 'work-order/checklist', { ...locals, values, errors: all });
    return;
  }
  await req.ctx.db.transaction(async (m) => {
    await saveResponses(m, wo.tenantId, tree, WORK_ORDER_SUBJECT, wo.id, values);
    await recordHistory(m, { tenantId: wo.tenantId, subjectType: WORK_ORDER_SUBJECT, subjectId: wo.id, userId: req.authUser!.id, transition: 'checklist_answered', comment: tree.name });
  });
  saved(req, res, 'work-order.flash.checklist_saved', { name: tree.name, count: questionsOf(tree).length }, back);
}
