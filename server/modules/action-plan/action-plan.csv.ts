/** Columns of the action plan export, in order (labels: `action-plan.csv.<column>`). */
export const CSV_COLUMNS = ['id', 'status', 'level', 'comments', 'complement', 'immediate', 'assignee', 'creator', 'deadline', 'closure_date', 'source', 'hierarchy_item', 'service', 'created_at'] as const;

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
