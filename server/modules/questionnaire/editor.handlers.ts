import type { Request, Response } from 'express';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { HttpError } from '../../kernel/http/errors';
import { renderScreen } from '../../kernel/http/render';
import { answerSchema, groupSchema, questionSchema } from './questionnaire.schema';
import {
  findAnswer, findGroup, findQuestion, findQuestionnaire, nextPosition, saveAnswer, saveGroup, saveQuestion, trashPart,
  type AnswerRow, type GroupRow, type QuestionRow, type SaveResult,
} from './editor.service';
import { loadQuestionnaire } from './tree.service';
import { questionnaireOwner } from './owners';
import { requireEditorOf } from './editor.access';
import { helpFileError, keepUpload } from './questionnaire.uploads';
import { formRoute, orNotFound, removed, routeId, saved, stale, tenantOf } from './questionnaire.respond';
import { ANSWER_TYPES, CHOICE_TYPES } from './questionnaire.types';
import { NAMED_COLORS } from '../../kernel/palette';

type Errors = Record<string, FieldError>;

// Every editor handler reaches its row through these: 404 for another company's, 403 unless the user may edit its owner's questionnaires.
async function editable<T extends { ownerType: string }>(req: Request, row: T | null): Promise<T> {
  const found = orNotFound(row);
  await requireEditorOf(req, found.ownerType);
  return found;
}
const editableQuestionnaire = async (req: Request) => editable(req, await findQuestionnaire(req.ctx.db, tenantOf(req), routeId(req)));
const editableGroup = async (req: Request) => editable(req, await findGroup(req.ctx.db, tenantOf(req), routeId(req)));
const editableQuestion = async (req: Request) => editable(req, await findQuestion(req.ctx.db, tenantOf(req), routeId(req)));
const editableAnswer = async (req: Request) => editable(req, await findAnswer(req.ctx.db, tenantOf(req), routeId(req)));

/** `GET /admin/questionnaires/{id}` (questionnaire_edit): groups, questions and answers in order, and the preview. */
export async function editPage(req: Request, res: Response): Promise<void> {
  const head = await editableQuestionnaire(req);
  const tree = orNotFound(await loadQuestionnaire(req.ctx.db, tenantOf(req), head.id));
  await renderScreen(req, res, 'questionnaire/edit', { hideTitle: true, title: head.name, head, tree, owner: questionnaireOwner(head.ownerType), choiceTypes: [...CHOICE_TYPES] });
}

/** Answers a save: 201, 409 on a stale version, or the form again with the service's errors. */
async function afterSave(req: Request, res: Response, result: SaveResult, showAgain: (errors: Errors) => Promise<void>, flash: string, params: Record<string, unknown>): Promise<void> {
  if (result.ok) return saved(req, res, flash, params);
  if ('stale' in result) return stale(req, res);
  return showAgain(result.errors);
}

// ---------------------------------------------------------------- groups

async function groupForm(req: Request, res: Response, action: string, values: Record<string, unknown>, errors: Errors = {}, group: GroupRow | null = null, uploadError: string | null = null): Promise<void> {
  await renderScreen(req, res, 'questionnaire/_group_form', { title: req.t(group ? 'questionnaire.groups.edit_title' : 'questionnaire.groups.add'), action, values, errors, group, uploadError });
}

/** Saves the group form; the optional help file (`helpFile`) is kept only when the form is valid. */
async function groupSave(req: Request, res: Response, target: { questionnaireId: number } | { id: number }, action: string, group: GroupRow | null): Promise<void> {
  const form = parseForm(groupSchema, req.body, 'questionnaire_group');
  const uploadError = helpFileError(req);
  if (!form.ok || uploadError) return groupForm(req, res, action, form.values, form.ok ? {} : form.errors, group, uploadError);
  const staged = req.uploads?.[0];
  const helpFileId = staged ? (await keepUpload(req, staged)).id : undefined;
  const result = await saveGroup(req.ctx.db, tenantOf(req), target, form.data, helpFileId);
  await afterSave(req, res, result, (errors) => groupForm(req, res, action, form.values, errors, group), 'questionnaire.flash.group_saved', { name: form.data.name });
}

