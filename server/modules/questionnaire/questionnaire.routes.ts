import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { fileReferences } from '../../kernel/storage';
import { trashables } from '../../kernel/trash/trash';
import { QUESTIONNAIRE_TRASHABLES } from './editor.service';
import { RESPONSE_FILE_REFERENCE } from './responses.service';
import * as e from './editor.handlers';
import * as f from './fill.handlers';
import * as s from './survey.handlers';
import { parseHelpFile, questionnaireUploads } from './questionnaire.uploads';
import { seedQuestionnaireDemo } from './questionnaire.demo';
import { formRoute } from './questionnaire.respond';
import { editorGate, editorRoute as ed } from './editor.access';

const N = 'admin.nomenclatures';
// The editor also opens to an owner's own right (`vgp.forms` for control forms): its handlers check it (editor.access.ts).
const E = 'authenticated';

/**
 * The shared questionnaire engine (surveys, custom event types, permits, PPSPS): the editor of groups,
 * questions and answers, its preview, the files answered, and the survey administration of seed 002.
 */
export const questionnaireModule = defineModule({
  name: 'questionnaire',
  routes: [
    { name: 'admin_survey_index', method: 'GET', path: '/admin/surveys', right: N, handler: s.surveyIndex },
    { name: 'admin_survey_add', method: ['GET', 'POST'], path: '/admin/surveys/new', right: N, handler: s.surveyAdd },
    { name: 'admin_survey_edit', method: ['GET', 'POST'], path: '/admin/surveys/{id}/edit', right: N, handler: s.surveyEdit },
    { name: 'admin_survey_remove', method: 'POST', path: '/admin/surveys/{id}/remove', right: N, handler: s.surveyRemove },

    { name: 'questionnaire_edit', method: 'GET', path: '/admin/questionnaires/{id}', right: E, handler: ed(e.editPage) },
    { name: 'questionnaire_preview', method: ['GET', 'POST'], path: '/admin/questionnaires/{id}/preview', right: E, handler: ed(formRoute(f.previewShow, f.previewCheck)), bodyParsers: [editorGate, questionnaireUploads] },
    { name: 'questionnaire_group_add', method: ['GET', 'POST'], path: '/admin/questionnaires/{id}/groups/new', right: E, handler: ed(e.groupAdd), bodyParsers: [editorGate, parseHelpFile] },
    { name: 'questionnaire_group_edit', method: ['GET', 'POST'], path: '/admin/questionnaire-groups/{id}/edit', right: E, handler: ed(e.groupEdit), bodyParsers: [editorGate, parseHelpFile] },
    { name: 'questionnaire_group_remove', method: 'POST', path: '/admin/questionnaire-groups/{id}/remove', right: E, handler: ed(e.groupRemove) },
    { name: 'questionnaire_question_add', method: ['GET', 'POST'], path: '/admin/questionnaire-groups/{id}/questions/new', right: E, handler: ed(e.questionAdd) },
    { name: 'questionnaire_question_edit', method: ['GET', 'POST'], path: '/admin/questionnaire-questions/{id}/edit', right: E, handler: ed(e.questionEdit) },
    { name: 'questionnaire_question_remove', method: 'POST', path: '/admin/questionnaire-questions/{id}/remove', right: E, handler: ed(e.questionRemove) },
    { name: 'questionnaire_answer_add', method: ['GET', 'POST'], path: '/admin/questionnaire-questions/{id}/answers/new', right: E, handler: ed(e.answerAdd) },
    { name: 'questionnaire_answer_edit', method: ['GET', 'POST'], path: '/admin/questionnaire-answers/{id}/edit', right: E, handler: ed(e.answerEdit) },
    { name: 'questionnaire_answer_remove', method: 'POST', path: '/admin/questionnaire-answers/{id}/remove', right: E, handler: ed(e.answerRemove) },

    { name: 'questionnaire_group_help', method: 'GET', path: '/questionnaire/groups/{id}/help', right: 'authenticated', handler: f.groupHelp },
    { name: 'questionnaire_response_file', method: 'GET', path: '/questionnaire/files/{id}', right: 'authenticated', handler: f.responseFile },
  ],
  demo: seedQuestionnaireDemo,
  contributes: [contribute(trashables, ...QUESTIONNAIRE_TRASHABLES), contribute(fileReferences, RESPONSE_FILE_REFERENCE)],
});
