import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { buildPager, pageRequest } from '../../kernel/http/pagination';
import { renderScreen } from '../../kernel/http/render';
import { surveyFilterSchema, surveySchema } from './questionnaire.schema';
import { findSurvey, pageSurveys, saveSurvey, type SurveyRow } from './survey.service';
import { trashPart } from './editor.service';
import { questionnaireEditorUrl } from './owners';
import { formRoute, orNotFound, removed, routeId, saved, stale, tenantOf } from './questionnaire.respond';
import { SURVEY_TYPES } from './questionnaire.types';

const typeOptions = (req: Request) => SURVEY_TYPES.map((type) => ({ value: type, label: req.t(`questionnaire.survey_types.${type}`) }));

/** `GET /admin/surveys` (admin_survey_index): the surveys, filtered by type. */
export async function surveyIndex(req: Request, res: Response): Promise<void> {
  const { type } = surveyFilterSchema.parse(req.query);
  const page = pageRequest(req);
  const { rows, total } = await pageSurveys(req.ctx.db, tenantOf(req), type ?? null, page);
  await renderScreen(req, res, 'questionnaire/survey_index', {
    hideTitle: true, title: req.t('questionnaire.surveys.title'), rows, type: type ?? '', types: typeOptions(req), pager: buildPager(req, page, total),
  });
}

async function surveyForm(req: Request, res: Response, survey: SurveyRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  const action = survey ? req.ctx.routes.path('admin_survey_edit', { id: survey.id }) : req.ctx.routes.path('admin_survey_add');
  await renderScreen(req, res, 'questionnaire/_survey_form', { title: req.t(survey ? 'questionnaire.surveys.edit_title' : 'questionnaire.surveys.add'), action, survey, values, errors, types: typeOptions(req) });
}

async function surveySave(req: Request, res: Response, survey: SurveyRow | null): Promise<void> {
  const form = parseForm(surveySchema, req.body, 'survey');
  if (!form.ok) return surveyForm(req, res, survey, form.values, form.errors);
  const result = await saveSurvey(req.ctx.db, tenantOf(req), survey?.id ?? null, form.data);
  if (!result.ok) return 'stale' in result ? stale(req, res) : surveyForm(req, res, survey, form.values, result.errors);
  // A new survey opens in its editor, where its groups and questions are built.
  saved(req, res, 'questionnaire.flash.survey_saved', { name: form.data.name }, survey ? undefined : questionnaireEditorUrl(req.ctx.routes, result.id));
}

/** `admin_survey_add`: GET the form (type preset from `?type=`), POST creates the survey and opens its editor. */
export const surveyAdd = formRoute(async (req, res) => {
  const { type } = surveyFilterSchema.parse(req.query);
  await surveyForm(req, res, null, { surveyType: type ?? '', version: 0 });
}, (req, res) => surveySave(req, res, null));

/** `admin_survey_edit {id}`: name and type. */
export const surveyEdit = formRoute(async (req, res) => {
  const survey = orNotFound(await findSurvey(req.ctx.db, tenantOf(req), routeId(req)));
  await surveyForm(req, res, survey, { ...survey });
}, async (req, res) => {
  await surveySave(req, res, orNotFound(await findSurvey(req.ctx.db, tenantOf(req), routeId(req))));
});

/** `admin_survey_remove {id}`: the survey goes to the trash (restorable there). */
export async function surveyRemove(req: Request, res: Response): Promise<void> {
  const survey = orNotFound(await findSurvey(req.ctx.db, tenantOf(req), routeId(req)));
  orNotFound((await trashPart(req.ctx.db, 'questionnaire', tenantOf(req), survey.id, survey.name, req.authUser!.id)) || null);
  removed(req, res);
}