/** `questionnaire_group_add {id}` (questionnaire id): GET the form, POST it (multipart, `helpFile`). */
export const groupAdd = formRoute(async (req, res) => {
  const head = await editableQuestionnaire(req);
  const action = req.ctx.routes.path('questionnaire_group_add', { id: head.id });
  await groupForm(req, res, action, { width: 12, position: await nextPosition(req.ctx.db, 'questionnaire_group', tenantOf(req), head.id), version: 0 });
}, async (req, res) => {
  const head = await editableQuestionnaire(req);
  await groupSave(req, res, { questionnaireId: head.id }, req.ctx.routes.path('questionnaire_group_add', { id: head.id }), null);
});

/** `questionnaire_group_edit {id}`. */
export const groupEdit = formRoute(async (req, res) => {
  const group = await editableGroup(req);
  await groupForm(req, res, req.ctx.routes.path('questionnaire_group_edit', { id: group.id }), { ...group }, {}, group);
}, async (req, res) => {
  const group = await editableGroup(req);
  await groupSave(req, res, { id: group.id }, req.ctx.routes.path('questionnaire_group_edit', { id: group.id }), group);
});

/** `questionnaire_group_remove {id}`: the group and its questions go to the trash. */
export async function groupRemove(req: Request, res: Response): Promise<void> {
  const group = await editableGroup(req);
  orNotFound((await trashPart(req.ctx.db, 'questionnaire_group', tenantOf(req), group.id, group.name, req.authUser!.id)) || null);
  removed(req, res);
}

// ---------------------------------------------------------------- questions

const answerTypeOptions = (req: Request) => ANSWER_TYPES.map((type) => ({ value: type, label: req.t(`questionnaire.answer_types.${type}`) }));

async function questionForm(req: Request, res: Response, action: string, values: Record<string, unknown>, errors: Errors = {}, question: QuestionRow | null = null): Promise<void> {
  await renderScreen(req, res, 'questionnaire/_question_form', { title: req.t(question ? 'questionnaire.questions.edit_title' : 'questionnaire.questions.add'), action, values, errors, question, answerTypes: answerTypeOptions(req) });
}

async function questionSave(req: Request, res: Response, target: { groupId: number } | { id: number }, action: string, question: QuestionRow | null): Promise<void> {
  const form = parseForm(questionSchema, req.body, 'questionnaire_question');
  if (!form.ok) return questionForm(req, res, action, form.values, form.errors, question);
  const result = await saveQuestion(req.ctx.db, tenantOf(req), target, form.data);
  await afterSave(req, res, result, (errors) => questionForm(req, res, action, form.values, errors, question), 'questionnaire.flash.question_saved', {});
}

/** `questionnaire_question_add {id}` (group id). */
export const questionAdd = formRoute(async (req, res) => {
  const group = await editableGroup(req);
  const position = await nextPosition(req.ctx.db, 'questionnaire_question', tenantOf(req), group.id);
  await questionForm(req, res, req.ctx.routes.path('questionnaire_question_add', { id: group.id }), { answerType: 'short', required: false, displayLabel: true, toExport: true, width: 12, position, version: 0 });
}, async (req, res) => {
  const group = await editableGroup(req);
  await questionSave(req, res, { groupId: group.id }, req.ctx.routes.path('questionnaire_question_add', { id: group.id }), null);
});

/** `questionnaire_question_edit {id}`. */
export const questionEdit = formRoute(async (req, res) => {
  const question = await editableQuestion(req);
  await questionForm(req, res, req.ctx.routes.path('questionnaire_question_edit', { id: question.id }), { ...question }, {}, question);
}, async (req, res) => {
  const question = await editableQuestion(req);
  await questionSave(req, res, { id: question.id }, req.ctx.routes.path('questionnaire_question_edit', { id: question.id }), question);
});

