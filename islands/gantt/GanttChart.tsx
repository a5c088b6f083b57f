import { useCallback, useEffect, useRef, useState } from 'react';
import Gantt from 'frappe-gantt';
import { confirmDialog } from '../core/confirm-dialog';
import { alertDialog } from '../core/alerts';
import { fetchGanttTasks, postGanttUpdate, type GanttChange } from './api';
import { daysUnderBar, escapeHtml, fill, frappeDates, frenchDay, GANTT_LAYOUT, ganttRows, localIso, mondayOnOrBefore, scrollTarget, toFrappe, type GanttTask } from './gantt-model';

/** Props serialised by `server/modules/project/gantt/gantt.tab.ts` (`GanttIslandProps`). */
export interface GanttProps {
  tasksUrl: string;
  updateUrl: string;
  canEdit: boolean;
  viewMode: string;
  modes: string[];
  barHeight: number;
  locale: string;
  labels: Record<string, string>;
}

type Load = 'loading' | 'failed' | 'ready';

/** A drag of dates in progress: frappe-gantt reports each step, the island acts once the mouse is released. */
interface PendingMove {
  id: number;
}

/** The frappe-gantt 1.2 internals the island reads to place a dropped bar (see `daysUnderBar`). */
interface ChartInternals {
  gantt_start: Date;
  config: { column_width: number; step: number; unit: string };
  get_bar(id: string): { $bar: SVGRectElement } | undefined;
}

/**
 * frappe-gantt whose Week columns start on Monday: it starts them on the first task's day (minus
 * its padding), whatever the weekday, and grows the chart by 10 days at a time. Every time it lists
 * its columns, the first day is moved back to its Monday (the other modes are left alone).
 */
class MondayGantt extends Gantt {
  setup_date_values(): void {
    const inner = this as unknown as { gantt_start: Date; config: { view_mode?: { name: string } } };
    if (inner.config.view_mode?.name === 'Week') inner.gantt_start = mondayOnOrBefore(inner.gantt_start);
    super.setup_date_values();
  }
}

/** The days under the bar of task `id` as drawn now, or null when the chart has no such bar. */
function droppedDays(gantt: Gantt, id: number): { start: string; end: string } | null {
  const inner = gantt as unknown as ChartInternals;
  const rect = inner.get_bar(String(id))?.$bar;
  if (!rect) return null;
  const scale = { ganttStart: inner.gantt_start, columnWidth: inner.config.column_width, step: inner.config.step, unit: inner.config.unit };
  return daysUnderBar(scale, Number(rect.getAttribute('x')), Number(rect.getAttribute('width')));
}

