import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { trashables } from '../../kernel/trash/trash';
import type { RouteDef } from '../../kernel/http/route-table';
import * as h from './prevention-admin.handlers';
import { LOT_TOGGLE } from './prevention-admin.lists';
import { seedPreventionAdminDemo } from './prevention-admin.demo';

const R = 'admin.nomenclatures';
const BOTH: RouteDef['method'] = ['GET', 'POST'];

/** Prevention reference lists (issue 5, item 8): work types, prevention organisations, lots and specifications, and their hub page. */
export const preventionAdminModule = defineModule({
  name: 'prevention-admin',
  routes: [
    { name: 'admin_prevention_index', method: 'GET', path: '/admin/prevention', right: R, handler: h.hub },

    { name: 'admin_work_type_index', method: 'GET', path: '/admin/prevention/work-types', right: R, handler: h.workTypeIndex },
    { name: 'admin_work_type_add', method: BOTH, path: '/admin/prevention/work-types/new', right: R, handler: h.workTypeAdd },
    { name: 'admin_work_type_edit', method: BOTH, path: '/admin/prevention/work-types/{id}/edit', right: R, handler: h.workTypeEdit },
    { name: 'admin_work_type_remove', method: 'POST', path: '/admin/prevention/work-types/{id}/delete', right: R, handler: h.workTypeRemove },

    { name: 'admin_prevention_organisation_index', method: 'GET', path: '/admin/prevention/organisations', right: R, handler: h.organisationIndex },
    { name: 'admin_prevention_organisation_add', method: BOTH, path: '/admin/prevention/organisations/new', right: R, handler: h.organisationAdd },
    { name: 'admin_prevention_organisation_edit', method: BOTH, path: '/admin/prevention/organisations/{id}/edit', right: R, handler: h.organisationEdit },
    { name: 'admin_prevention_organisation_remove', method: 'POST', path: '/admin/prevention/organisations/{id}/delete', right: R, handler: h.organisationRemove },

    { name: 'admin_lot_index', method: 'GET', path: '/admin/prevention/lots', right: R, toggle: LOT_TOGGLE, handler: h.lotIndex },
    { name: 'admin_lot_add', method: BOTH, path: '/admin/prevention/lots/new', right: R, toggle: LOT_TOGGLE, handler: h.lotAdd },
    { name: 'admin_lot_edit', method: BOTH, path: '/admin/prevention/lots/{id}/edit', right: R, toggle: LOT_TOGGLE, handler: h.lotEdit },
    { name: 'admin_lot_remove', method: 'POST', path: '/admin/prevention/lots/{id}/delete', right: R, toggle: LOT_TOGGLE, handler: h.lotRemove },
    { name: 'admin_lot_specification_add', method: BOTH, path: '/admin/prevention/lots/{lotId}/specifications/new', right: R, toggle: LOT_TOGGLE, handler: h.specificationAdd },
    { name: 'admin_lot_specification_edit', method: BOTH, path: '/admin/prevention/specifications/{id}/edit', right: R, toggle: LOT_TOGGLE, handler: h.specificationEdit },
    { name: 'admin_lot_specification_remove', method: 'POST', path: '/admin/prevention/specifications/{id}/delete', right: R, toggle: LOT_TOGGLE, handler: h.specificationRemove },
  ],
  demo: seedPreventionAdminDemo,
  contributes: [
    contribute(
      trashables,
      { table: 'prevention_organisation', typeKey: 'prevention-admin.organisations.trash_type' },
      { table: 'lot', typeKey: 'prevention-admin.lots.trash_type' },
      { table: 'lot_specification', typeKey: 'prevention-admin.specifications.trash_type' },
      { table: 'work_type', typeKey: 'prevention-admin.work_types.trash_type' },
    ),
  ],
});
