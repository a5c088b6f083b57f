import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import type { FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { orNotFound, routeId, saved, stale, tenantOf } from '../../kernel/http/respond';
import { can } from '../../kernel/rights/registry';
import { userInTenant } from '../../kernel/tenancy';
import { projectVisibility } from '../project/project-access';
import { mayManageTasks, parseTaskForm, saveTask, TASK_FORM } from '../project/task/task.service';
import { addDays, formatCalendarInstant, frenchDay, parseCalendarInstant } from './calendar-dates';
import { calendarProjects } from './calendar.service';

/**
 * 403 with the calendar's message (seed 000 §6: 'Vous n'avez pas les autorisations nécessaires'):
 * JSON `{message}` for the client, the French error page for a page asked directly.
 */
export const calendarForbidden = (): HttpError => new HttpError(403, 'calendar.errors.forbidden');

/** The projects whose tasks the user may add from the calendar. */
async function taskProjects(req: Request): Promise<Array<{ id: number; label: string }>> {
  const out: Array<{ id: number; label: string }> = [];
  for (const p of await calendarProjects(req.ctx.db, req.authUser!)) {
    if (await mayManageTasks(req.ctx.db, req.authUser!, p.id)) out.push(p);
  }
  return out;
}

/** True when the user may add a task from the calendar: `project.tasks`, or managing an open project. */
export async function mayAddCalendarTasks(req: Request): Promise<boolean> {
  return can(req.authUser, 'project.tasks') || (await taskProjects(req)).length > 0;
}

/** Users a calendar task may be assigned to: the company's active users (a project task: a member, checked on save). */
async function assignees(req: Request): Promise<Array<{ id: number; label: string }>> {
  const rows: Array<Record<string, any>> = await req.ctx.db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u WHERE u.enabled AND ${userInTenant('u', '$1')} ORDER BY u.last_name, u.first_name, u.id`, [tenantOf(req)]);
  return rows.map((r) => ({ id: r.id, label: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}

interface TaskRow { id: number; projectId: number | null; projectLabel: string | null; values: Record<string, unknown> }

/** A task of the company on a project the user sees, or without project; null otherwise. */
async function findCalendarTask(req: Request, id: number): Promise<TaskRow | null> {
  const user = req.authUser!;
  const vis = projectVisibility(user, 'p', 3);
  const [r] = await req.ctx.db.query(
    `SELECT t.*, p.label AS project_label FROM project_task t LEFT JOIN project p ON p.id = t.project_id
      WHERE t.id = $1 AND t.tenant_id = $2 AND (t.project_id IS NULL OR (p.deleted_at IS NULL AND ${vis.sql}))`, [id, user.tenantId, ...vis.params]);
  if (!r) return null;
  const start = formatCalendarInstant(new Date(r.start_at));
  const end = formatCalendarInstant(new Date(r.end_at));
  return {
    id: r.id, projectId: r.project_id, projectLabel: r.project_label,
    values: {
      label: r.label, startDate: frenchDay(start.slice(0, 10)), startTime: start.slice(11), endDate: frenchDay(end.slice(0, 10)), endTime: end.slice(11),
      hourEstimation: r.hour_estimation === null ? '' : String(Number(r.hour_estimation)), progress: r.progress, assignee: r.assignee_id ?? '',
      parent: r.parent_id ?? '', description: r.description ?? '', isInitialPlanning: r.is_initial_planning, isMilestone: r.is_milestone, version: r.version,
    },
  };
}

/** The form's first values from a selected slot (`start`, `end`: `YYYY-MM-DD HH:mm`); a whole-day slot gets working hours. */
function slotValues(query: Record<string, unknown>): Record<string, unknown> {
  const start = parseCalendarInstant(query.start);
  const end = parseCalendarInstant(query.end);
  const values: Record<string, unknown> = { progress: 0, version: 0 };
  const resource = Number(query.resource);
  if (Number.isSafeInteger(resource) && resource > 0) values.assignee = resource;
  if (!start) return values;
  const s = formatCalendarInstant(start);
  const e = formatCalendarInstant(end && end >= start ? end : start);
  let endDay = e.slice(0, 10);
  let endTime = e.slice(11);
  let startTime = s.slice(11);
  if (startTime === '00:00' && endTime === '00:00') {
    // A whole-day selection (month view): its end is the next midnight.
    if (endDay > s.slice(0, 10)) endDay = addDays(endDay, -1);
    startTime = '08:00';
    endTime = '17:00';
  }
  return { ...values, startDate: frenchDay(s.slice(0, 10)), startTime, endDate: frenchDay(endDay), endTime };
}

async function renderTaskForm(req: Request, res: Response, task: TaskRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'calendar/_task_form', {
    title: req.t(task ? 'calendar.task.edit' : 'calendar.task.add'),
    action: task ? req.ctx.routes.path('project_calendar_edit_task', { id: task.id }) : req.ctx.routes.path('project_calendar_add_task'),
    task, values, errors,
    projects: task ? [] : await taskProjects(req),
    withoutProject: can(req.authUser, 'project.tasks'),
    assignees: await assignees(req),
  });
}

const projectOf = (body: unknown): number | null => {
  const raw = (body as Record<string, any> | undefined)?.[TASK_FORM]?.project;
  const n = Number(raw);
  return raw === undefined || raw === '' || !Number.isSafeInteger(n) || n <= 0 ? null : n;
};

/**
 * `GET|POST /calendar/task/new?start=&end=` (project_calendar_add_task): the task form of a
 * selected slot; saved through the task module's `saveTask` (201), the form again with its errors
 * (200), 403 when the user may not add tasks there.
 */
export async function calendarTaskAdd(req: Request, res: Response): Promise<void> {
  if (!(await mayAddCalendarTasks(req))) throw calendarForbidden();
  if (req.method !== 'POST') return renderTaskForm(req, res, null, slotValues(req.query as Record<string, unknown>));
  const projectId = projectOf(req.body);
  if (!(await mayManageTasks(req.ctx.db, req.authUser!, projectId))) throw calendarForbidden();
  const form = parseTaskForm(req.body);
  if (!form.ok) return renderTaskForm(req, res, null, form.values, form.errors);
  const result = await saveTask(req.ctx.db, req.authUser!, { projectId, id: null }, form.data);
  if (result.ok) return saved(req, res, 'calendar.flash.task_saved');
  if (result.notFound) throw calendarForbidden();
  return renderTaskForm(req, res, null, form.values, result.errors);
}

/**
 * `GET|POST /calendar/task/{id}/edit` (project_calendar_edit_task): 404 outside the user's sight,
 * 403 without the tasks ability on its project, 201 saved, 200 the form with its errors, 409 stale.
 */
export async function calendarTaskEdit(req: Request, res: Response): Promise<void> {
  const task = orNotFound(await findCalendarTask(req, routeId(req)));
  if (!(await mayManageTasks(req.ctx.db, req.authUser!, task.projectId))) throw calendarForbidden();
  if (req.method !== 'POST') return renderTaskForm(req, res, task, task.values);
  const form = parseTaskForm(req.body);
  if (!form.ok) return renderTaskForm(req, res, task, form.values, form.errors);
  const result = await saveTask(req.ctx.db, req.authUser!, { id: task.id }, form.data);
  if (result.ok) return saved(req, res, 'calendar.flash.task_saved');
  if (result.stale) return stale(req, res);
  return renderTaskForm(req, res, task, form.values, result.errors);
}
