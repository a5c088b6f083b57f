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
import { loadPpspsRef, loadPpspsSubject, ppspsTabUrl, resolvePpsps, type PpspsRef } from './ppsps-access';
import { mayOnPpsps } from './ppsps.policy';
import { PPSPS_HISTORY_SUBJECT } from './ppsps.service';

/**
 * Survey types answered on a PPSPS (docs/ppsps.md "Forms"): the site survey (`construction_site`,
 * the PPSPS form) and the inspection survey (`ppsps_inspection`).
 */
export const PPSPS_SURVEY_TYPES = ['construction_site', 'ppsps_inspection'] as const;

/** Subject type of the answers (questionnaire_response.subject_type). */
const SUBJECT = 'ppsps';

/** A PPSPS purged for good takes its forms' answers with it (they have no foreign key to it). */
export const PPSPS_ANSWERS_PURGE: PurgeHookDef = { table: 'ppsps', run: (m, tenantId, id) => deleteResponsesOf(m, tenantId, [SUBJECT], [id]) };

/** Files and signatures answered on a PPSPS: those who see the PPSPS. */
export const PPSPS_RESPONSE_ACCESS: ResponseAccessDef = {
  subjectType: SUBJECT,
  check: async (req, id) => {
    const user = req.authUser;
    const ref = user ? await loadPpspsRef(req.ctx.db, user.tenantId, id) : null;
    return !!ref && mayOnPpsps(user!, 'view', await loadPpspsSubject(req.ctx.db, user!, ref));
  },
};

/** A survey of the forms tab with how many of its questions are answered on this PPSPS. */
export interface PpspsSurvey { id: number; name: string; type: string; questions: number; answered: number }

/** The surveys of the forms tab (both types), with their progress on the PPSPS. */
export async function ppspsFormsTab(req: Request, ref: PpspsRef): Promise<PpspsSurvey[]> {
  const out: PpspsSurvey[] = [];
  for (const type of PPSPS_SURVEY_TYPES) {
    for (const s of await listSurveys(req.ctx.db, ref.tenantId, type)) {
      const [row] = await req.ctx.db.query(
        `SELECT count(*)::int AS n FROM questionnaire_response r WHERE r.tenant_id = $1 AND r.subject_type = $2 AND r.subject_id = $3 AND r.questionnaire_id = $4`,
        [ref.tenantId, SUBJECT, ref.id, s.id]);
      out.push({ id: s.id, name: s.name, type, questions: s.questionCount, answered: row.n });
    }
  }
  return out;
}

/** The survey `{survey}` of a PPSPS type, of the tenant, or 404. */
async function surveyOf(req: Request, tenantId: number) {
  const raw = String(req.routeParams.survey ?? '');
  const tree = /^\d{1,9}$/.test(raw) ? await loadQuestionnaire(req.ctx.db, tenantId, Number(raw)) : null;
  const [row] = tree ? await req.ctx.db.query('SELECT survey_type FROM questionnaire WHERE id = $1 AND tenant_id = $2 AND owner_type = $3', [tree.id, tenantId, SURVEY_OWNER]) : [];
  if (!tree || !(PPSPS_SURVEY_TYPES as readonly string[]).includes(row?.survey_type)) throw new HttpError(404, 'errors.not_found.title');
  return tree;
}

/**
 * `GET|POST /ppsps/{id}/forms/{survey}` (ppsps_form_fill): answers a survey on the PPSPS (`edit`
 * while a draft; the inspection survey also afterwards by those who may sign). Reading: `view`.
 */
export async function fillForm(req: Request, res: Response): Promise<void> {
  const { ppsps, abilities } = await resolvePpsps(req, req.routeParams.id, 'view');
  const tree = await surveyOf(req, ppsps.tenantId);
  const canFill = abilities.edit || abilities.sign;
  const locals = { title: `${tree.name} – PPSPS ${ppsps.number}`, ppsps, tree, canFill, action: req.ctx.routes.path('ppsps_form_fill', { id: ppsps.id, survey: tree.id }) };
  if (req.method !== 'POST') {
    const values = await loadResponses(req.ctx.db, ppsps.tenantId, SUBJECT, ppsps.id);
    await renderScreen(req, res, 'ppsps/form_fill', { ...locals, values, errors: {} });
    return;
  }
  if (!canFill) throw new HttpError(403, 'errors.forbidden.message');
  const { values, errors } = parseResponses(tree, req.body ?? {}, req.answerFiles, { draft: isDraftSubmit(req.body) });
  const refErrors = await validateTenantReferences(req.ctx.db.manager, ppsps.tenantId, tree, values);
  const all = { ...refErrors, ...errors };
  if (Object.keys(all).length) {
    const html = await renderView(res, 'ppsps/_form_fill', { ...locals, values, errors: all });
    if (isFragmentRequest(req)) { res.status(200).type('html').send(html); return; }
    await renderScreen(req, res, 'ppsps/form_fill', { ...locals, values, errors: all });
    return;
  }
  await req.ctx.db.transaction(async (m) => {
    await saveResponses(m, ppsps.tenantId, tree, SUBJECT, ppsps.id, values);
    await recordHistory(m, { tenantId: ppsps.tenantId, subjectType: PPSPS_HISTORY_SUBJECT, subjectId: ppsps.id, userId: req.authUser!.id, transition: 'form_answered', comment: tree.name });
  });
  saved(req, res, 'ppsps.forms.saved', { name: tree.name, count: questionsOf(tree).length }, ppspsTabUrl(req, ppsps.id, 'forms'));
}
