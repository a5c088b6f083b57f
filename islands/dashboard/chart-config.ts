import type { ChartConfiguration, ChartEvent, ActiveElement } from 'chart.js';
import { CHART_COLORS } from '../../server/kernel/palette';
import type { WidgetData } from '../../server/kernel/dashboard/widget-contract';

/** The widget kinds drawn with Chart.js. */
export type ChartKind = 'doughnut' | 'bar' | 'line';

/** What the chart needs besides the data. */
export interface ChartMappingOptions {
  /** BCP 47 locale for the numbers of ticks and tooltips. */
  locale: string;
  /** Called with the category index when a bar, segment or point is clicked. */
  onSelect?: (index: number) => void;
  /** Shows the hand cursor over elements (when they lead somewhere). */
  clickable?: boolean;
  /** The user asked the system for less motion: no animation. */
  reducedMotion?: boolean;
}

/** Category names longer than this turn a bar chart horizontal, so they read without rotation. */
export const LONG_LABEL = 12;

/** True when a bar chart is drawn with horizontal bars (long category names). */
export function isHorizontal(kind: ChartKind, data: WidgetData): boolean {
  return kind === 'bar' && data.labels.some((l) => l.length > LONG_LABEL);
}

/** Characters per line of a category name beside a horizontal bar, and at most this many lines. */
export const LABEL_WIDTH = 22;
export const LABEL_LINES = 2;

/**
 * A category name as the lines drawn beside its bar: wrapped at word boundaries, a word longer than a
 * line cut, the rest after {@link LABEL_LINES} lines shortened with « … » (the tooltip shows it whole).
 * Chart.js clips a long single-line tick at the card's edge, hence the wrapping.
 */
export function wrapLabel(label: string, width = LABEL_WIDTH, maxLines = LABEL_LINES): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.trim().split(/\s+/).filter(Boolean)) {
    let rest = word;
    if (line && line.length + 1 + rest.length <= width) { line = `${line} ${rest}`; continue; }
    if (line) lines.push(line);
    while (rest.length > width) { lines.push(rest.slice(0, width)); rest = rest.slice(width); }
    line = rest;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  return kept;
}

/** Height of the chart in pixels: fixed, so cards in a row line up; horizontal bars grow with their count (and their wrapped names). */
export function chartHeight(kind: ChartKind, data: WidgetData): number {
  if (!isHorizontal(kind, data)) return 240;
  const perBar = data.labels.some((l) => wrapLabel(l).length > 1) ? 44 : 34;
  return Math.max(160, perBar * data.labels.length + 40);
}

/** The spec's palette colour `i` (cycling after 10). */
export function paletteColor(i: number): string {
  return CHART_COLORS[((i % CHART_COLORS.length) + CHART_COLORS.length) % CHART_COLORS.length];
}

/** `#rrggbb` with an alpha, as `rgba()`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

function datasets(kind: ChartKind, data: WidgetData) {
  const categoryColors = data.labels.map((_, i) => paletteColor(i));
  return data.series.map((s, si) => {
    if (kind === 'doughnut') return { label: s.label, data: s.data, backgroundColor: categoryColors, borderColor: '#ffffff', borderWidth: 2 };
    if (kind === 'bar') {
      // One series: each category its own colour (a breakdown); several: one colour per series.
      return { label: s.label, data: s.data, backgroundColor: s.color ?? (data.series.length === 1 ? categoryColors : paletteColor(si)), borderRadius: 3 };
    }
    const color = paletteColor(si);
    // Monotone curves never swing past their points: a rate between two zero months stays on zero, not below it.
    return { label: s.label, data: s.data, borderColor: color, backgroundColor: withAlpha(color, 0.15), pointBackgroundColor: color, cubicInterpolationMode: 'monotone' as const, fill: false };
  });
}

/**
 * Maps a widget's data to a Chart.js configuration: palette colours, integer ticks from zero,
 * legend only when it tells something, clicks reported with the category index.
 */
export function toChartConfig(kind: ChartKind, data: WidgetData, opts: ChartMappingOptions): ChartConfiguration {
  const legend = kind === 'doughnut' ? { display: true, position: 'bottom' as const } : { display: data.series.length > 1, position: 'bottom' as const };
  const options: Record<string, unknown> = {
    responsive: true,
    // The island gives the wrapper the height of chartHeight(); the width follows the card.
    maintainAspectRatio: false,
    locale: opts.locale,
    animation: opts.reducedMotion ? false : { duration: 600 },
    plugins: { legend, tooltip: { enabled: true } },
    onClick: (_event: ChartEvent, elements: ActiveElement[]) => {
      const first = elements[0];
      if (first && opts.onSelect) opts.onSelect(first.index);
    },
    onHover: (event: ChartEvent, elements: ActiveElement[]) => {
      const target = event.native?.target as HTMLElement | null | undefined;
      if (opts.clickable && target?.style) target.style.cursor = elements.length ? 'pointer' : 'default';
    },
  };
  if (kind === 'doughnut') options.cutout = '60%';
  else if (isHorizontal(kind, data)) {
    options.indexAxis = 'y';
    // Names wrapped on two lines at most; the tooltip's title keeps the whole name (data.labels is untouched).
    const labels = [...data.labels];
    options.scales = { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { ticks: { autoSkip: false, callback: (_value: unknown, index: number) => wrapLabel(labels[index] ?? '') } } };
  } else {
    options.scales = { y: { beginAtZero: true, ticks: { precision: 0 } }, x: { ticks: { autoSkip: true, maxRotation: 45 } } };
  }
  if (kind === 'bar' && data.stacked) {
    const scales = options.scales as Record<string, Record<string, unknown>>;
    scales.x.stacked = true;
    scales.y.stacked = true;
  }
  return { type: kind, data: { labels: [...data.labels], datasets: datasets(kind, data) }, options } as ChartConfiguration;
}
