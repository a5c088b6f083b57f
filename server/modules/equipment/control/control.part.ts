import { contribute } from '../../../kernel/extension';
import { jobHandlers } from '../../../kernel/jobs';
import { actionSourceKinds } from '../../action-plan/action-sources';
import type { VgpPart } from '../core/vgp-part';
import { VGP_CONTROL_ACTION_SOURCE } from './control-action-source';
import { actionsTab, historyTab } from './equipment-tabs';
import { equipmentPageTabs } from '../core/equipment-tabs';
import { downloadFile, fileForm, parseControlFile, report } from './control-files.handlers';
import { processedMailHandler } from './control-mail';
import { seedControlDemo } from './control.demo';
import { sign, validate } from './control-sign.handlers';
import { checkpoint, general, group, loadActions, show, start, step } from './control.handlers';

const V = 'vgp.validate';
const SEE = 'vgp.controls_view';
const BASE = '/equipment/control/{id}';

/**
 * The four-step control (issue 24 item 4): started from a controllable, answered checkpoint by
 * checkpoint in the `vgp-control` island (general information → control form → recap →
 * confirmation), signed by the controller and the owner, then validated: actions in the action
 * plan, next deadline planned, manager mailed, PDF report stored.
 */
export const controlPart: VgpPart = {
  routes: [
    { name: 'vgp_control_start', method: 'POST', path: '/equipment/controls/{id}/control', right: V, handler: start },
    { name: 'vgp_control_show', method: 'GET', path: BASE, right: SEE, handler: show },
    { name: 'vgp_control_general', method: 'POST', path: `${BASE}/general`, right: V, handler: general },
    { name: 'vgp_control_step', method: 'POST', path: `${BASE}/step`, right: V, handler: step },
    { name: 'vgp_save_checkpoint', method: 'POST', path: `${BASE}/checkpoint`, right: V, handler: checkpoint },
    { name: 'vgp_control_group', method: 'POST', path: `${BASE}/groups/{groupId}/validate`, right: V, handler: group },
    { name: 'vgp_load_actions', method: 'POST', path: `${BASE}/actions`, right: SEE, handler: loadActions },
    { name: 'vgp_control_other_file', method: ['GET', 'POST'], path: `${BASE}/other-file`, right: V, bodyParsers: [parseControlFile], handler: fileForm('other') },
    { name: 'vgp_control_external_report', method: ['GET', 'POST'], path: `${BASE}/external-report`, right: V, bodyParsers: [parseControlFile], handler: fileForm('external_report') },
    { name: 'vgp_control_file', method: 'GET', path: `${BASE}/files/{kind}`, right: SEE, requirements: { kind: 'external_report|other' }, handler: downloadFile },
    { name: 'vgp_control_sign', method: ['GET', 'POST'], path: `${BASE}/sign/{role}`, right: V, requirements: { role: 'controller|owner' }, handler: sign },
    { name: 'vgp_control_validate', method: 'POST', path: `${BASE}/validate`, right: V, heavy: 'pdf', handler: validate },
    { name: 'vgp_control_report', method: 'GET', path: `${BASE}/report`, right: SEE, heavy: 'pdf', handler: report },
  ],
  demo: seedControlDemo,
  contributes: [
    contribute(actionSourceKinds, VGP_CONTROL_ACTION_SOURCE),
    contribute(equipmentPageTabs, historyTab, actionsTab),
    contribute(jobHandlers, processedMailHandler),
  ],
};
