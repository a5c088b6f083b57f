import type { RouteDef } from '../../../kernel/http/route-table';
import type { VgpPart } from '../core/vgp-part';
import * as c from './category.handlers';
import * as f from './family.handlers';
import * as t from './type.handlers';
import { seedCatalogueDemo } from './catalogue.demo';

const VIEW = 'vgp.view';
const EDIT = 'vgp.forms';
const GP: RouteDef['method'] = ['GET', 'POST'];
const DELETE_REFUSED = 'equipment.catalogue.forbidden';

const routes: RouteDef[] = [
  { name: 'vgp_category_index', method: 'GET', path: '/equipment/categories', right: VIEW, handler: c.index },
  { name: 'vgp_category_add', method: GP, path: '/equipment/categories/new', right: EDIT, handler: c.add },
  { name: 'vgp_category_edit', method: GP, path: '/equipment/categories/{id}/edit', right: EDIT, handler: c.edit },
  { name: 'vgp_category_delete', method: 'POST', path: '/equipment/categories/{id}/delete', right: EDIT, handler: c.remove, forbiddenMessage: DELETE_REFUSED },
  { name: 'vgp_family_index', method: 'GET', path: '/equipment/families', right: VIEW, handler: f.index },
  { name: 'vgp_family_add', method: GP, path: '/equipment/families/new', right: EDIT, handler: f.add },
  { name: 'vgp_family', method: 'GET', path: '/equipment/families/{id}.json', right: VIEW, handler: f.familiesOfCategory },
  { name: 'vgp_family_edit', method: GP, path: '/equipment/families/{id}/edit', right: EDIT, handler: f.edit },
  { name: 'vgp_family_delete', method: 'POST', path: '/equipment/families/{id}/delete', right: EDIT, handler: f.remove, forbiddenMessage: DELETE_REFUSED },
  { name: 'vgp_type_index', method: 'GET', path: '/equipment/types', right: VIEW, handler: t.index },
  { name: 'vgp_type_add', method: GP, path: '/equipment/types/new', right: EDIT, handler: t.add },
  { name: 'vgp_type_edit', method: GP, path: '/equipment/types/{id}/edit', right: EDIT, handler: t.edit },
  { name: 'vgp_type_delete', method: 'POST', path: '/equipment/types/{id}/delete', right: EDIT, handler: t.remove, forbiddenMessage: DELETE_REFUSED },
];

/**
 * The catalogue part of the equipment module (issue 24 item 1): categories as a tree (is-equipment
 * flag, regulatory preset), families per category (`vgp_family` answers the dependent select),
 * types of control (auto-plan). Read with `vgp.view`, edited with `vgp.forms`; a record in use is
 * never deleted (409 with what uses it).
 */
export const cataloguePart: VgpPart = {
  routes,
  demo: seedCatalogueDemo,
};
