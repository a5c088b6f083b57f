/**
 * The JSON a dashboard widget route answers and the `dashboard-widget` island draws. Pure code,
 * shared by the server (checks what a route computes) and the browser (checks what it receives).
 */

/** How the island draws the data. */
export const WIDGET_KINDS = ['doughnut', 'bar', 'line', 'table', 'figure'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** One named series of numbers, aligned on `labels`. */
export interface WidgetSeries {
  label: string;
  data: number[];
  /** `#rrggbb`: the series' own colour (a priority level's), instead of the palette's. */
  color?: string;
}

/** A table cell: text, number or nothing. */
export type WidgetCell = string | number | null;

/**
 * A widget's data.
 * - charts: `labels` are the categories (x axis, segments), each series one dataset aligned on them;
 * - `table`: `labels` are the column headers, `rows` the lines;
 * - `figure`: `total` is the big number (else the sum of the first series), `labels[0]` its caption.
 * `links[i]` is the drilldown of category `i` (charts) or of row `i` (table): a same-site path from
 * `path()`, or null for none.
 */
export interface WidgetData {
  labels: string[];
  series: WidgetSeries[];
  rows?: WidgetCell[][];
  total?: number;
  links?: Array<string | null>;
  /** Bars of the series stacked on each category (counts per level of each group). */
  stacked?: boolean;
}

/** True when `kind` is a widget kind. */
export function isWidgetKind(kind: unknown): kind is WidgetKind {
  return typeof kind === 'string' && (WIDGET_KINDS as readonly string[]).includes(kind);
}

/** True for a path of this site (`/x`, not `//host` nor `javascript:`), the only links a widget follows. */
export function isSafeLink(href: unknown): href is string {
  return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isCell = (v: unknown): v is WidgetCell => v === null || typeof v === 'string' || isNumber(v);

/**
 * Checks that `value` is {@link WidgetData} and returns it with only the known fields; throws an
 * Error naming the first problem (a broken route is a programming error, never user input).
 */
export function parseWidgetData(value: unknown): WidgetData {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('widget data: not an object');
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.labels) || !v.labels.every((l) => typeof l === 'string')) throw new Error('widget data: labels must be strings');
  if (!Array.isArray(v.series)) throw new Error('widget data: series must be an array');
  const series = v.series.map((s, i) => {
    const item = s as Record<string, unknown> | null;
    if (!item || typeof item.label !== 'string' || !Array.isArray(item.data) || !item.data.every(isNumber)) throw new Error(`widget data: series ${i} must be { label, data: number[] }`);
    if (item.data.length !== (v.labels as string[]).length) throw new Error(`widget data: series ${i} has ${item.data.length} values for ${(v.labels as string[]).length} labels`);
    if (item.color !== undefined && (typeof item.color !== 'string' || !/^#[0-9a-f]{6}$/i.test(item.color))) throw new Error(`widget data: series ${i} color must be #rrggbb`);
    return item.color === undefined ? { label: item.label, data: [...item.data] as number[] } : { label: item.label, data: [...item.data] as number[], color: item.color as string };
  });
  const out: WidgetData = { labels: [...(v.labels as string[])], series };
  if (v.rows !== undefined) {
    if (!Array.isArray(v.rows) || !v.rows.every((r) => Array.isArray(r) && r.every(isCell))) throw new Error('widget data: rows must be arrays of text, numbers or null');
    out.rows = (v.rows as WidgetCell[][]).map((r) => [...r]);
  }
  if (v.total !== undefined && v.total !== null) {
    if (!isNumber(v.total)) throw new Error('widget data: total must be a number');
    out.total = v.total;
  }
  if (v.links !== undefined) {
    if (!Array.isArray(v.links) || !v.links.every((l) => l === null || typeof l === 'string')) throw new Error('widget data: links must be strings');
    out.links = [...(v.links as Array<string | null>)];
  }
  if (v.stacked !== undefined) {
    if (typeof v.stacked !== 'boolean') throw new Error('widget data: stacked must be a boolean');
    out.stacked = v.stacked;
  }
  return out;
}

/** The number a `figure` shows: `total`, else the sum of the first series, else null (nothing to show). */
export function figureValue(data: WidgetData): number | null {
  if (data.total !== undefined) return data.total;
  const first = data.series[0];
  return first && first.data.length ? first.data.reduce((a, b) => a + b, 0) : null;
}

/** True when the widget has nothing to draw, so the island shows its empty text. */
export function isWidgetEmpty(kind: WidgetKind, data: WidgetData): boolean {
  if (kind === 'table') return !data.rows?.length;
  if (kind === 'figure') return figureValue(data) === null;
  // A chart of zeros says nothing: the empty text is clearer than blank axes or an empty ring.
  return !data.labels.length || !data.series.some((s) => s.data.some((n) => n !== 0));
}
