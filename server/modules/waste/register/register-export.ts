import { formatCedCode } from '../core/ced-codes';
import type { Register, RegisterLine } from './register.service';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The spreadsheet's media type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const french = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The register's columns (arrêté du 31 mai 2021, art. 1, those our data fills): translation key and the line's text. */
export const REGISTER_COLUMNS: Array<[string, (l: RegisterLine, t: T) => string | number]> = [
  ['date', (l) => french(l.date)],
  ['site', (l) => l.siteName],
  ['nature', (l) => l.wasteLabel],
  ['code', (l) => formatCedCode(l.cedCode)],
  ['hazardous', (l, t) => t(l.hazardous ? 'waste.register.yes' : 'waste.register.no')],
  ['quantity', (l) => l.weightT],
  ['container', (l) => l.containerName ?? ''],
  ['carrier', (l) => l.carrierName ?? ''],
  ['carrier_siret', (l) => l.carrierSiret ?? ''],
  ['consignee', (l) => l.consigneeName ?? ''],
  ['consignee_siret', (l) => l.consigneeSiret ?? ''],
  ['number', (l) => l.number],
];

/**
 * The register as an xlsx workbook: the chronological lines, then a sheet of totals per code and
 * per month. exceljs is loaded on the first export only: the server starts without it.
 */
export async function registerWorkbook(register: Register, t: T): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Vigie';
  const sheet = book.addWorksheet(t('waste.register.xlsx.lines'));
  sheet.columns = REGISTER_COLUMNS.map(([key]) => ({ header: t(`waste.register.columns.${key}`), key, width: key === 'nature' || key === 'site' ? 32 : 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const l of register.lines) sheet.addRow(REGISTER_COLUMNS.map(([, value]) => value(l, t)));
  sheet.getColumn(REGISTER_COLUMNS.findIndex(([k]) => k === 'quantity') + 1).numFmt = '0.000';
  const totals = book.addWorksheet(t('waste.register.xlsx.totals'));
  totals.columns = [{ width: 16 }, { width: 60 }, { width: 12 }, { width: 16 }];
  totals.addRow([t('waste.register.by_code')]).font = { bold: true };
  totals.addRow([t('waste.register.columns.code'), t('waste.register.columns.nature'), t('waste.register.count'), t('waste.register.columns.quantity')]).font = { bold: true };
  for (const c of register.byCode) totals.addRow([`${formatCedCode(c.key)}${c.hazardous ? '*' : ''}`, c.label, c.count, c.weightT]);
  totals.addRow([]);
  totals.addRow([t('waste.register.by_month')]).font = { bold: true };
  for (const m of register.byMonth) totals.addRow([m.key, '', m.count, m.weightT]);
  totals.addRow([t('waste.register.total'), '', register.lines.length, register.totalT]).font = { bold: true };
  totals.getColumn(4).numFmt = '0.000';
  return Buffer.from(await book.xlsx.writeBuffer());
}
