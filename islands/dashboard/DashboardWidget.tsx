import { useEffect, useRef, useState } from 'react';
import { getXhr } from '../core/http';
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
  /** Announced while loading. */
  loadingText?: string;
  /** Shown (and logged) when the data cannot be loaded. */
  errorText?: string;
  /** BCP 47 locale of the numbers. */
  locale?: string;
}

type State = { name: 'loading' } | { name: 'error' } | { name: 'ready'; data: WidgetData };

function follow(link: string | null): void {
  if (link) window.location.assign(link);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function ChartView({ kind, data, title, locale, onError }: { kind: ChartKind; data: WidgetData; title: string; locale: string; onError: (err: unknown) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    // Chart.js is its own chunk: tables and figures never download it.
    import('./chart-setup').then(({ Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, toChartConfig(kind, data, { locale, clickable: hasLinks(data), reducedMotion: prefersReducedMotion(), onSelect: (i) => follow(linkAt(data, i)) }));
    }).catch(onError);
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [kind, data, locale, onError]);
  return (
    <>
      <div className="position-relative" style={{ height: `${chartHeight(kind, data)}px` }}>
        <canvas ref={canvas} role="img" aria-label={title} data-testid="widget-chart" />
      </div>
      {/* The same figures for screen readers. A table ignores the 1 px width of visually-hidden
          and widened the page by its long labels: the hiding wrapper is a div. */}
      <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <thead><tr><th scope="col"></th>{data.series.map((s) => <th scope="col" key={s.label}>{s.label}</th>)}</tr></thead>
        <tbody>
          {data.labels.map((label, i) => (
            <tr key={`${label}-${i}`}><th scope="row">{label}</th>{data.series.map((s) => <td key={s.label}>{formatCell(s.data[i], locale)}</td>)}</tr>
          ))}
        </tbody>
      </table>
      </div>
    </>
  );
}

function TableView({ data, locale }: { data: WidgetData; locale: string }) {
  const model = toTableModel(data, locale);
  return (
    <div className="table-responsive">
      <table className="table table-sm table-hover align-middle mb-0" data-testid="widget-table">
        <thead className="table-light"><tr>{model.headers.map((h, i) => <th scope="col" key={`${h}-${i}`}>{h}</th>)}</tr></thead>
        <tbody>
          {model.rows.map((row, r) => (
            <tr key={r}>
              {row.cells.map((cell, c) => (
                <td key={c} className={row.numeric[c] ? 'text-end' : undefined}>
                  {c === 0 && row.link ? <a href={row.link}>{cell}</a> : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FigureView({ data, locale, drilldownUrl }: { data: WidgetData; locale: string; drilldownUrl?: string }) {
  const model = toFigureModel(data, locale);
  if (!model) return null;
  const value = <span className="display-5 fw-semibold" data-testid="widget-figure">{model.value}</span>;
  return (
    <div className="text-center py-2">
      {drilldownUrl && drilldownUrl.startsWith('/') ? <a className="text-decoration-none" href={drilldownUrl}>{value}</a> : value}
      {model.caption ? <div className="text-muted small mt-1">{model.caption}</div> : null}
    </div>
  );
}

/** A dashboard widget: GETs its JSON, then draws a chart, a table or a big figure. */
export function DashboardWidget(props: DashboardWidgetProps) {
  const { url, kind, title, drilldownUrl, emptyText } = props;
  const locale = props.locale ?? document.documentElement.lang ?? 'fr';
  const errorText = props.errorText ?? title;
  const [state, setState] = useState<State>({ name: 'loading' });
  const failed = useRef((err: unknown) => {
    console.error(`${errorText} (${url})`, err);
    setState({ name: 'error' });
  });

  useEffect(() => {
    if (!isWidgetKind(kind)) {
      failed.current(new Error(`unknown widget kind "${String(kind)}"`));
      return undefined;
    }
    const abort = new AbortController();
    getXhr(url, 'application/json', abort.signal)
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const data = parseWidgetData(await response.json());
        if (!abort.signal.aborted) setState({ name: 'ready', data });
      })
      .catch((err) => { if (!abort.signal.aborted) failed.current(err); });
    return () => abort.abort();
  }, [url, kind]);

  let body;
  if (state.name === 'loading') {
    body = (
      <div className="text-center py-4" role="status">
        <span className="spinner-border spinner-border-sm text-secondary" aria-hidden="true"></span>
        <span className="visually-hidden">{props.loadingText ?? title}</span>
      </div>
    );
  } else if (state.name === 'error') {
    body = <div className="alert alert-warning small mb-0" role="alert" data-testid="widget-error"><i className="bi bi-exclamation-triangle"></i> {errorText}</div>;
  } else if (isWidgetEmpty(kind, state.data)) {
    body = <div className="text-center text-muted small py-4" data-testid="widget-empty"><i className="bi bi-bar-chart d-block fs-3 mb-2" aria-hidden="true"></i>{emptyText}</div>;
  } else if (kind === 'table') {
    body = <TableView data={state.data} locale={locale} />;
  } else if (kind === 'figure') {
    body = <FigureView data={state.data} locale={locale} drilldownUrl={drilldownUrl} />;
  } else {
    body = <ChartView kind={kind} data={state.data} title={title} locale={locale} onError={failed.current} />;
  }
  const shown = state.name === 'ready' && isWidgetEmpty(kind, state.data) ? 'empty' : state.name;
  return <div data-testid="dashboard-widget" data-state={shown} aria-busy={state.name === 'loading'}>{body}</div>;
}
