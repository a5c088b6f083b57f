import type { RouteDef } from '../../../kernel/http/route-table';
import type { LockoutPart } from '../core/lockout-part';
import { LOCKOUT_ACCESS, LOCKOUT_MANAGE } from '../core/lockout-rights';
import * as y from './type.handlers';
import * as a from './activity.handlers';

const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'consignment_type_index', method: 'GET', path: '/consignment/types', right: LOCKOUT_ACCESS, handler: y.index },
  { name: 'consignment_type_add', method: GP, path: '/consignment/types/new', right: LOCKOUT_MANAGE, handler: y.add },
  { name: 'consignment_type_edit', method: GP, path: '/consignment/types/{id}/edit', right: LOCKOUT_MANAGE, handler: y.edit },
  { name: 'consignment_type_delete', method: 'POST', path: '/consignment/types/{id}/delete', right: LOCKOUT_MANAGE, handler: y.remove },
  { name: 'consignment_activity_index', method: 'GET', path: '/consignment/activities', right: LOCKOUT_ACCESS, handler: a.index },
  { name: 'consignment_activity_add', method: GP, path: '/consignment/activities/new', right: LOCKOUT_MANAGE, handler: a.add },
  { name: 'consignment_activity_edit', method: GP, path: '/consignment/activities/{id}/edit', right: LOCKOUT_MANAGE, handler: a.edit },
  { name: 'consignment_activity_delete', method: 'POST', path: '/consignment/activities/{id}/delete', right: LOCKOUT_MANAGE, handler: a.remove },
];

/**
 * The reference lists of the lockout module (issue 26 item 1): consignment types with their colour
 * and machine activities. Read with `consignment.access`, edited with `consignment.manage`; a type
 * used by an isolation point or an activity linked to a slip is never deleted (409).
 */
export const cataloguePart: LockoutPart = { routes };
