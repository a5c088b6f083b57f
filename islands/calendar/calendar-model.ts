/**
 * The calendar's data as the server sends it (`project_calendar_tasks`, seed 000 "Calendar task")
 * and its mapping to react-big-calendar events. No React, no DOM: unit-tested in node.
 */

/** One item of `tasks`: a task (numeric id), a work interruption (`wi-<id>`) or approved leave (`leave-<id>`). */
export interface CalendarTask {
  id: number | string;
  title: string;
  assignedTo: number | null;
  /** `YYYY-MM-DD HH:mm`. */
  start: string;
  end: string;
  colorResources: string;
  isWorkAccident: boolean;
}
export interface CalendarResource { id: number; fullName: string; color: string }
export interface CalendarProject { id: number; label: string }
export interface CalendarData { tasks: CalendarTask[]; resources: CalendarResource[]; projects: CalendarProject[] }

/** What an item is, from its id. */
export type ItemKind = 'task' | 'interruption' | 'leave';

/** An event of the big calendar. */
export interface CalendarEvent {
  id: number | string;
  /** The record id (task, interruption or leave request). */
  recordId: number;
  kind: ItemKind;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  color: string;
  assignedTo: number | null;
}

/** The kind of an item: `wi-` work interruption, `leave-` approved leave, a number a task. */
export function itemKind(id: number | string): ItemKind {
  if (typeof id === 'number') return 'task';
  if (id.startsWith('wi-')) return 'interruption';
  if (id.startsWith('leave-')) return 'leave';
  return 'task';
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/;

/** `YYYY-MM-DD HH:mm` as a local wall-clock Date (the server's Paris time shown as is), or null. */
export function parseWall(text: string): Date | null {
  const m = WALL.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00'] = m;
  return new Date(+y, +mo - 1, +d, +h, +mi);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local Date as `YYYY-MM-DD HH:mm`. */
export function formatWall(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A local Date as `YYYY-MM-DD`. */
export const formatDay = (date: Date): string => formatWall(date).slice(0, 10);

/** `date` plus `days` days (local calendar days). */
export function addDays(date: Date, days: number): Date {
  const d = new Date(date.getTime());
  d.setDate(d.getDate() + days);
  return d;
}

/**
 * The events of the answer. Unavailability periods (00:00 of the first day to 23:59 of the last)
 * become whole-day events, whose end react-big-calendar wants exclusive (next midnight).
 */
export function toEvents(tasks: CalendarTask[]): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  for (const t of tasks) {
    const start = parseWall(t.start);
    const end = parseWall(t.end);
    if (!start || !end) continue;
    const kind = itemKind(t.id);
    const recordId = typeof t.id === 'number' ? t.id : Number(String(t.id).replace(/^\D+-/, ''));
    if (t.isWorkAccident) {
      const first = parseWall(t.start.slice(0, 10))!;
      const last = parseWall(t.end.slice(0, 10))!;
      out.push({ id: t.id, recordId, kind, title: t.title, start: first, end: addDays(last, 1), allDay: true, color: t.colorResources, assignedTo: t.assignedTo });
    } else {
      out.push({ id: t.id, recordId, kind, title: t.title, start, end, allDay: false, color: t.colorResources, assignedTo: t.assignedTo });
    }
  }
  return out;
}

/** The calendar views the spec names. */
export type CalendarView = 'month' | 'week' | 'work_week' | 'day' | 'agenda';

/**
 * The range fetched for a view around `date`: ±7 days (seed 000 §9), widened to the whole month
 * (and 7 days around it) in the month view.
 */
export function fetchRange(view: CalendarView, date: Date): { start: Date; end: Date } {
  if (view === 'month') {
    const first = new Date(date.getFullYear(), date.getMonth(), 1);
    const next = new Date(date.getFullYear(), date.getMonth() + 1, 1);
    return { start: addDays(first, -7), end: addDays(next, 7) };
  }
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return { start: addDays(day, -7), end: addDays(day, 8) };
}

/** The query string of `project_calendar_tasks`. */
export function tasksQuery(range: { start: Date; end: Date }, resources: number[], projects: number[]): string {
  const q = new URLSearchParams({ start: formatWall(range.start), end: formatWall(range.end) });
  if (resources.length) q.set('resources', resources.join(','));
  if (projects.length) q.set('projects', projects.join(','));
  return q.toString();
}

/** A URL template with its id placeholder (and `__START__` / `__END__` when the route has them) filled in. */
export function fillUrl(template: string, placeholder: string, id: number, start?: string, end?: string): string {
  let url = template.replace(placeholder, String(id));
  if (start !== undefined) url = url.replace('__START__', encodeURIComponent(start));
  if (end !== undefined) url = url.replace('__END__', encodeURIComponent(end));
  return url;
}

/** The years of the toolbar's select. */
export function yearsBetween(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** `date` moved to `year`, keeping month and day (29 February becomes 28 when needed). */
export function withYear(date: Date, year: number): Date {
  const last = new Date(year, date.getMonth() + 1, 0).getDate();
  return new Date(year, date.getMonth(), Math.min(date.getDate(), last), date.getHours(), date.getMinutes());
}

const channel = (v: number): number => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
/** WCAG relative luminance of a `#rrggbb` (or `#rgb`) colour; null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (x) => x + x) : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(h.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour a task's title takes on its resource's colour: white or black, whichever
 * contrasts more (a user picks any colour; white on amber #f3a712 was 2.02:1, below WCAG's 4.5:1;
 * black rather than #212529, the only one reaching 4.5:1 on mid tones such as olive).
 */
export function readableTextOn(background: string): string {
  const l = luminance(background);
  if (l === null) return '#fff';
  const white = 1.05 / (l + 0.05);
  // White wherever it reads (the colours keep their usual look), else the better of the two.
  return white >= 4.5 || white >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

/** The ARIA roles react-big-calendar puts on its layout boxes without the structure they require (a row without cells, a column header without a row). */
export const LAYOUT_ROLES = ['table', 'rowgroup', 'row', 'cell', 'columnheader'];
