import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import { equipmentPageTabs } from '../core/equipment-tabs';
import type { VgpPart } from '../core/vgp-part';
import * as e from './equipment.handlers';
import { parseEquipmentFiles } from './equipment.uploads';
import { generalTab } from './general.tab';
import { seedEquipmentDemo } from './equipment.demo';

const VIEW = 'vgp.view';
const MANAGE = 'vgp.equipment_manage';
const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'vgp_index', method: 'GET', path: '/equipment', right: VIEW, handler: e.index },
  { name: 'vgp_equipment_add', method: GP, path: '/equipment/new', right: MANAGE, handler: e.add, bodyParsers: [parseEquipmentFiles] },
  { name: 'vgp_equipment_show', method: 'GET', path: '/equipment/{id}', right: VIEW, handler: e.show },
  { name: 'vgp_equipment_edit', method: GP, path: '/equipment/{id}/edit', right: MANAGE, handler: e.edit, bodyParsers: [parseEquipmentFiles] },
  { name: 'vgp_equipment_archive', method: 'POST', path: '/equipment/{id}/archive', right: MANAGE, handler: e.archive },
  { name: 'vgp_equipment_unarchive', method: 'POST', path: '/equipment/{id}/unarchive', right: MANAGE, handler: e.unarchive },
  { name: 'vgp_equipment_delete', method: 'POST', path: '/equipment/{id}/delete', right: MANAGE, handler: e.remove, forbiddenMessage: 'equipment.equipment.forbidden' },
  { name: 'vgp_equipment_photo', method: 'GET', path: '/equipment/{id}/photo', right: VIEW, handler: e.photo },
  { name: 'vgp_equipment_annex', method: 'GET', path: '/equipment/{id}/annex', right: VIEW, handler: e.annex },
];

/**
 * The equipment part of the equipment module (issue 24 item 1): the list (search, filters, scope),
 * the page whose tabs the parts register (this part gives « Général »), the form with photo and
 * annex (served only through this part's routes, with the equipment's rights), archive, and
 * deletion refused while controls, maintenance or parts are attached. Read with `vgp.view`,
 * written with `vgp.equipment_manage`.
 */
export const equipmentPart: VgpPart = {
  routes,
  demo: seedEquipmentDemo,
  contributes: [contribute(equipmentPageTabs, generalTab)],
};
