import type { RouteDef } from '../../../kernel/http/route-table';
import { type WastePart } from '../core/waste-part';
import { ENV_MANAGE, ENV_VIEW } from '../core/waste-rights';
import * as w from './waste.handlers';
import * as f from './family.handlers';
import * as c from './container.handlers';
import { seedCatalogueDemo } from './catalogue.demo';

const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'waste_index', method: 'GET', path: '/waste', right: ENV_VIEW, handler: w.index },
  { name: 'waste_add', method: GP, path: '/waste/new', right: ENV_MANAGE, handler: w.add },
  { name: 'waste_code_autocomplete', method: 'GET', path: '/waste/codes', right: ENV_VIEW, handler: w.codes },
  { name: 'waste_edit', method: GP, path: '/waste/{id}/edit', right: ENV_MANAGE, handler: w.edit },
  { name: 'waste_delete', method: 'POST', path: '/waste/{id}/delete', right: ENV_MANAGE, handler: w.remove },
  { name: 'waste_family_index', method: 'GET', path: '/waste/families', right: ENV_VIEW, handler: f.index },
  { name: 'waste_family_add', method: GP, path: '/waste/families/new', right: ENV_MANAGE, handler: f.add },
  { name: 'waste_family_edit', method: GP, path: '/waste/families/{id}/edit', right: ENV_MANAGE, handler: f.edit },
  { name: 'waste_family_delete', method: 'POST', path: '/waste/families/{id}/delete', right: ENV_MANAGE, handler: f.remove },
  { name: 'waste_container_index', method: 'GET', path: '/waste/containers', right: ENV_VIEW, handler: c.index },
  { name: 'waste_container_add', method: GP, path: '/waste/containers/new', right: ENV_MANAGE, handler: c.add },
  { name: 'waste_container_edit', method: GP, path: '/waste/containers/{id}/edit', right: ENV_MANAGE, handler: c.edit },
  { name: 'waste_container_delete', method: 'POST', path: '/waste/containers/{id}/delete', right: ENV_MANAGE, handler: c.remove },
];

/**
 * The catalogue part of the waste module (issue 26 item 5): wastes with their code of the European
 * list (picked with `waste_code_autocomplete`), families and containers. Read with
 * `environment.view`, edited with `environment.manage`; a record in use is never deleted (409).
 */
export const cataloguePart: WastePart = { routes, demo: seedCatalogueDemo };
