/** The answer types of the spec (custom event types, surveys): how a question is answered. */
export type AnswerType = 'long' | 'short' | 'multiple_select' | 'unique_select' | 'checkbox' | 'radio' | 'file' | 'date' | 'datetime' | 'time' | 'user' | 'multi_user' | 'signature';

/** Every answer type, in the order the editor offers them. */
export const ANSWER_TYPES: readonly AnswerType[] = ['short', 'long', 'unique_select', 'multiple_select', 'radio', 'checkbox', 'date', 'datetime', 'time', 'user', 'multi_user', 'file', 'signature'];

/** Types answered by picking among the question's proposed answers (only these have answers). */
export const CHOICE_TYPES: ReadonlySet<AnswerType> = new Set<AnswerType>(['multiple_select', 'unique_select', 'checkbox', 'radio']);

/** Choice types where several answers may be picked. */
export const MULTI_CHOICE_TYPES: ReadonlySet<AnswerType> = new Set<AnswerType>(['multiple_select', 'checkbox']);

/** The survey types of seed 002 (the permit and PPSPS forms pick their surveys by type). */
export const SURVEY_TYPES = [
  'fire_permit', 'work_order', 'prerun_inspection', 'safety', 'work_description', 'construction_site', 'confined_space', 'dust',
  'height_work', 'roofing', 'atex', 'fidaa', 'ppsps_inspection', 'description', 'aoc',
] as const;
/** One survey type. */
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** Owner type of the questionnaires administered as surveys. */
export const SURVEY_OWNER = 'survey';

/**
 * A proposed answer of a choice question. `level` (1-3) grades a non-conforming answer and
 * `actionDelayDays` gives the deadline of the action it creates (control forms); both optional.
 */
export interface QuestionnaireAnswerOption { id: number; label: string; points: number | null; conforming: boolean | null; color: string | null; createsAction: boolean; level?: number | null; actionDelayDays?: number | null; }

/** A question, with its proposed answers in order (empty for non-choice types); `toExport`: printed in exports and reports. */
export interface QuestionnaireQuestion { id: number; label: string; position: number; answerType: AnswerType; required: boolean; displayLabel: boolean; width: number; toExport?: boolean; answers: QuestionnaireAnswerOption[]; }

/** A group of questions; `helpFile` is the storage key of its help file (download: route `questionnaire_group_help`). */
export interface QuestionnaireGroup { id: number; name: string; width: number; position: number; helpFile: string | null; questions: QuestionnaireQuestion[]; }

/** A whole questionnaire, groups and questions in order. */
export interface QuestionnaireTree { id: number; name: string; ownerType: string; surveyType: string | null; groups: QuestionnaireGroup[]; }

/**
 * Answers keyed by question id: text for long/short/date(YYYY-MM-DD)/datetime(YYYY-MM-DDTHH:mm)/time(HH:mm),
 * number[] of answer ids for choices/checkbox, number or number[] of user ids, {key,name} for file,
 * {image: dataURL or storage key, signedAt} for signature.
 */
export type ResponseValues = Record<number, unknown>;

/** A stored file answer (`fileId` downloads through route `questionnaire_response_file`). */
export interface FileAnswer { key: string; name: string; fileId: number; mimeType: string; sizeBytes: number; }

/** A stored signature answer: `image` is the storage key of the PNG, `signedAt` an ISO instant. */
export interface SignatureAnswer { image: string; fileId: number; signedAt: string; }
