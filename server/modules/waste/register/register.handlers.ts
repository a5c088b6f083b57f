import type { Request, Response } from 'express';
import { csvNumber, startCsv, toCsv } from '../../../kernel/csv-export';
import { renderScreen } from '../../../kernel/http/render';
import { tenantOf } from '../../../kernel/http/respond';
import { todayIso } from '../../../kernel/clock';
import { itemOptions } from '../../hierarchy/hierarchy.service';
import { readRegisterFilter } from './register-filter';
import { REGISTER_COLUMNS, registerWorkbook, XLSX_TYPE } from './register-export';
import { buildRegister } from './register.service';

/** `GET /waste/register` (waste_register): the chronological register of outgoing waste of a site for a period, with its totals. */
export async function index(req: Request, res: Response): Promise<void> {
  const { filter, typed } = readRegisterFilter(req);
  const [register, sites] = await Promise.all([buildRegister(req.ctx.db, tenantOf(req), filter), itemOptions(req.ctx.db, tenantOf(req))]);
  const query = { ...(typed.site ? { site: typed.site } : {}), from: typed.from, to: typed.to };
  await renderScreen(req, res, 'waste/register/index', {
    title: req.t('waste.register.title'), hideTitle: true, register, typed, sites, section: 'register', columns: REGISTER_COLUMNS,
    csvUrl: req.ctx.routes.path('waste_register_csv', query), xlsxUrl: req.ctx.routes.path('waste_register_xlsx', query),
  });
}

/** `GET /waste/register.csv` (waste_register_csv): the register's lines, `;`-separated for French Excel, the quantity with three decimals. */
export async function exportCsv(req: Request, res: Response): Promise<void> {
  const { filter } = readRegisterFilter(req);
  const register = await buildRegister(req.ctx.db, tenantOf(req), filter);
  startCsv(res, 'registre-dechets', REGISTER_COLUMNS.map(([key]) => req.t(`waste.register.columns.${key}`)));
  const cells = (l: (typeof register.lines)[number]) => REGISTER_COLUMNS.map(([key, value]) => (key === 'quantity' ? csvNumber(l.weightT, 3) : String(value(l, req.t))));
  res.end(toCsv(register.lines.map(cells)));
}

/** `GET /waste/register.xlsx` (waste_register_xlsx): the register and its totals as a workbook. */
export async function exportXlsx(req: Request, res: Response): Promise<void> {
  const { filter } = readRegisterFilter(req);
  const book = await registerWorkbook(await buildRegister(req.ctx.db, tenantOf(req), filter), req.t);
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="registre-dechets-${todayIso()}.xlsx"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(book);
}
