import type { Request, Response } from 'express';
import { todayIso } from '../../kernel/clock';
import { HttpError } from '../../kernel/http/errors';
import { renderScreen } from '../../kernel/http/render';
import { routeId, tenantOf } from '../../kernel/http/respond';
import { can } from '../../kernel/rights/registry';
import { mayAddCalendarTasks } from './calendar-task.handlers';
import { calendarData, readCalendarQuery, setUserColor } from './calendar.service';

/** The id put in URL templates handed to the island; it replaces it with the real id. */
export const ID_PLACEHOLDER = 987654321;

/** The views of the calendar (seed 000 §9), the work week first. */
export const CALENDAR_VIEWS = ['month', 'week', 'work_week', 'day', 'agenda'] as const;
/** Years the toolbar offers (seed 000 §9). */
export const CALENDAR_YEARS = { min: 2010, max: 2040 } as const;

const LABEL_KEYS = [
  'today', 'previous', 'next', 'year', 'views.month', 'views.week', 'views.work_week', 'views.day', 'views.agenda',
  'agenda.date', 'agenda.time', 'agenda.event', 'all_day', 'no_events', 'show_more', 'filters.resources', 'filters.projects',
  'filters.all_resources', 'filters.all_projects', 'filters.none', 'unavailability_mode', 'unavailability_help', 'loading', 'load_failed',
  'errors.forbidden', 'errors.generic', 'color.title', 'color.edit', 'color.save', 'color.cancel', 'legend.leave', 'legend.interruption', 'time_grid',
] as const;

/**
 * `GET /calendar` (calendar_index): the shared calendar island. Its props carry every URL (as
 * templates with {@link ID_PLACEHOLDER}), the abilities, the labels and the default view (work week
 * when the `work_week` toggle is on).
 */
export async function calendarIndex(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const routes = req.ctx.routes;
  const id = ID_PLACEHOLDER;
  const workWeek = res.locals.toggles?.work_week !== false;
  // Task moves go through the project module's route, answered only while that module is on.
  const taskDates = routes.has('project_task_update_dates') && res.locals.toggles?.module_projects !== false
    ? routes.path('project_task_update_dates', { id, start: '__START__', end: '__END__' })
    : null;
  const addTask = await mayAddCalendarTasks(req);
  const props = {
    locale: req.locale,
    today: todayIso(),
    defaultView: workWeek ? 'work_week' : 'week',
    views: CALENDAR_VIEWS,
    years: CALENDAR_YEARS,
    placeholder: String(id),
    urls: {
      tasks: routes.path('project_calendar_tasks'),
      addTask: routes.path('project_calendar_add_task'),
      editTask: routes.path('project_calendar_edit_task', { id }),
      taskDates,
      accidentAdd: routes.path('project_calendar_work_accident_add'),
      accidentEdit: routes.path('project_calendar_work_accident_edit', { id }),
      accidentDates: routes.path('project_calendar_work_accident_update_dates', { id }),
      color: routes.path('project_user_color_edit', { id }),
    },
    can: {
      addTask,
      // The task module answers each move (403 for a task of a project the user does not manage).
      moveTasks: addTask && !!taskDates,
      unavailability: can(user, 'project.unavailability'),
      colors: true,
    },
    labels: Object.fromEntries(LABEL_KEYS.map((k) => [k, req.t(`calendar.${k}`)])),
  };
  await renderScreen(req, res, 'calendar/index', { title: req.t('calendar.title'), hideTitle: true, props });
}

/**
 * `GET /calendar/tasks` (project_calendar_tasks): `{tasks, resources, projects}` over the range
 * (`start`, `end`: `YYYY-MM-DD HH:mm`, ±7 days by default), filtered by `resources` and `projects`.
 */
export async function calendarTasks(req: Request, res: Response): Promise<void> {
  const q = readCalendarQuery(req.query as Record<string, unknown>);
  const data = await calendarData(req.ctx.db, req.authUser!, q, req.t);
  res.set('Cache-Control', 'no-store').json(data);
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** `POST /calendar/user-color/{id}` (project_user_color_edit), body `color` `#rrggbb`: 200 (the dialog closes). */
export async function userColorEdit(req: Request, res: Response): Promise<void> {
  const color = String(req.body?.color ?? req.query.color ?? '').trim();
  if (!COLOR.test(color)) {
    res.status(400).json({ message: req.t('calendar.color.invalid') });
    return;
  }
  if (!(await setUserColor(req.ctx.db, tenantOf(req), routeId(req), color))) throw new HttpError(404, 'errors.not_found.title');
  res.status(200).json({ id: routeId(req), color: color.toLowerCase() });
}
