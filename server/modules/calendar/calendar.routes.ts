import { defineModule } from '../../kernel/module';
import type { RouteDef } from '../../kernel/http/route-table';
import { calendarIndex, calendarTasks, userColorEdit } from './calendar.handlers';
import { calendarTaskAdd, calendarTaskEdit } from './calendar-task.handlers';
import { accidentAdd, accidentDelete, accidentEdit, accidentFields, accidentUpdateDates } from './work-accident.handlers';

const VIEW = 'other.calendar';
const UNAVAILABILITY = 'project.unavailability';

/** The spec's route names (seed 000 §2 "Project calendar"); a missing right answers the calendar's 403 message. */
const routes: RouteDef[] = [
  { name: 'calendar_index', method: 'GET', path: '/calendar', right: VIEW, handler: calendarIndex },
  { name: 'project_calendar_tasks', method: 'GET', path: '/calendar/tasks', right: VIEW, handler: calendarTasks },
  { name: 'project_calendar_add_task', method: ['GET', 'POST'], path: '/calendar/task/new', right: VIEW, handler: calendarTaskAdd },
  { name: 'project_calendar_edit_task', method: ['GET', 'POST'], path: '/calendar/task/{id}/edit', right: VIEW, handler: calendarTaskEdit },
  { name: 'project_calendar_work_accident_add', method: ['GET', 'POST'], path: '/calendar/work-accident/new', right: UNAVAILABILITY, handler: accidentAdd },
  { name: 'project_calendar_work_accident_fields', method: 'POST', path: '/calendar/work-accident/fields', right: UNAVAILABILITY, handler: accidentFields },
  { name: 'project_calendar_work_accident_edit', method: ['GET', 'POST'], path: '/calendar/work-accident/{id}/edit', right: UNAVAILABILITY, handler: accidentEdit },
  { name: 'project_calendar_work_accident_delete', method: 'POST', path: '/calendar/work-accident/{id}/delete', right: UNAVAILABILITY, handler: accidentDelete },
  { name: 'project_calendar_work_accident_update_dates', method: 'POST', path: '/calendar/work-accident/{id}/dates', right: UNAVAILABILITY, handler: accidentUpdateDates },
  { name: 'project_user_color_edit', method: 'POST', path: '/calendar/user-color/{id}', right: VIEW, handler: userColorEdit },
];

/** The shared calendar: tasks, work accidents and unavailability, approved leave (issue 10). */
export const calendarModule = defineModule({
  name: 'calendar',
  routes: routes.map((r) => ({ toggle: 'calendar', forbiddenMessage: 'calendar.errors.forbidden', ...r })),
});
