import { once } from 'node:events';
import type { Response } from 'express';
import { todayIso } from './clock';
import { csvNumber, startCsv, toCsv } from './csv-export';

/** The two formats of a list export: CSV for French Excel, or an Excel workbook. */
export type ExportFormat = 'csv' | 'xlsx';

/** The spreadsheet's media type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A column of an export. `date` cells are calendar days (`YYYY-MM-DD`, or an instant read as its
 * day in Paris); `integer` and `number` cells are numbers (`digits` decimals, 2 by default).
 */
export interface ExportColumn {
  header: string;
  type?: 'text' | 'date' | 'integer' | 'number';
  digits?: number;
  /** Width in characters in the workbook; by default from the header and the first rows. */
  width?: number;
}

/** One cell: text, a number, a day or an instant; empty when null. */
export type ExportCell = string | number | Date | null | undefined;

/** The rows, in batches (a list read page by page, or all at once as one batch). */
export type ExportBatches = AsyncIterable<ExportCell[][]> | Iterable<ExportCell[][]>;

/** What both writers take: the file's base name, the sheet's title, the columns and the rows. */
export interface ExportTable {
  /** File name without date nor extension: `<base>-<today>.csv|xlsx`. */
  base: string;
  /** The worksheet's name (cut to Excel's 31 characters, without the characters it refuses). */
  sheet: string;
  columns: ExportColumn[];
  batches: ExportBatches;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

/** The calendar day of a date cell as `YYYY-MM-DD`, or null. */
function dayOf(cell: ExportCell): string | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (cell instanceof Date) return todayIso(cell);
  const text = String(cell);
  return ISO_DAY.test(text) ? text.slice(0, 10) : null;
}

/** A cell as the CSV writes it: days `DD/MM/YYYY`, numbers with a decimal comma, empty for null. */
export function csvText(column: ExportColumn, cell: ExportCell): string {
  if (cell === null || cell === undefined) return '';
  switch (column.type) {
    case 'date': {
      const day = dayOf(cell);
      return day ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';
    }
    case 'integer': return typeof cell === 'number' ? String(Math.round(cell)) : String(cell);
    case 'number': return typeof cell === 'number' ? csvNumber(cell, column.digits ?? 2) : String(cell);
    default: return cell instanceof Date ? cell.toISOString() : String(cell);
  }
}

/** A cell as the workbook holds it: a real date (midnight UTC, no time zone in Excel), a number, or text. */
function xlsxValue(column: ExportColumn, cell: ExportCell): string | number | Date | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (column.type === 'date') {
    const day = dayOf(cell);
    return day ? new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))) : null;
  }
  if ((column.type === 'integer' || column.type === 'number') && typeof cell === 'number') return cell;
  return cell instanceof Date ? cell.toISOString() : String(cell);
}

/** The number format of a column's cells in the workbook, or none for text. */
function numFmt(column: ExportColumn): string | undefined {
  if (column.type === 'date') return 'dd/mm/yyyy';
  if (column.type === 'integer') return '0';
  if (column.type === 'number') return (column.digits ?? 2) > 0 ? `0.${'0'.repeat(column.digits ?? 2)}` : '0';
  return undefined;
}

/** Widths in characters: the column's own, or the longest of its header and first rows' texts (10 to 60). */
function widths(columns: ExportColumn[], first: ExportCell[][]): number[] {
  return columns.map((c, i) => c.width ?? Math.min(60, Math.max(10, c.header.length + 2, ...first.slice(0, 200).map((r) => csvText(c, r[i]).length + 2))));
}

/** A worksheet name Excel accepts. */
function sheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Export';
}

/** Starts an xlsx download named `<base>-<today>.xlsx`, never cached. */
function startXlsx(res: Response, base: string): void {
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${base}-${todayIso()}.xlsx"`);
  res.setHeader('Cache-Control', 'private, no-store');
}

/**
 * Streams the table as CSV or as an xlsx workbook. The first batch is read before the first byte
 * is sent, so that a failing query is still an error page; a failure after that can only cut the
 * download (the response is destroyed, never a truncated file that looks whole). Between batches
 * the writer waits for the client to take what was sent (a slow reader never makes the list pile
 * up in memory) and stops when the client has left: the handler always ends, so its heavy-work
 * slot is given back.
 */
export async function sendExport(res: Response, format: ExportFormat, table: ExportTable): Promise<void> {
  const iterator = Symbol.asyncIterator in table.batches
    ? (table.batches as AsyncIterable<ExportCell[][]>)[Symbol.asyncIterator]()
    : (async function* () { yield* table.batches as Iterable<ExportCell[][]>; })();
  const head = await iterator.next();
  const first = head.done ? [] : head.value;
  const gone = new Promise<'gone'>((resolve) => res.once('close', () => resolve('gone')));
  const left = () => res.destroyed || res.socket?.destroyed === true;
  /** The next batch once the client has drained the last one, or null when it has left or the rows are done. */
  async function next(): Promise<ExportCell[][] | null> {
    // One turn of the event loop per batch: the compression of the workbook and the client's
    // departure get their turn even when the rows come without waiting.
    await new Promise((resolve) => setImmediate(resolve));
    if (res.writableNeedDrain && (await Promise.race([once(res, 'drain').then(() => 'drained' as const), gone])) === 'gone') return null;
    if (left()) return null;
    const n = await iterator.next();
    return n.done ? null : n.value;
  }
  try {
    if (format === 'csv') {
      startCsv(res, table.base, table.columns.map((c) => c.header));
      const lines = (batch: ExportCell[][]) => toCsv(batch.map((row) => table.columns.map((c, i) => csvText(c, row[i]))));
      res.write(lines(first));
      for (let batch = await next(); batch; batch = await next()) res.write(lines(batch));
      if (!left()) res.end();
    } else {
      await streamXlsx(res, table, first, next, gone);
    }
  } catch (err) {
    res.destroy(err as Error);
    throw err;
  } finally {
    // Lets a generator reading the database page by page end now rather than at its next page.
    await iterator.return?.();
  }
}

/**
 * The xlsx writer: one worksheet written row by row with exceljs's streaming `WorkbookWriter`
 * straight into the response (rows are committed as they come, never the whole list in memory).
 * The header row is bold and frozen, days are real dates shown `DD/MM/YYYY`, numbers are numbers.
 * exceljs is loaded on the first export only: the server starts without it.
 */
async function streamXlsx(res: Response, table: ExportTable, first: ExportCell[][], next: () => Promise<ExportCell[][] | null>, gone: Promise<'gone'>): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  startXlsx(res, table.base);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
  book.creator = 'Vigie';
  const sheet = book.addWorksheet(sheetName(table.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = widths(table.columns, first).map((width) => ({ width }));
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  const formats = table.columns.map(numFmt);
  const write = (batch: ExportCell[][]) => {
    for (const cells of batch) {
      const row = sheet.addRow(table.columns.map((c, i) => xlsxValue(c, cells[i])));
      formats.forEach((f, i) => { if (f) row.getCell(i + 1).numFmt = f; });
      row.commit();
    }
  };
  write(first);
  for (let batch = await next(); batch; batch = await next()) write(batch);
  if (res.destroyed) return;
  sheet.commit();
  // Ends the response (the archive is piped into it); waits for its end, or for the client to leave.
  await Promise.race([book.commit(), gone]);
}
