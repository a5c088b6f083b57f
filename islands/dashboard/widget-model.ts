import { figureValue, isSafeLink, type WidgetCell, type WidgetData } from '../../server/kernel/dashboard/widget-contract';

/** The drilldown of category or row `i`, only when it is a path of this site. */
export function linkAt(data: WidgetData, i: number): string | null {
  const link = data.links?.[i];
  return isSafeLink(link) ? link : null;
}

/** True when at least one category or row leads somewhere. */
export function hasLinks(data: WidgetData): boolean {
  return (data.links ?? []).some((l) => isSafeLink(l));
}

/** A number in the user's locale (`1 234,5` in French); text as is; nothing as an empty string. */
export function formatCell(cell: WidgetCell, locale: string): string {
  if (cell === null) return '';
  return typeof cell === 'number' ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(cell) : cell;
}

/** A `table` widget: the headers and the rows, each with its formatted cells and its drilldown. */
export function toTableModel(data: WidgetData, locale: string): { headers: string[]; rows: Array<{ cells: string[]; numeric: boolean[]; link: string | null }> } {
  return {
    headers: [...data.labels],
    rows: (data.rows ?? []).map((row, i) => ({ cells: row.map((c) => formatCell(c, locale)), numeric: row.map((c) => typeof c === 'number'), link: linkAt(data, i) })),
  };
}

/** A `figure` widget: the formatted number and its caption (`labels[0]`), or null when there is none. */
export function toFigureModel(data: WidgetData, locale: string): { value: string; caption: string } | null {
  const value = figureValue(data);
  return value === null ? null : { value: formatCell(value, locale), caption: data.labels[0] ?? '' };
}
