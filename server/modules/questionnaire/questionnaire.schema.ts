import { z } from 'zod';
import { NAMED_COLORS } from '../../kernel/palette';
import { ANSWER_TYPES, SURVEY_TYPES } from './questionnaire.types';

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const width = z.coerce.number({ error: 'questionnaire.errors.width' }).int({ error: 'questionnaire.errors.width' }).min(1, { error: 'questionnaire.errors.width' }).max(12, { error: 'questionnaire.errors.width' });
const position = z.coerce.number({ error: 'questionnaire.errors.position' }).int({ error: 'questionnaire.errors.position' }).min(0, { error: 'questionnaire.errors.position' }).max(10_000, { error: 'questionnaire.errors.position' });
const version = z.coerce.number().int().min(0).default(0);
const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** The group form (`questionnaire_group[...]`); the help file is the optional `helpFile` file of the same multipart form. */
export const groupSchema = z.object({ name: required(180), width, position, removeHelpFile: checkbox, version });
export type GroupInput = z.infer<typeof groupSchema>;

/** The question form (`questionnaire_question[...]`). */
export const questionSchema = z.object({
  label: required(500),
  answerType: z.enum(ANSWER_TYPES as [string, ...string[]], { error: 'validation.choice' }).transform((v) => v as (typeof ANSWER_TYPES)[number]),
  required: checkbox,
  displayLabel: checkbox,
  width,
  position,
  version,
});
export type QuestionInput = z.infer<typeof questionSchema>;

/** The proposed-answer form (`questionnaire_answer[...]`): points accept a French decimal comma. */
export const answerSchema = z.object({
  label: required(255),
  points: z.preprocess((v) => { const b = blankToNull(v); return typeof b === 'string' ? b.trim().replace(',', '.') : b; },
    z.coerce.number({ error: 'questionnaire.errors.points' }).min(-10_000, { error: 'questionnaire.errors.points' }).max(10_000, { error: 'questionnaire.errors.points' })
      .refine((n) => Math.round(n * 100) === n * 100, { error: 'questionnaire.errors.points' }).nullable()),
  conforming: z.preprocess(blankToNull, z.enum(['1', '0'], { error: 'validation.choice' }).nullable()).transform((v) => (v === null ? null : v === '1')),
  color: z.preprocess(blankToNull, z.enum(Object.keys(NAMED_COLORS) as [string, ...string[]], { error: 'validation.choice' }).nullable()),
  createsAction: checkbox,
  position,
  version,
});
export type AnswerInput = z.infer<typeof answerSchema>;

/** The survey form (`survey[...]`). */
export const surveySchema = z.object({
  name: required(180),
  surveyType: z.enum(SURVEY_TYPES, { error: 'questionnaire.errors.survey_type' }),
  version,
});
export type SurveyInput = z.infer<typeof surveySchema>;

/** The type filter of the survey list (unknown types show every survey). */
export const surveyFilterSchema = z.object({ type: z.enum(SURVEY_TYPES).optional().catch(undefined) });
