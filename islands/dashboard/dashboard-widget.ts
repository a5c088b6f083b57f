import { getXhr } from '../core/http';
import { t } from '../core/i18n';
import { isWidgetEmpty, isWidgetKind, parseWidgetData, type WidgetData, type WidgetKind } from '../../server/kernel/dashboard/widget-contract';
import { chartHeight, toChartConfig, type ChartKind } from './chart-config';
import { formatCell, hasLinks, linkAt, toFigureModel, toTableModel } from './widget-model';

/** Props serialised by `views/partials/_widget.ejs`. */
export interface DashboardWidgetProps {
  /** The widget's JSON route (from `path()`). */
  url: string;
  kind: WidgetKind;
  title: string;
  /** Where the whole widget leads (the figure links there). */
  drilldownUrl?: string;
  /** Shown when there is nothing to draw. */
  emptyText: string;
  /** Announced while loading (default: the client catalogue's `widget.loading`). */
  loadingText?: string;
  /** Shown (and logged) when the data cannot be loaded (default: `widget.error`). */
  errorText?: string;
  /** BCP 47 locale of the numbers (default: the page's `lang`). */
  locale?: string;
}

type Chart = { destroy(): void };
type ChartModule = typeof import('./chart-setup');

/** A tiny element builder: attributes (`class`, `data-*`, `aria-*`...) then children. */
function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Array<Node | string | null>): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) el.setAttribute(name, value);
  for (const child of children) if (child !== null) el.append(child);
  return el;
}

function follow(link: string | null): void {
  if (link) window.location.assign(link);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function isChartKind(kind: WidgetKind): kind is ChartKind {
  return kind === 'doughnut' || kind === 'bar' || kind === 'line';
}

function loadingView(text: string): HTMLElement {
  return h('div', { class: 'text-center py-4', role: 'status' },
    h('span', { class: 'spinner-border spinner-border-sm text-secondary', 'aria-hidden': 'true' }),
    h('span', { class: 'visually-hidden' }, text));
}

function errorView(text: string): HTMLElement {
  return h('div', { class: 'alert alert-warning small mb-0', role: 'alert', 'data-testid': 'widget-error' },
    h('i', { class: 'bi bi-exclamation-triangle' }), ' ', text);
}

function emptyView(text: string): HTMLElement {
  return h('div', { class: 'text-center text-muted small py-4', 'data-testid': 'widget-empty' },
    h('i', { class: 'bi bi-bar-chart d-block fs-3 mb-2', 'aria-hidden': 'true' }), text);
}

function tableView(data: WidgetData, locale: string): HTMLElement {
  const model = toTableModel(data, locale);
  return h('div', { class: 'table-responsive' },
    h('table', { class: 'table table-sm table-hover align-middle mb-0', 'data-testid': 'widget-table' },
      h('thead', { class: 'table-light' }, h('tr', {}, ...model.headers.map((header) => h('th', { scope: 'col' }, header)))),
      h('tbody', {}, ...model.rows.map((row) => h('tr', {}, ...row.cells.map((cell, c) =>
        h('td', { class: row.numeric[c] ? 'text-end' : undefined }, c === 0 && row.link ? h('a', { href: row.link }, cell) : cell)))))));
}

function figureView(data: WidgetData, locale: string, drilldownUrl?: string): HTMLElement | null {
  const model = toFigureModel(data, locale);
  if (!model) return null;
  const value = h('span', { class: 'display-5 fw-semibold', 'data-testid': 'widget-figure' }, model.value);
  return h('div', { class: 'text-center py-2' },
    drilldownUrl && drilldownUrl.startsWith('/') ? h('a', { class: 'text-decoration-none', href: drilldownUrl }, value) : value,
    model.caption ? h('div', { class: 'text-muted small mt-1' }, model.caption) : null);
}

/** The chart's box and canvas, then the same figures in a visually hidden table for screen readers. */
function chartView(kind: ChartKind, data: WidgetData, title: string, locale: string): { nodes: HTMLElement[]; canvas: HTMLCanvasElement } {
  const canvas = h('canvas', { role: 'img', 'aria-label': title, 'data-testid': 'widget-chart' }) as HTMLCanvasElement;
  const box = h('div', { class: 'position-relative' }, canvas);
  box.style.height = `${chartHeight(kind, data)}px`;
  // A table ignores the 1 px width of visually-hidden and widened the page by its long labels:
  // the hiding wrapper is a div.
  const hidden = h('div', { class: 'visually-hidden' },
    h('table', {},
      h('caption', {}, title),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }), ...data.series.map((s) => h('th', { scope: 'col' }, s.label)))),
      h('tbody', {}, ...data.labels.map((label, i) =>
        h('tr', {}, h('th', { scope: 'row' }, label), ...data.series.map((s) => h('td', {}, formatCell(s.data[i], locale))))))));
  return { nodes: [box, hidden], canvas };
}

