import { contribute } from '../../../kernel/extension';
import { equipmentPageTabs } from '../core/equipment-tabs';
import type { VgpPart } from '../core/vgp-part';
import * as forms from './controls-form.handlers';
import * as h from './controls.handlers';
import { controlsTab } from './controls-tab';
import { seedControlsDemo } from './controls.demo';
import { parseModusFile } from './controls.uploads';

const VIEW = 'vgp.controls_view';
const MANAGE = 'vgp.controls_manage';

/**
 * The controls part of the equipment module (issue 24 item 2): controllables (the periodic controls
 * to carry out) with their deadline, the list and planning of every control, « my controls », the
 * equipment page's « Contrôles » tab. `core/controllable-deadline.ts` plans the next control when
 * the control flow validates one.
 */
export const controlsPart: VgpPart = {
  routes: [
    { name: 'vgp_controllable_index', method: 'GET', path: '/equipment/controls', right: VIEW, handler: h.controllableIndex },
    { name: 'vgp_my_controls', method: 'GET', path: '/equipment/my-controls', right: VIEW, handler: h.myControls },
    { name: 'vgp_controllable_add', method: ['GET', 'POST'], path: '/equipment/controls/new', right: MANAGE, handler: forms.controllableAdd, bodyParsers: [parseModusFile] },
    { name: 'vgp_controllable_form_fields', method: 'POST', path: '/equipment/controls/form-fields', right: MANAGE, handler: forms.controllableFormFields },
    { name: 'vgp_controllable_show', method: 'GET', path: '/equipment/controls/{id}', right: VIEW, handler: h.controllableShow },
    { name: 'vgp_controllable_edit', method: ['GET', 'POST'], path: '/equipment/controls/{id}/edit', right: MANAGE, handler: forms.controllableEdit, bodyParsers: [parseModusFile] },
    { name: 'vgp_controllable_plan', method: ['GET', 'POST'], path: '/equipment/controls/{id}/plan', right: 'vgp.plan', handler: forms.controllablePlan },
    { name: 'vgp_controllable_archive', method: 'POST', path: '/equipment/controls/{id}/archive', right: MANAGE, handler: h.controllableArchive },
    { name: 'vgp_controllable_unarchive', method: 'POST', path: '/equipment/controls/{id}/unarchive', right: MANAGE, handler: h.controllableUnarchive },
    { name: 'vgp_controllable_delete', method: 'POST', path: '/equipment/controls/{id}/delete', right: MANAGE, handler: h.controllableDelete, forbiddenMessage: 'vgp-controls.unauthorised' },
    { name: 'vgp_controllable_modus_file', method: 'GET', path: '/equipment/controls/{id}/modus-operandi', right: VIEW, handler: h.controllableModusFile },
  ],
  demo: seedControlsDemo,
  contributes: [contribute(equipmentPageTabs, controlsTab)],
};
