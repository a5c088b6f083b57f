/** The gantt's data, as `project_task_gantt` serves it (server/modules/project/gantt/gantt.service.ts `GanttTask`). */
export interface GanttTask {
  id: number;
  name: string;
  /** First day, `YYYY-MM-DD` (Paris). */
  start: string;
  /** Last day (inclusive), `YYYY-MM-DD`. */
  end: string;
  progress: number;
  user: string | null;
  isMilestone: boolean;
  isInitialPlanning: boolean;
  initalDates: { start: string | null; end: string | null };
  dependencies: string;
  version: number;
}

/** A task as frappe-gantt takes it. */
export interface FrappeTask {
  id: string;
  name: string;
  start: string;
  end: string;
  progress: number;
  dependencies: string;
  custom_class?: string;
}

/** Escapes text for HTML: frappe-gantt writes task names and popups with innerHTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Replaces `{{name}}` in a label. */
export function fill(label: string, vars: Record<string, string | number>): string {
  return label.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, key: string) => (key in vars ? String(vars[key]) : all));
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`; '' for null. */
export function frenchDay(iso: string | null): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

/** The local day (`YYYY-MM-DD`) of a date frappe-gantt computed (it works in the browser's time zone). */
export function localIso(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/**
 * The CSS class of a bar: milestones and initial-planning tasks are coloured apart. One class
 * only: frappe-gantt adds it with `classList.add` when it redraws a bar.
 */
export function barClass(task: GanttTask): string | undefined {
  if (task.isMilestone && task.isInitialPlanning) return 'vigie-gantt-initial-milestone';
  if (task.isMilestone) return 'vigie-gantt-milestone';
  return task.isInitialPlanning ? 'vigie-gantt-initial' : undefined;
}

/** The frappe-gantt task of a gantt task (a fresh object: frappe-gantt writes into its tasks). */
export function toFrappe(task: GanttTask): FrappeTask {
  const out: FrappeTask = {
    id: String(task.id), name: escapeHtml(task.name), start: task.start, end: task.end,
    progress: Math.max(0, Math.min(100, task.progress)), dependencies: task.dependencies,
  };
  const custom = barClass(task);
  if (custom) out.custom_class = custom;
  return out;
}

/** Where the chart opens: today when a task runs across it, else the first task. */
export function scrollTarget(tasks: GanttTask[], today: string): 'today' | 'start' {
  return tasks.some((t) => t.start <= today && today <= t.end) ? 'today' : 'start';
}

/** The frappe-gantt dates of a day range: local midnight of the first day, and of the day after the last. */
export function frappeDates(start: string, end: string): { _start: Date; _end: Date } {
  const [sy, sm, sd] = start.split('-').map(Number);
  const [ey, em, ed] = end.split('-').map(Number);
  return { _start: new Date(sy, sm - 1, sd), _end: new Date(ey, em - 1, ed + 1) };
}

/** What the island reads of a frappe-gantt chart to place a dropped bar (frappe-gantt 1.2 internals). */
export interface ChartScale {
  /** The chart's first day (local midnight). */
  ganttStart: Date;
  columnWidth: number;
  step: number;
  unit: string;
}

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

/**
 * The days (`YYYY-MM-DD`, end inclusive) under a bar at `x` and `width` pixels. frappe-gantt 1.2
 * truncates fractional steps when it turns a dropped bar into dates (a Week-mode drop can land a
 * day early), so the island reads the bar's place itself, inverting how frappe-gantt draws it:
 * in days for Day and Week, in months plus day/31 for Month, widths in days (a month counts 30).
 */
export function daysUnderBar(scale: ChartScale, x: number, width: number): { start: string; end: string } {
  const units = x / scale.columnWidth;
  let start: Date;
  let length: number;
  if (scale.unit === 'month') {
    const total = Math.max(1, Math.round(units * scale.step * 31));
    const months = Math.floor((total - 1) / 31);
    start = new Date(scale.ganttStart.getFullYear(), scale.ganttStart.getMonth() + months, total - 31 * months);
    length = Math.round((width / scale.columnWidth) * scale.step * 30);
  } else {
    const perDay = scale.unit === 'hour' ? 1 / 24 : 1;
    start = addDays(scale.ganttStart, Math.round(units * scale.step * perDay));
    length = Math.round((width / scale.columnWidth) * scale.step * perDay);
  }
  return { start: localIso(start), end: localIso(addDays(start, Math.max(1, length) - 1)) };
}

/** The monday (local midnight) of the week of `date`: weeks start on Monday in every locale Vigie ships. */
export function mondayOnOrBefore(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
}

/** Heights frappe-gantt is given (in px), so that the task-name column lines up with its rows. */
export const GANTT_LAYOUT = { upperHeader: 45, lowerHeader: 30, padding: 18 } as const;

/** The chart's header height and row height for bars of `barHeight` px (frappe-gantt adds 10 px under its two header lines). */
export function ganttRows(barHeight: number): { header: number; row: number } {
  return { header: GANTT_LAYOUT.upperHeader + GANTT_LAYOUT.lowerHeader + 10, row: barHeight + GANTT_LAYOUT.padding };
}