/** `questionnaire_question_remove {id}`: the question and its answers go to the trash (stored responses stay). */
export async function questionRemove(req: Request, res: Response): Promise<void> {
  const question = await editableQuestion(req);
  orNotFound((await trashPart(req.ctx.db, 'questionnaire_question', tenantOf(req), question.id, question.label, req.authUser!.id)) || null);
  removed(req, res);
}

// ---------------------------------------------------------------- answers

const colorOptions = () => Object.keys(NAMED_COLORS);

async function answerForm(req: Request, res: Response, action: string, values: Record<string, unknown>, errors: Errors = {}, answer: AnswerRow | null = null): Promise<void> {
  await renderScreen(req, res, 'questionnaire/_answer_form', { title: req.t(answer ? 'questionnaire.answers.edit_title' : 'questionnaire.answers.add'), action, values, errors, answer, colors: colorOptions() });
}

async function answerSave(req: Request, res: Response, target: { questionId: number } | { id: number }, action: string, answer: AnswerRow | null): Promise<void> {
  const form = parseForm(answerSchema, req.body, 'questionnaire_answer');
  if (!form.ok) return answerForm(req, res, action, form.values, form.errors, answer);
  const result = await saveAnswer(req.ctx.db, tenantOf(req), target, form.data);
  await afterSave(req, res, result, (errors) => answerForm(req, res, action, form.values, errors, answer), 'questionnaire.flash.answer_saved', { name: form.data.label });
}

/** A question of the company that takes proposed answers (404 otherwise, 409 for a non-choice type). */
async function choiceQuestion(req: Request): Promise<QuestionRow> {
  const question = await editableQuestion(req);
  if (!CHOICE_TYPES.has(question.answerType)) throw new HttpError(409, 'questionnaire.errors.no_choices');
  return question;
}

/** `questionnaire_answer_add {id}` (question id): only for choice types. */
export const answerAdd = formRoute(async (req, res) => {
  const question = await choiceQuestion(req);
  const position = await nextPosition(req.ctx.db, 'questionnaire_answer', tenantOf(req), question.id);
  await answerForm(req, res, req.ctx.routes.path('questionnaire_answer_add', { id: question.id }), { position, conforming: '', color: '', createsAction: false, level: '', actionDelayDays: '', version: 0 });
}, async (req, res) => {
  const question = await choiceQuestion(req);
  await answerSave(req, res, { questionId: question.id }, req.ctx.routes.path('questionnaire_answer_add', { id: question.id }), null);
});

const conformingValue = (v: boolean | null) => (v === null ? '' : v ? '1' : '0');

/** `questionnaire_answer_edit {id}`. */
export const answerEdit = formRoute(async (req, res) => {
  const answer = await editableAnswer(req);
  const values = { ...answer, points: answer.points === null ? '' : String(answer.points).replace('.', ','), conforming: conformingValue(answer.conforming), color: answer.color ?? '',
    level: answer.level ?? '', actionDelayDays: answer.actionDelayDays ?? '' };
  await answerForm(req, res, req.ctx.routes.path('questionnaire_answer_edit', { id: answer.id }), values, {}, answer);
}, async (req, res) => {
  const answer = await editableAnswer(req);
  await answerSave(req, res, { id: answer.id }, req.ctx.routes.path('questionnaire_answer_edit', { id: answer.id }), answer);
});

/** `questionnaire_answer_remove {id}`. */
export async function answerRemove(req: Request, res: Response): Promise<void> {
  const answer = await editableAnswer(req);
  orNotFound((await trashPart(req.ctx.db, 'questionnaire_answer', tenantOf(req), answer.id, answer.label, req.authUser!.id)) || null);
  removed(req, res);
}
