import type { Response } from 'express';
import { todayIso } from './clock';

/**
 * One CSV cell for French Excel: `;`-separated, quoted when needed, and a cell that Excel would
 * run as a formula (`=`, `+`, `-`, `@`) is prefixed with an apostrophe.
 */
export function csvCell(value: string): string {
  let v = value.replace(/\r\n?/g, '\n');
  if (/^[=+\-@\t]/.test(v)) v = `'${v}`;
  return /[";\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Lines of CSV (CRLF-terminated) for the given rows of cells. */
export function toCsv(rows: string[][]): string {
  return rows.map((r) => `${r.map(csvCell).join(';')}\r\n`).join('');
}

/**
 * Starts a CSV download for French Excel: UTF-8 with a BOM, `;`, named `<base>-<today>.csv`, never
 * cached; writes the header row. The caller writes the rows with `toCsv` and ends the response.
 */
export function startCsv(res: Response, base: string, header: string[]): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${base}-${todayIso()}.csv"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.write(`\uFEFF${toCsv([header])}`);
}

/** A number as French Excel reads it: decimal comma, `digits` decimals; empty for null. */
export function csvNumber(value: number | null, digits = 2): string {
  return value === null ? '' : value.toFixed(digits).replace('.', ',');
}
