import { z } from 'zod';
import { checkbox, decimal, integer, optionalInteger, optionalOneOf, queryEnum, requiredText as required, version } from '../../kernel/http/fields';
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
  toExport: checkbox,
  width,
  position,
  version,
});
/** A question as saved; `toExport` defaults to true for callers that build it in code. */
export type QuestionInput = Omit<z.infer<typeof questionSchema>, 'toExport'> & { toExport?: boolean };

/** Highest severity level of an answer (1 minor … 3 major). */
export const MAX_ANSWER_LEVEL = 3;
/** Longest delay given to the action an answer creates, in days (ten years). */
export const MAX_ACTION_DELAY_DAYS = 3650;

/**
 * The proposed-answer form (`questionnaire_answer[...]`): points accept a French decimal comma;
 * level and action delay are optional whole numbers.
 */
export const answerSchema = z.object({
  label: required(255),
  points: decimal(-10_000, 10_000, { error: 'questionnaire.errors.points', scale: 2 }),
  conforming: optionalOneOf(['1', '0']).transform((v) => (v === null ? null : v === '1')),
  color: optionalOneOf(Object.keys(NAMED_COLORS)),
  createsAction: checkbox,
  level: optionalInteger(1, MAX_ANSWER_LEVEL, { error: 'questionnaire.errors.level' }),
  actionDelayDays: optionalInteger(0, MAX_ACTION_DELAY_DAYS, { error: 'questionnaire.errors.action_delay' }),
  position,
  version,
});
/** An answer as saved; level and action delay may be left out by callers that build it in code. */
export type AnswerInput = Omit<z.infer<typeof answerSchema>, 'level' | 'actionDelayDays'> & { level?: number | null; actionDelayDays?: number | null };

/** The survey form (`survey[...]`). */
export const surveySchema = z.object({
  name: required(180),
  surveyType: z.enum(SURVEY_TYPES, { error: 'questionnaire.errors.survey_type' }),
  version,
});
export type SurveyInput = z.infer<typeof surveySchema>;

/** The type filter of the survey list (unknown types show every survey). */
export const surveyFilterSchema = z.object({ type: queryEnum(SURVEY_TYPES).transform((v) => v || undefined) });
