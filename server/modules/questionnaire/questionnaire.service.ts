/**
 * The questionnaire engine's public API, used by every module with a questionnaire (surveys, custom
 * event types, permits, PPSPS): build and load a questionnaire, read answers from a form, check and
 * store them per subject, compute the conformity rate; build a questionnaire in code (`saveGroup`,
 * `saveQuestion`, `saveAnswer`: demo data of the owning modules). See docs/questionnaire.md.
 */
export { createQuestionnaire, loadQuestionnaire, questionsOf, type Db } from './tree.service';
export { parseResponses, userLabelsOf, fieldName, normaliseDate, normaliseDateTime, normaliseTime, type QuestionnaireUpload } from './parse-responses';
export { saveResponses, loadResponses, deleteResponsesOf, validateTenantReferences, registerResponseAccess, responseAccess, type ResponseAccessCheck, type ResponseAccessDef } from './responses.service';
export { conformityRate, formatConformity, answersCreatingAction, hasConformityFlags, pickedAnswers, totalPoints } from './conformity';
export { listSurveys, type SurveyRow } from './survey.service';
export { questionnaireUploads } from './questionnaire.uploads';
export { registerQuestionnaireOwner, questionnaireOwners, questionnaireEditorUrl, type QuestionnaireOwner } from './owners';
export { saveGroup, saveQuestion, saveAnswer, type SaveResult } from './editor.service';
