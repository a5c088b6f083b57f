import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  Calendar, dateFnsLocalizer, type CalendarProps as BigCalendarProps, type Formats, type Messages, type SlotInfo, type ToolbarProps, type View,
} from 'react-big-calendar';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { getDay, startOfWeek } from 'date-fns';
import { alertDialog } from '../core/alerts';
import { ajaxHeaders, errorMessage, postXhr, readJson } from '../core/http';
import { openCalendarForm } from './api';
import { formatDate } from './calendar-format';
import { calendarLocales } from './calendar-locale';
import type { DnDCalendarComponent } from './drag-and-drop';
import {
  fetchRange, fillUrl, formatDay, formatWall, LAYOUT_ROLES, parseWall, readableTextOn, tasksQuery, toEvents, withYear, yearsBetween,
  type CalendarData, type CalendarEvent, type CalendarResource, type CalendarView,
} from './calendar-model';

/** The island's props (made by `calendarIndex`, server/modules/calendar/calendar.handlers.ts). */
export interface CalendarProps {
  locale: string;
  /** The localizer's culture, its names loaded (calendar-locale.ts, index.tsx); `fr` when absent. */
  culture?: string;
  /** Today in Paris, `YYYY-MM-DD`. */
  today: string;
  defaultView: CalendarView;
  views: CalendarView[];
  years: { min: number; max: number };
  placeholder: string;
  urls: {
    tasks: string; addTask: string; editTask: string; taskDates: string | null;
    accidentAdd: string; accidentEdit: string; accidentDates: string; color: string;
  };
  can: { addTask: boolean; moveTasks: boolean; unavailability: boolean; colors: boolean };
  labels: Record<string, string>;
}

// No `parse`: react-big-calendar's date-fns localizer never calls it, and date-fns' parser is a
// tenth of the calendar's chunk; nor date-fns' `format`, for the same reason: the calendar's few
// patterns are written by calendar-format.ts. Weeks start on Monday in every locale.
const localizer = dateFnsLocalizer({
  format: formatDate, getDay, locales: calendarLocales,
  startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: 1 }),
});

/** Where the week and day views open, scrolled: 7 o'clock. */
const SCROLL_TO_TIME = new Date(1970, 0, 1, 7, 0);

const range = (fmt: string) => ({ start, end }: { start: Date; end: Date }, culture?: string) =>
  `${localizer.format(start, fmt, culture)} – ${localizer.format(end, fmt, culture)}`;

/** The product's formats in every locale: 24-hour times, DD/MM/YYYY dates; names in the user's. */
const FORMATS: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: range('HH:mm'),
  eventTimeRangeStartFormat: ({ start }, culture) => `${localizer.format(start, 'HH:mm', culture)} – `,
  eventTimeRangeEndFormat: ({ end }, culture) => ` – ${localizer.format(end, 'HH:mm', culture)}`,
  selectRangeFormat: range('HH:mm'),
  agendaTimeFormat: 'HH:mm',
  agendaTimeRangeFormat: range('HH:mm'),
  agendaDateFormat: 'EEE dd/MM/yyyy',
  agendaHeaderFormat: range('dd/MM/yyyy'),
  dayFormat: 'EEE dd/MM',
  dayHeaderFormat: 'EEEE dd/MM/yyyy',
  dayRangeHeaderFormat: range('dd/MM/yyyy'),
  monthHeaderFormat: 'MMMM yyyy',
  weekdayFormat: 'EEEE',
};

function initialState(props: CalendarProps): { date: Date; view: CalendarView } {
  // The page reloads after a saved form: the URL keeps where the user was.
  const q = new URLSearchParams(window.location.search);
  const day = q.get('date');
  const view = q.get('view') as CalendarView | null;
  const date = (day && parseWall(day)) || parseWall(props.today) || new Date();
  return { date, view: view && props.views.includes(view) ? view : props.defaultView };
}