/** The project gantt (frappe-gantt): Month / Week / Day modes, drag of dates and progress saved on the server. */
export function GanttChart(props: GanttProps) {
  const { labels, canEdit, updateUrl } = props;
  const label = useCallback((key: string) => labels[key] ?? key, [labels]);
  const [load, setLoad] = useState<Load>('loading');
  const [tasks, setTasks] = useState<GanttTask[]>([]);
  const [mode, setMode] = useState(props.viewMode);
  const [saving, setSaving] = useState(0);
  const holder = useRef<HTMLDivElement>(null);
  const names = useRef<HTMLOListElement>(null);
  const chart = useRef<Gantt | null>(null);
  /** The tasks as the server last saved them (the chart's bars may be mid-drag). */
  const saved = useRef(new Map<number, GanttTask>());
  const pending = useRef<PendingMove | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchGanttTasks(props.tasksUrl, abort.signal)
      .then((list) => {
        saved.current = new Map(list.map((t) => [t.id, t]));
        setTasks(list);
        setLoad('ready');
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('[gantt] chargement des tâches', error);
        setLoad('failed');
      });
    return () => abort.abort();
  }, [props.tasksUrl]);

  const remember = useCallback((task: GanttTask) => {
    saved.current.set(task.id, task);
    setTasks((list) => list.map((t) => (t.id === task.id ? task : t)));
  }, []);

  /** Puts a bar back where the server has it (refused or cancelled change). */
  const restore = useCallback((task: GanttTask) => {
    chart.current?.update_task(String(task.id), { ...frappeDates(task.start, task.end), start: task.start, end: task.end, progress: task.progress });
  }, []);

  const send = useCallback(async (task: GanttTask, change: GanttChange): Promise<void> => {
    setSaving((n) => n + 1);
    try {
      const outcome = await postGanttUpdate(updateUrl, task.id, task.version, change, label('update_failed'));
      if (outcome.ok) {
        remember(outcome.task);
        // The chart's own dates of a dropped bar may be a day off (see daysUnderBar): set them to the saved days.
        if ('start' in change) restore(outcome.task);
        return;
      }
      restore(task);
      await alertDialog(outcome.message, outcome.status === 401 || outcome.status === 409 ? 'warning' : 'danger');
    } finally {
      setSaving((n) => n - 1);
    }
  }, [updateUrl, label, remember, restore]);

  const commitMove = useCallback(async (move: PendingMove): Promise<void> => {
    const task = saved.current.get(move.id);
    const days = chart.current ? droppedDays(chart.current, move.id) : null;
    if (!task || !days) return;
    const { start, end } = days;
    if (start === task.start && end === task.end) {
      restore(task);
      return;
    }
    // Spec 000 §5: a task of the initial planning asks before its dates change; Annuler puts the bar back.
    if (task.isInitialPlanning && !(await confirmDialog(label('confirm_dates')))) {
      restore(task);
      return;
    }
    await send(task, { start: frenchDay(start), end: frenchDay(end) });
  }, [label, restore, send]);

  useEffect(() => {
    const el = holder.current;
    if (load !== 'ready' || !el || !tasks.length || chart.current) return;
    const popup = (ctx: { task: { id: string }; set_title(h: string): void; set_subtitle(h: string): void; set_details(h: string): void }) => {
      const task = saved.current.get(Number(ctx.task.id));
      if (!task) return false;
      ctx.set_title(escapeHtml(task.name));
      ctx.set_subtitle(escapeHtml(`${label('popup.assignee')} : ${task.user ?? label('popup.nobody')}`));
      const lines = [
        fill(label('popup.dates'), { start: frenchDay(task.start), end: frenchDay(task.end) }),
        fill(label('popup.progress'), { progress: task.progress }),
      ];
      if (task.isMilestone) lines.push(label('popup.milestone'));
      if (task.isInitialPlanning) lines.push(label('popup.initial'));
      if (task.initalDates.start && task.initalDates.end) lines.push(fill(label('popup.initial_dates'), { start: frenchDay(task.initalDates.start), end: frenchDay(task.initalDates.end) }));
      ctx.set_details(lines.map(escapeHtml).join('<br>'));
    };
    const gantt = new MondayGantt(el, tasks.map(toFrappe), {
      // Not `view_modes`: frappe-gantt would then open on the first of them instead of `view_mode`.
      view_mode: props.viewMode,
      bar_height: props.barHeight,
      // Given, not left to the defaults: the task-name column is laid out with the same heights.
      upper_header_height: GANTT_LAYOUT.upperHeader,
      lower_header_height: GANTT_LAYOUT.lowerHeader,
      padding: GANTT_LAYOUT.padding,
      language: props.locale,
      readonly: !canEdit,
      move_dependencies: false,
      today_button: false,
      view_mode_select: false,
      scroll_to: scrollTarget(tasks, localIso(new Date())),
      popup_on: 'click',
      popup,
      on_date_change: (task) => { pending.current = { id: Number(task.id) }; },
      on_progress_change: (task, progress) => {
        const current = saved.current.get(Number(task.id));
        if (current && current.progress !== progress) void send(current, { progress });
      },
    });
    // frappe-gantt reports every step of a drag; the change is saved (or asked) once the mouse is released.
    const release = () => window.setTimeout(() => {
      const move = pending.current;
      pending.current = null;
      if (move) void commitMove(move);
    }, 0);
    document.addEventListener('mouseup', release);
    // The chart scrolls both ways: keyboard users reach it (arrows scroll it) and hear what it is.
    const scroller = el.querySelector('.gantt-container');
    // The task-name column follows the chart when it scrolls up or down (its own overflow is hidden).
    const follow = () => { if (scroller && names.current) names.current.scrollTop = scroller.scrollTop; };
    if (scroller) {
      scroller.setAttribute('tabindex', '0');
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label('title'));
      scroller.addEventListener('scroll', follow);
    }
    chart.current = gantt;
    return () => {
      scroller?.removeEventListener('scroll', follow);
      document.removeEventListener('mouseup', release);
      gantt.clear();
      chart.current = null;
    };
    // The chart is made once, with the first list; later changes go through update_task.
  }, [load, tasks.length > 0]);

  const rows = ganttRows(props.barHeight);

  const switchMode = (name: string) => {
    setMode(name);
    chart.current?.change_view_mode(name);
  };

  return (
    <div className="vigie-gantt" data-testid="gantt-island" data-state={load} data-saving={saving > 0 ? '1' : '0'}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <div className="btn-group btn-group-sm" role="group" aria-label={label('modes')}>
          {props.modes.map((m) => (
            <button key={m} type="button" className={`btn btn-outline-secondary${m === mode ? ' active' : ''}`} aria-pressed={m === mode}
              data-testid={`gantt-mode-${m}`} disabled={load !== 'ready' || !tasks.length} onClick={() => switchMode(m)}>{label(`mode.${m}`)}</button>
          ))}
        </div>
        <button type="button" className="btn btn-sm btn-outline-primary" data-testid="gantt-today" disabled={load !== 'ready' || !tasks.length}
          onClick={() => chart.current?.scroll_current()}><i className="bi bi-calendar-event" aria-hidden="true" /> {label('today')}</button>
        {saving > 0 && <span className="spinner-border spinner-border-sm text-secondary" role="status" aria-label={label('loading')} />}
        {!canEdit && <span className="small text-muted" data-testid="gantt-readonly"><i className="bi bi-lock" aria-hidden="true" /> {label('readonly')}</span>}
      </div>
      {load === 'loading' && (
        <div className="d-flex align-items-center justify-content-center border rounded bg-light text-muted py-5" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />{label('loading')}
        </div>
      )}
      {load === 'failed' && <div className="alert alert-danger" role="alert" data-testid="gantt-error">{label('load_failed')}</div>}
      {load === 'ready' && !tasks.length && (
        <div className="text-center py-5 vigie-empty" data-testid="empty-state">
          <i className="bi bi-bar-chart-steps display-6 text-secondary" aria-hidden="true" />
          <p className="mt-3 mb-0 text-muted">{label('empty')}</p>
        </div>
      )}
      <div className="vigie-gantt-body" hidden={load !== 'ready' || !tasks.length}>
        {/* frappe-gantt has no grid: the task names sit in a column beside their rows (screen readers get the table below). */}
        <div className="vigie-gantt-names" data-testid="gantt-names" aria-hidden="true">
          <div className="vigie-gantt-names-head" style={{ height: rows.header }}>{label('table.task')}</div>
          <ol className="vigie-gantt-names-list" ref={names}>
            {tasks.map((t) => (
              <li key={t.id} style={{ height: rows.row, lineHeight: `${rows.row - 1}px` }} title={t.name} data-testid="gantt-name" data-task-id={t.id}>{t.name}</li>
            ))}
          </ol>
        </div>
        <div ref={holder} className="vigie-gantt-chart" data-testid="gantt-chart" />
      </div>
      {tasks.length > 0 && (
        <table className="visually-hidden" data-testid="gantt-table">
          <caption>{label('table.caption')}</caption>
          <thead><tr><th scope="col">{label('table.task')}</th><th scope="col">{label('table.start')}</th><th scope="col">{label('table.end')}</th>
            <th scope="col">{label('table.progress')}</th><th scope="col">{label('table.assignee')}</th></tr></thead>
          <tbody>
            {tasks.map((t) => (
              <tr key={t.id} data-testid="gantt-task-row" data-task-id={t.id}>
                <th scope="row">{t.name}</th>
                <td data-testid="gantt-task-start">{frenchDay(t.start)}</td>
                <td data-testid="gantt-task-end">{frenchDay(t.end)}</td>
                <td data-testid="gantt-task-progress">{t.progress} %</td>
                <td>{t.user ?? label('popup.nobody')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