/**
 * A dashboard widget: GETs its JSON, then draws a chart, a table or a big figure into `el`.
 * Plain DOM (no React): the island mounts when the widget scrolls into view
 * (`data-island-client="visible"`), and a chart's Chart.js chunk is fetched alongside the data,
 * tables and figures never fetch it. Returns the unmount.
 */
export function mountDashboardWidget(el: HTMLElement, props: DashboardWidgetProps): () => void {
  const { url, kind, title, drilldownUrl, emptyText } = props;
  const locale = props.locale ?? document.documentElement.lang ?? 'fr';
  const errorText = props.errorText ?? t('widget.error');
  const abort = new AbortController();
  let chart: Chart | undefined;
  let unmounted = false;

  const root = h('div', { 'data-testid': 'dashboard-widget' });
  const show = (state: 'loading' | 'error' | 'empty' | 'ready', ...body: Array<Node | null>): void => {
    root.dataset.state = state;
    root.setAttribute('aria-busy', String(state === 'loading'));
    root.replaceChildren(...body.filter((node): node is Node => node !== null));
  };
  const failed = (err: unknown): void => {
    if (unmounted) return;
    console.error(`${errorText} (${url})`, err);
    chart?.destroy();
    chart = undefined;
    show('error', errorView(errorText));
  };
  show('loading', loadingView(props.loadingText ?? t('widget.loading')));
  el.replaceChildren(root);

  if (!isWidgetKind(kind)) {
    failed(new Error(`unknown widget kind "${String(kind)}"`));
  } else {
    // The widget is in view: a chart's code downloads while its data does.
    const chartModule: Promise<ChartModule> | null = isChartKind(kind) ? import('./chart-setup') : null;
    chartModule?.catch(() => undefined);
    getXhr(url, 'application/json', abort.signal)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = parseWidgetData(await response.json());
        if (abort.signal.aborted) return;
        if (isWidgetEmpty(kind, data)) show('empty', emptyView(emptyText));
        else if (kind === 'table') show('ready', tableView(data, locale));
        else if (kind === 'figure') show('ready', figureView(data, locale, drilldownUrl));
        else if (isChartKind(kind) && chartModule) {
          const view = chartView(kind, data, title, locale);
          // The canvas goes in first (Chart.js measures it), but the widget is ready, and its
          // bars clickable, only once Chart.js has drawn them.
          show('loading', ...view.nodes);
          chartModule.then(({ Chart }) => {
            if (unmounted || !view.canvas.isConnected) return;
            chart = new Chart(view.canvas, toChartConfig(kind, data, { locale, clickable: hasLinks(data), reducedMotion: prefersReducedMotion(), onSelect: (i) => follow(linkAt(data, i)) }));
            root.dataset.state = 'ready';
            root.setAttribute('aria-busy', 'false');
          }).catch(failed);
        }
      })
      .catch((err) => { if (!abort.signal.aborted) failed(err); });
  }

  return () => {
    unmounted = true;
    abort.abort();
    chart?.destroy();
    chart = undefined;
    root.remove();
  };
}