/** The shared calendar: tasks, work accidents and unavailability, approved leave (issue 10). */
export function CalendarApp(props: CalendarProps) {
  const { labels: L, urls, can, placeholder } = props;
  const start = useMemo(() => initialState(props), []);
  const [date, setDate] = useState<Date>(start.date);
  const [view, setView] = useState<CalendarView>(start.view);
  const [data, setData] = useState<CalendarData | null>(null);
  const [failed, setFailed] = useState(false);
  const [resources, setResources] = useState<number[]>([]);
  const [projects, setProjects] = useState<number[]>([]);
  const [unavailabilityMode, setUnavailabilityMode] = useState(false);
  const [colorFor, setColorFor] = useState<CalendarResource | null>(null);
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const request = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    const url = `${urls.tasks}${urls.tasks.includes('?') ? '&' : '?'}${tasksQuery(fetchRange(view, date), resources, projects)}`;
    try {
      const response = await fetch(url, { headers: ajaxHeaders({ Accept: 'application/json' }), credentials: 'same-origin', signal: controller.signal });
      const body = await readJson<CalendarData>(response);
      if (!response.ok || !body) throw new Error(`HTTP ${response.status}`);
      setData(body);
      setEvents(toEvents(body.tasks));
      setFailed(false);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setFailed(true);
      console.error(`[calendrier] ${L.load_failed}`, error);
    }
  }, [urls.tasks, view, date, resources, projects, L.load_failed]);

  useEffect(() => { void load(); }, [load]);
  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    q.set('date', formatDay(date));
    q.set('view', view);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${q.toString()}`);
  }, [date, view]);

  const open = useCallback((url: string) => { void openCalendarForm(url, { forbidden: L['errors.forbidden'], failed: L.load_failed }); }, [L]);

  const onSelectSlot = useCallback((slot: SlotInfo) => {
    const query = new URLSearchParams({ start: formatWall(slot.start), end: formatWall(slot.end) });
    if (resources.length === 1) query.set('resource', String(resources[0]));
    if (unavailabilityMode && can.unavailability) {
      open(`${urls.accidentAdd}?${query.toString()}`);
    } else if (can.addTask) {
      open(`${urls.addTask}?${query.toString()}`);
    }
  }, [resources, unavailabilityMode, can.unavailability, can.addTask, urls.accidentAdd, urls.addTask, open]);

  const onSelectEvent = useCallback((event: CalendarEvent) => {
    if (event.kind === 'task') open(fillUrl(urls.editTask, placeholder, event.recordId));
    else if (event.kind === 'interruption' && can.unavailability) open(fillUrl(urls.accidentEdit, placeholder, event.recordId));
  }, [urls.editTask, urls.accidentEdit, placeholder, can.unavailability, open]);

  const movable = useCallback((event: CalendarEvent) => (event.kind === 'task' && can.moveTasks) || (event.kind === 'interruption' && can.unavailability), [can.moveTasks, can.unavailability]);

  /** Drag or resize: 200 saved; 403 alert then reload; 401 the server's message; the calendar is read again. */
  const move = useCallback(async ({ event, start: s, end: e }: EventInteractionArgs<CalendarEvent>) => {
    if (!movable(event)) return;
    const from = new Date(s);
    const to = new Date(e);
    let startText = formatWall(from);
    let endText = formatWall(to);
    if (event.kind === 'interruption') {
      // Whole days: the last day is the one before the exclusive end.
      const last = new Date(to.getTime() - 60_000);
      startText = `${formatDay(from)} 00:00`;
      endText = `${formatDay(last < from ? from : last)} 23:59`;
    }
    const template = event.kind === 'task' ? urls.taskDates! : urls.accidentDates;
    const url = fillUrl(template, placeholder, event.recordId, startText, endText);
    setEvents((list) => list.map((x) => (x.id === event.id ? { ...x, start: from, end: to } : x)));
    let response: Response;
    try {
      response = await postXhr(url, new URLSearchParams({ start: startText, end: endText }));
    } catch {
      await alertDialog(L['errors.generic'], 'danger');
      void load();
      return;
    }
    if (response.ok) { void load(); return; }
    if (response.status === 403) {
      await alertDialog(await errorMessage(response, L['errors.forbidden']), 'danger');
      window.location.reload();
      return;
    }
    await alertDialog(await errorMessage(response, L['errors.generic']), response.status === 401 ? 'warning' : 'danger');
    void load();
  }, [movable, urls.taskDates, urls.accidentDates, placeholder, L, load]);

  const messages: Messages<CalendarEvent> = useMemo(() => ({
    date: L['agenda.date'], time: L['agenda.time'], event: L['agenda.event'], allDay: L.all_day,
    month: L['views.month'], week: L['views.week'], work_week: L['views.work_week'], day: L['views.day'], agenda: L['views.agenda'],
    previous: L.previous, next: L.next, today: L.today, noEventsInRange: L.no_events,
    showMore: (count: number) => L.show_more.replace('{{count}}', String(count)),
  }), [L]);

  const Toolbar = useMemo(() => function CalendarToolbar(tb: ToolbarProps<CalendarEvent>) {
    const year = tb.date.getFullYear();
    const years = yearsBetween(props.years.min, props.years.max);
    return (
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="calendar-toolbar">
        <div className="btn-group btn-group-sm">
          <button type="button" className="btn btn-outline-secondary" onClick={() => tb.onNavigate('PREV')} aria-label={L.previous}><i className="bi bi-chevron-left" /></button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => tb.onNavigate('TODAY')}>{L.today}</button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => tb.onNavigate('NEXT')} aria-label={L.next}><i className="bi bi-chevron-right" /></button>
        </div>
        <select className="form-select form-select-sm w-auto" aria-label={L.year} value={years.includes(year) ? year : ''} data-testid="calendar-year"
          onChange={(ev) => tb.onNavigate('DATE', withYear(tb.date, Number(ev.target.value)))}>
          {!years.includes(year) && <option value="">{year}</option>}
          {years.map((y) => <option key={y} value={y}>{y}</option>)}
        </select>
        <strong className="mx-2 text-capitalize" data-testid="calendar-label">{tb.label}</strong>
        <div className="btn-group btn-group-sm ms-auto" role="group">
          {props.views.map((v) => (
            <button key={v} type="button" className={`btn ${tb.view === v ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={tb.view === v}
              data-testid={`calendar-view-${v}`} onClick={() => tb.onView(v as View)}>{L[`views.${v}`]}</button>
          ))}
        </div>
      </div>
    );
  }, [L, props.years.min, props.years.max, props.views]);

  const components = useMemo(() => ({
    toolbar: Toolbar,
    event: ({ event, title }: { event: CalendarEvent; title: string }) => (
      <span data-testid="calendar-event" data-event-id={String(event.id)} data-kind={event.kind}>{title}</span>
    ),
  }), [Toolbar]);

  const eventPropGetter = useCallback((event: CalendarEvent) => ({
    className: `vigie-cal-${event.kind}`,
    style: event.kind === 'task' ? { backgroundColor: event.color, borderColor: event.color, color: readableTextOn(event.color) } : { borderLeft: `4px solid ${event.color}` },
  }), []);

  // react-big-calendar gives its layout boxes table roles without the structure they need (rows
  // without cells, column headers outside any row): assistive technologies got a broken grid. They
  // are plain boxes again, on every render of the library's own components too; the events keep
  // their buttons and the toolbar its labels.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return undefined;
    const selector = LAYOUT_ROLES.map((r) => `[role="${r}"]`).join(',');
    const strip = () => root.querySelectorAll(selector).forEach((el) => { el.removeAttribute('role'); el.removeAttribute('aria-sort'); });
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, []);

  // Moving and resizing come in their own chunk (drag-and-drop.ts), asked for the first time a
  // user who may move something points at the grid: the page loads nothing of it for a user who
  // only looks, and the plain calendar stands in until it arrives. The swap redraws the calendar:
  // it waits until no gesture begun on the grid is under way (that one ends on the plain calendar,
  // a slot selection included) and keeps the time grid's scroll.
  const canMove = can.moveTasks || can.unavailability;
  const [DnDCalendar, setDnDCalendar] = useState<DnDCalendarComponent | null>(null);
  const dndAsked = useRef(false);
  const dndArrived = useRef<DnDCalendarComponent | null>(null);
  const pressed = useRef(false);
  const keptScroll = useRef<number | null>(null);
  const swapIn = useCallback(() => {
    const loaded = dndArrived.current;
    if (!loaded || pressed.current) return;
    dndArrived.current = null;
    keptScroll.current = frame.current?.querySelector('.rbc-time-content')?.scrollTop ?? null;
    // At once, not at React's next turn: a press between the two would begin on a calendar going away.
    flushSync(() => setDnDCalendar(() => loaded));
  }, []);
  const askDnD = useCallback(() => {
    if (!canMove || dndAsked.current) return;
    dndAsked.current = true;
    import('./drag-and-drop').then((m) => {
      dndArrived.current = m.withMoves(Calendar);
      // Marks the arrival apart from the swap (`data-drag`), which may wait for a gesture to end.
      frame.current?.setAttribute('data-drag-ready', '1');
      swapIn();
    }, (error: unknown) => {
      dndAsked.current = false; // the next pointing asks again
      console.error(error);
    });
  }, [canMove, swapIn]);
  const onGridPointerDown = useCallback(() => {
    askDnD();
    if (pressed.current) return;
    pressed.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // Two turns later: after the calendar's own mouseup and click, and after the selection the
      // month view hands over one turn after its mouseup, while that view is still there.
      window.setTimeout(() => window.setTimeout(() => { pressed.current = false; swapIn(); }, 0), 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  }, [askDnD, swapIn]);
  // The week and day views scroll their time grid; a week without timed events leaves nothing
  // focusable in it, so the grid itself takes the focus (and a name) for keyboard scrolling (axe:
  // scrollable-region-focusable). After every render: a view change draws a new grid.
  useLayoutEffect(() => {
    for (const grid of frame.current?.querySelectorAll<HTMLElement>('.rbc-time-content:not([tabindex])') ?? []) {
      grid.tabIndex = 0;
      grid.setAttribute('role', 'region');
      grid.setAttribute('aria-label', L.time_grid);
    }
  });
  useLayoutEffect(() => {
    const top = keptScroll.current;
    keptScroll.current = null;
    const content = frame.current?.querySelector('.rbc-time-content');
    if (top !== null && content) content.scrollTop = top;
  }, [DnDCalendar]);

  const calendarProps: BigCalendarProps<CalendarEvent> = {
    localizer,
    culture: props.culture ?? 'fr',
    formats: FORMATS,
    messages,
    events,
    date,
    view: view as View,
    views: props.views as View[],
    onNavigate: (d: Date) => setDate(d),
    onView: (v: View) => setView(v as CalendarView),
    // The drag-and-drop calendar makes any selectable calendar ignore presses on events: the same here.
    selectable: can.addTask || can.unavailability ? 'ignoreEvents' : false,
    onSelectSlot,
    onSelectEvent,
    eventPropGetter,
    components,
    length: 7,
    scrollToTime: SCROLL_TO_TIME,
    popup: true,
  };

  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  return (
    <div className="row g-3 vigie-calendar">
      <aside className="col-lg-3" data-testid="calendar-filters">
        {can.unavailability && (
          <div className="card card-body shadow-sm mb-3">
            <div className="form-check form-switch">
              <input className="form-check-input" type="checkbox" id="calendar-unavailability" data-testid="calendar-unavailability-mode"
                checked={unavailabilityMode} onChange={(ev) => setUnavailabilityMode(ev.target.checked)} />
              <label className="form-check-label" htmlFor="calendar-unavailability">{L.unavailability_mode}</label>
            </div>
            <small className="text-muted">{L.unavailability_help}</small>
          </div>
        )}
        <div className="card shadow-sm mb-3">
          <div className="card-header py-2"><strong>{L['filters.resources']}</strong> <small className="text-muted">({resources.length ? resources.length : L['filters.all_resources']})</small></div>
          <ul className="list-group list-group-flush vigie-calendar-list">
            {data && !data.resources.length && <li className="list-group-item text-muted small">{L['filters.none']}</li>}
            {data?.resources.map((r) => (
              <li key={r.id} className="list-group-item py-1 d-flex align-items-center gap-2" data-testid="calendar-resource">
                <input className="form-check-input mt-0" type="checkbox" id={`calendar-resource-${r.id}`} checked={resources.includes(r.id)}
                  onChange={() => setResources((list) => toggle(list, r.id))} />
                <span className="vigie-calendar-swatch" style={{ backgroundColor: r.color }} aria-hidden="true" />
                <label className="form-check-label flex-grow-1 small" htmlFor={`calendar-resource-${r.id}`}>{r.fullName}</label>
                {can.colors && (
                  <button type="button" className="btn btn-link btn-sm p-0" title={L['color.edit']} aria-label={`${L['color.edit']} – ${r.fullName}`}
                    data-testid="calendar-color-edit" onClick={() => setColorFor(r)}><i className="bi bi-palette" /></button>
                )}
              </li>
            ))}
          </ul>
        </div>
        <div className="card shadow-sm mb-3">
          <div className="card-header py-2"><strong>{L['filters.projects']}</strong> <small className="text-muted">({projects.length ? projects.length : L['filters.all_projects']})</small></div>
          <ul className="list-group list-group-flush vigie-calendar-list">
            {data && !data.projects.length && <li className="list-group-item text-muted small">{L['filters.none']}</li>}
            {data?.projects.map((p) => (
              <li key={p.id} className="list-group-item py-1 d-flex align-items-center gap-2" data-testid="calendar-project">
                <input className="form-check-input mt-0 flex-shrink-0" type="checkbox" id={`calendar-project-${p.id}`} checked={projects.includes(p.id)}
                  onChange={() => setProjects((list) => toggle(list, p.id))} />
                <label className="form-check-label small" htmlFor={`calendar-project-${p.id}`}>{p.label}</label>
              </li>
            ))}
          </ul>
        </div>
        <div className="small text-muted">
          <div><span className="vigie-calendar-swatch vigie-cal-leave d-inline-block me-1" />{L['legend.leave']}</div>
          <div><span className="vigie-calendar-swatch vigie-cal-interruption d-inline-block me-1" />{L['legend.interruption']}</div>
        </div>
      </aside>
      <div className="col-lg-9">
        {failed && <div className="alert alert-danger" role="alert">{L.load_failed}</div>}
        {colorFor && (
          <ColorDialog resource={colorFor} labels={L} url={fillUrl(urls.color, placeholder, colorFor.id)}
            onClose={(changed) => { setColorFor(null); if (changed) void load(); }} />
        )}
        <div ref={frame} className="vigie-calendar-frame" data-testid="calendar-grid" data-view={view} data-loaded={data ? '1' : '0'}
          data-drag={DnDCalendar ? '1' : '0'} onPointerOver={askDnD} onPointerDown={onGridPointerDown}>
          {DnDCalendar ? (
            <DnDCalendar
              {...calendarProps}
              draggableAccessor={movable}
              resizableAccessor={movable}
              resizable
              onEventDrop={(args) => void move(args)}
              onEventResize={(args) => void move(args)}
            />
          ) : <Calendar {...calendarProps} />}
        </div>
      </div>
    </div>
  );
}

/** The colour of a resource: 200 closes the dialog (project_user_color_edit). */
function ColorDialog({ resource, labels: L, url, onClose }: { resource: CalendarResource; labels: Record<string, string>; url: string; onClose: (changed: boolean) => void }) {
  const [color, setColor] = useState(resource.color);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const response = await postXhr(url, new URLSearchParams({ color }));
      if (response.status === 200) { onClose(true); return; }
      setError(await errorMessage(response, L['errors.generic']));
    } catch {
      setError(L['errors.generic']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card shadow-sm mb-3" role="dialog" aria-labelledby="calendar-color-title" data-testid="calendar-color-dialog">
      <div className="card-body d-flex flex-wrap align-items-center gap-2">
        <strong id="calendar-color-title" className="me-2">{L['color.title'].replace('{{name}}', resource.fullName)}</strong>
        <input type="color" className="form-control form-control-color" value={color} onChange={(ev) => setColor(ev.target.value)} aria-label={L['color.edit']} data-testid="calendar-color-input" />
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void save()} data-testid="calendar-color-save">{L['color.save']}</button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onClose(false)}>{L['color.cancel']}</button>
        {error && <div className="text-danger small w-100" role="alert">{error}</div>}
      </div>
    </div>
  );
}
