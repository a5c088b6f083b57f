import type { RouteDef } from '../../../kernel/http/route-table';
import type { LockoutPart } from '../core/lockout-part';
import { LOCKOUT_ACCESS, LOCKOUT_MANAGE } from '../core/lockout-rights';
import * as m from './machine.handlers';
import * as p from './point.handlers';
import * as ph from './photo.handlers';
import { seedMachinesDemo } from './machines.demo';

const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'consignment_machine_index', method: 'GET', path: '/consignment/machines', right: LOCKOUT_ACCESS, handler: m.index },
  { name: 'consignment_machine_add', method: GP, path: '/consignment/machines/new', right: LOCKOUT_MANAGE, handler: m.add },
  { name: 'consignment_machine_show', method: 'GET', path: '/consignment/machines/{id}', right: LOCKOUT_ACCESS, handler: m.show },
  { name: 'consignment_machine_edit', method: GP, path: '/consignment/machines/{id}/edit', right: LOCKOUT_MANAGE, handler: m.edit },
  { name: 'consignment_machine_delete', method: 'POST', path: '/consignment/machines/{id}/delete', right: LOCKOUT_MANAGE, handler: m.remove },
  { name: 'consignment_point_add', method: GP, path: '/consignment/machines/{id}/points/new', right: LOCKOUT_MANAGE, handler: p.add },
  { name: 'consignment_point_edit', method: GP, path: '/consignment/machines/{id}/points/{point}/edit', requirements: { point: '\\d+' }, right: LOCKOUT_MANAGE, handler: p.edit },
  { name: 'consignment_point_delete', method: 'POST', path: '/consignment/machines/{id}/points/{point}/delete', requirements: { point: '\\d+' }, right: LOCKOUT_MANAGE, handler: p.remove },
  { name: 'consignment_photo_add', method: GP, path: '/consignment/machines/{id}/photos/new', right: LOCKOUT_MANAGE, handler: ph.add, bodyParsers: [ph.parsePhoto] },
  { name: 'consignment_photo_show', method: 'GET', path: '/consignment/machines/{id}/photos/{photo}', requirements: { photo: '\\d+' }, right: LOCKOUT_ACCESS, handler: ph.show },
  { name: 'consignment_photo_delete', method: 'POST', path: '/consignment/machines/{id}/photos/{photo}/delete', requirements: { photo: '\\d+' }, right: LOCKOUT_MANAGE, handler: ph.remove },
];

/**
 * Machines (issue 26 item 1): list, page, form, required consignments (isolation points) and
 * photos. Read with `consignment.access`, edited with `consignment.manage`.
 */
export const machinesPart: LockoutPart = { routes, demo: seedMachinesDemo };
