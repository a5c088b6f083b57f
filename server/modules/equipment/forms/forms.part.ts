import { contribute } from '../../../kernel/extension';
import { questionnaireOwners } from '../../questionnaire/questionnaire.service';
import type { VgpPart } from '../core/vgp-part';
import * as h from './forms.handlers';
import { VGP_FORM_OWNER } from './forms.service';
import { seedVgpFormsDemo } from './forms.demo';

const FORMS = 'vgp.forms';

/**
 * Control forms (issue 24 item 3): questionnaires of owner `vgp_form` built in the questionnaire
 * engine's editor (groups = model groups, questions = checkpoints, answers with level and action delay).
 */
export const formsPart: VgpPart = {
  routes: [
    { name: 'vgp_form_index', method: 'GET', path: '/equipment/forms', right: FORMS, handler: h.formIndex },
    { name: 'vgp_form_add', method: ['GET', 'POST'], path: '/equipment/forms/new', right: FORMS, handler: h.formAdd },
    { name: 'vgp_form_edit', method: ['GET', 'POST'], path: '/equipment/forms/{id}/edit', right: FORMS, handler: h.formEdit },
    { name: 'vgp_form_delete', method: 'POST', path: '/equipment/forms/{id}/delete', right: FORMS, handler: h.formDelete },
  ],
  demo: seedVgpFormsDemo,
  contributes: [contribute(questionnaireOwners, { ownerType: VGP_FORM_OWNER, backRoute: 'vgp_form_index', backLabel: 'vgp-forms.back', editRight: FORMS })],
};
