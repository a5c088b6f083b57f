import { contribute } from '../../../kernel/extension';
import { equipmentPageTabs } from '../core/equipment-tabs';
import type { VgpPart } from '../core/vgp-part';
import { maintenanceTab, partsTab } from './book-tabs';
import { seedBookDemo } from './book.demo';
import * as m from './maintenance.handlers';
import * as p from './part.handlers';
import { parsePartFile } from './part.uploads';

const WRITE = 'vgp.maintenance_book';
const VIEW = 'vgp.equipment_view';

/**
 * The maintenance book (interventions) and parts (documents with their file) of an equipment: two
 * tabs of the equipment page, their modals (spec route names) and the part's file, served with the
 * equipment's rights.
 */
export const bookPart: VgpPart = {
  routes: [
    { name: 'vgp_equipment_maintenance_add', method: ['GET', 'POST'], path: '/equipment/{id}/maintenance/new', right: WRITE, handler: m.maintenanceAdd },
    { name: 'vgp_equipment_maintenance_edit', method: ['GET', 'POST'], path: '/equipment/maintenance/{id}/edit', right: WRITE, handler: m.maintenanceEdit },
    { name: 'vgp_equipment_maintenance_delete', method: 'POST', path: '/equipment/maintenance/{id}/delete', right: WRITE, forbiddenMessage: 'vgp-book.forbidden', handler: m.maintenanceDelete },
    { name: 'vgp_equipment_part_add', method: ['GET', 'POST'], path: '/equipment/{id}/parts/new', right: WRITE, handler: p.partAdd, bodyParsers: [parsePartFile] },
    { name: 'vgp_equipment_part_edit', method: ['GET', 'POST'], path: '/equipment/parts/{id}/edit', right: WRITE, handler: p.partEdit, bodyParsers: [parsePartFile] },
    { name: 'vgp_equipment_part_delete', method: 'POST', path: '/equipment/parts/{id}/delete', right: WRITE, forbiddenMessage: 'vgp-book.forbidden', handler: p.partDelete },
    { name: 'vgp_equipment_part_file', method: 'GET', path: '/equipment/parts/{id}/file', right: VIEW, handler: p.partFile },
  ],
  demo: seedBookDemo,
  contributes: [contribute(equipmentPageTabs, maintenanceTab, partsTab)],
};
