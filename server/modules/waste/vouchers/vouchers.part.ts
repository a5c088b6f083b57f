import type { RouteDef } from '../../../kernel/http/route-table';
import { type WastePart } from '../core/waste-part';
import { ENV_MANAGE, ENV_VIEW } from '../core/waste-rights';
import * as v from './voucher.handlers';
import { seedVoucherDemo } from './vouchers.demo';

const GP: RouteDef['method'] = ['GET', 'POST'];

const routes: RouteDef[] = [
  { name: 'waste_voucher_index', method: 'GET', path: '/waste/vouchers', right: ENV_VIEW, handler: v.index },
  { name: 'waste_voucher_add', method: GP, path: '/waste/vouchers/new', right: ENV_MANAGE, handler: v.add },
  { name: 'waste_voucher_edit', method: GP, path: '/waste/vouchers/{id}/edit', right: ENV_MANAGE, handler: v.edit },
  { name: 'waste_voucher_delete', method: 'POST', path: '/waste/vouchers/{id}/delete', right: ENV_MANAGE, handler: v.remove },
  { name: 'waste_tiers_autocomplete', method: 'GET', path: '/waste/companies', right: ENV_MANAGE, handler: v.companies },
];

/** The vouchers part of the waste module (issue 26 item 5): collections with their weight in tonnes, the rows the register is built from. */
export const vouchersPart: WastePart = { routes, demo: seedVoucherDemo };
