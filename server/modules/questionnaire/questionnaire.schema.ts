import { z } from 'zod';
import { checkbox, decimal, integer, optionalOneOf, queryEnum, requiredText as required, version } from '../../kernel/http/fields';
import { NAMED_COLORS } from '../../kernel/palette';
import { ANSWER_TYPES, SURVEY_TYPES } from './questionnaire.types';

const width = integer(1, 12, { error: 'questionnaire.errors.width', required: 'questionnaire.errors.width' });
// A blank position read as 0 before.
const position = integer(0, 10_000, { error: 'questionnaire.errors.position', fallback: 0 });

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
  points: decimal(-10_000, 10_000, { error: 'questionnaire.errors.points', scale: 2 }),
  conforming: optionalOneOf(['1', '0']).transform((v) => (v === null ? null : v === '1')),
  color: optionalOneOf(Object.keys(NAMED_COLORS)),
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
export const surveyFilterSchema = z.object({ type: queryEnum(SURVEY_TYPES).transform((v) => v || undefined) });
