import type { RouteDef } from '../../../kernel/http/route-table';
import { type WastePart } from '../core/waste-part';
import { ENV_VIEW } from '../core/waste-rights';
import * as r from './register.handlers';

const routes: RouteDef[] = [
  { name: 'waste_register', method: 'GET', path: '/waste/register', right: ENV_VIEW, handler: r.index },
  { name: 'waste_register_csv', method: 'GET', path: '/waste/register.csv', right: ENV_VIEW, heavy: 'export', handler: r.exportCsv },
  { name: 'waste_register_xlsx', method: 'GET', path: '/waste/register.xlsx', right: ENV_VIEW, heavy: 'export', handler: r.exportXlsx },
];

/** The register part of the waste module (issue 26 item 6): the chronological register of outgoing waste, its totals and exports. */
export const registerPart: WastePart = { routes };
