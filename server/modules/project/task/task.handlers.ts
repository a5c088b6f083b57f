import type { Request, Response } from 'express';
import { clock } from '../../../kernel/clock';
import { HttpError } from '../../../kernel/http/errors';
import { parseForm, type FieldError } from '../../../kernel/http/forms';
import { renderScreen } from '../../../kernel/http/render';
import { removedWith, routeId, saved, stale, tenantOf } from '../../../kernel/http/respond';
import { parisInstant } from '../../../kernel/clock';
import { projectAbilities, requireProject, type ProjectRef } from '../project-access';
import { changeTaskDates } from '../task-dates';
import { SCHEDULE_UNITS } from '../project-scheduled-task.entity';
import {
  assigneeChoices, findTask, markTaskDone, mayManageTasks, parentChoices, parisParts, removeTask, saveTask, taskDateHistory,
  taskDocuments, taskFormValues, type TaskRow,
} from './task.service';
import { parseTaskForm, scheduledTaskSchema, TASK_FORM, taskDoneSchema } from './task.schema';
import {
  findScheduledTask, removeScheduledTask, saveScheduledTask, scheduledFormValues, type ScheduledTaskRow,
} from './scheduled-task.service';

/** The message of a refused task action (the calendar's exact words). */
export const FORBIDDEN = 'project-task.errors.forbidden';
const forbidden = () => new HttpError(403, FORBIDDEN);
const notFound = () => new HttpError(404, 'errors.not_found.title');

/** The route's `{name}` when it can be a database id, else a 404. */
function idParam(req: Request, name = 'id'): number {
  const id = routeId(req, name);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  return id;
}

/** A task of a project the user sees, with its project (404 otherwise: other company, no project, out of sight). */
async function requireTask(req: Request, id: number): Promise<{ task: TaskRow; project: ProjectRef }> {
  const task = await findTask(req.ctx.db, tenantOf(req), id);
  if (!task || task.projectId === null) throw notFound();
  const project = await requireProject(req, task.projectId);
  return { task, project };
}

async function abilities(req: Request, project: ProjectRef) {
  return projectAbilities(req.ctx.db, req.authUser!, project);
}

async function mayTasks(req: Request, project: ProjectRef): Promise<void> {
  if (!(await abilities(req, project)).tasks) throw forbidden();
}

// ---- task form -------------------------------------------------------------------------------

async function taskForm(req: Request, res: Response, o: { project: ProjectRef; task: TaskRow | null; milestone: boolean; values: Record<string, unknown>; errors?: Record<string, FieldError> }): Promise<void> {
  const db = req.ctx.db;
  const id = o.task?.id ?? null;
  const action = o.milestone
    ? (id ? req.ctx.routes.path('project_task_milestone_edit', { id }) : req.ctx.routes.path('project_task_milestone_add', { id: o.project.id }))
    : (id ? req.ctx.routes.path('project_task_edit', { id }) : req.ctx.routes.path('project_task_add', { id: o.project.id }));
  const title = req.t(`project-task.${o.milestone ? 'milestone' : 'task'}.${id ? 'edit' : 'add'}`);
  const assignees = await assigneeChoices(db, tenantOf(req), o.project.id);
  if (o.task?.assigneeId && !assignees.some((a) => a.id === o.task!.assigneeId)) assignees.push({ id: o.task.assigneeId, label: o.task.assigneeName ?? '' });
  await renderScreen(req, res, 'project/task/_form', {
    title, action, milestone: o.milestone, values: o.values, errors: o.errors ?? {}, form: TASK_FORM, assignees,
    parents: o.milestone ? [] : await parentChoices(db, tenantOf(req), o.project.id, id),
  });
}

async function saveTaskForm(req: Request, res: Response, project: ProjectRef, task: TaskRow | null, milestone: boolean): Promise<void> {
  const form = parseTaskForm(req.body);
  if (form.ok) form.data.isMilestone = milestone;
  const values = { ...form.values, isMilestone: milestone ? '1' : '' };
  if (!form.ok) return taskForm(req, res, { project, task, milestone, values, errors: form.errors });
  const result = await saveTask(req.ctx.db, req.authUser!, { projectId: project.id, id: task?.id ?? null }, form.data);
  if (result.ok) return saved(req, res, milestone ? 'project-task.flash.milestone_saved' : 'project-task.flash.task_saved', { label: form.data.label });
  if (result.notFound) throw notFound();
  if (result.stale) return stale(req, res);
  return taskForm(req, res, { project, task, milestone, values, errors: result.errors });
}

/** Default values of a new task: today 08:00 to 17:00, the user's day in Paris. */
function newTaskValues(milestone: boolean): Record<string, unknown> {
  const today = parisParts(clock.now()).day;
  return { startDate: today, startTime: '08:00', endDate: today, endTime: '17:00', progress: 0, isMilestone: milestone ? '1' : '', version: 0 };
}

function addHandler(milestone: boolean) {
  return async (req: Request, res: Response): Promise<void> => {
    const project = await requireProject(req, idParam(req));
    await mayTasks(req, project);
    if (req.method === 'POST') return saveTaskForm(req, res, project, null, milestone);
    const values = newTaskValues(milestone);
    const parent = Number(req.query.parent);
    if (!milestone && Number.isSafeInteger(parent) && parent > 0) values.parent = parent;
    await taskForm(req, res, { project, task: null, milestone, values });
  };
}

function editHandler(milestone: boolean) {
  return async (req: Request, res: Response): Promise<void> => {
    const { task, project } = await requireTask(req, idParam(req));
    if (task.isMilestone !== milestone) throw notFound();
    await mayTasks(req, project);
    if (req.method === 'POST') return saveTaskForm(req, res, project, task, milestone);
    await taskForm(req, res, { project, task, milestone, values: taskFormValues(task) });
  };
}

/** `GET|POST /projects/{id}/tasks/new` (project_task_add; id = project): 201 saved, 200 the form with its errors. */
export const taskAdd = addHandler(false);
/** `GET|POST /projects/{id}/milestones/new` (project_task_milestone_add; id = project). */
export const milestoneAdd = addHandler(true);
/** `GET|POST /projects/tasks/{id}/edit` (project_task_edit; id = task). */
export const taskEdit = editHandler(false);
/** `GET|POST /projects/milestones/{id}/edit` (project_task_milestone_edit; id = milestone). */
export const milestoneEdit = editHandler(true);

/** `POST /projects/tasks/{id}/remove` (project_task_remove): 200, the row leaves the page. */
export async function taskRemove(req: Request, res: Response): Promise<void> {
  const { task, project } = await requireTask(req, idParam(req));
  await mayTasks(req, project);
  if (!(await removeTask(req.ctx.db, tenantOf(req), task.id))) throw notFound();
  removedWith(req, res, task.isMilestone ? 'project-task.flash.milestone_removed' : 'project-task.flash.task_removed', { label: task.label });
}

/**
 * May the user close the task with the done form: the tasks or done ability on the project, or
 * being its assignee (on a project that is not archived).
 */
async function mayCloseTask(req: Request, project: ProjectRef, task: TaskRow): Promise<boolean> {
  const a = await abilities(req, project);
  return a.tasks || a.done || (task.assigneeId === req.authUser!.id && project.state !== 'archived');
}

/** `GET|POST /projects/tasks/{id}/done` (project_task_done): the dedicated done form (comment); done, progress 100. */
export async function taskDone(req: Request, res: Response): Promise<void> {
  const { task, project } = await requireTask(req, idParam(req));
  if (!(await mayCloseTask(req, project, task))) throw forbidden();
  const render = (values: Record<string, unknown>, errors: Record<string, FieldError> = {}) => renderScreen(req, res, 'project/task/_done_form', {
    title: req.t('project-task.done.title', { label: task.label }), task, values, errors,
  });
  if (req.method !== 'POST') return render({ doneComment: task.doneComment ?? '', version: task.version });
  const form = parseForm(taskDoneSchema, req.body, 'project_task_done');
  if (!form.ok) return render(form.values, form.errors);
  if ((await markTaskDone(req.ctx.db, tenantOf(req), task.id, form.data)) === 'stale') return stale(req, res);
  saved(req, res, 'project-task.flash.task_done', { label: task.label });
}

/** `GET /projects/{id}/tasks/{taskId}` (project_task_show): the task modal with its documents and dates history. */
export async function taskShow(req: Request, res: Response): Promise<void> {
  const project = await requireProject(req, idParam(req));
  const task = await findTask(req.ctx.db, tenantOf(req), idParam(req, 'taskId'));
  if (!task || task.projectId !== project.id) throw notFound();
  const db = req.ctx.db;
  const a = await abilities(req, project);
  const [parent] = task.parentId ? await db.query('SELECT label FROM project_task WHERE id = $1 AND tenant_id = $2', [task.parentId, tenantOf(req)]) : [];
  await renderScreen(req, res, 'project/task/show', {
    title: task.label, task, project, abilities: a, parentLabel: parent?.label ?? null, mayClose: await mayCloseTask(req, project, task),
    documents: await taskDocuments(db, tenantOf(req), task.id), history: await taskDateHistory(db, tenantOf(req), task.id),
  });
}

// ---- dates ---------------------------------------------------------------------------------

/**
 * Reads a date sent by the gantt or the calendar: `YYYY-MM-DD HH:mm` / `YYYY-MM-DDTHH:mm` (Paris
 * time), `DD/MM/YYYY[ HH:mm]` (Paris time), or an ISO instant with its zone. Invalid -> null.
 */
export function parseMoveDate(raw: unknown): Date | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(s);
  if (m) return valid(m[1], m[2], m[3], m[4], m[5]);
  m = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(s);
  if (m) return valid(m[3], m[2], m[1], m[4], m[5]);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

function valid(y: string, mo: string, d: string, h = '00', mi = '00'): Date | null {
  const probe = new Date(Date.UTC(+y, +mo - 1, +d));
  if (probe.getUTCMonth() !== +mo - 1 || probe.getUTCDate() !== +d || +h > 23 || +mi > 59) return null;
  return parisInstant(`${y}-${mo}-${d}`, `${h}:${mi}`);
}

/**
 * `POST /projects/tasks/{id}/dates?start=&end=` (project_task_update_dates; id = task): a drag
 * or a resize in the calendar. `start`/`end` come in the query (or the body). 200 `{message}`
 * moved; 403 `{message: 'Vous n'avez pas les autorisations nécessaires'}`; 401 `{message}` when
 * refused (assignee unavailable, end before start); 404 another company's; 409 stale (`version`).
 */
export async function taskUpdateDates(req: Request, res: Response): Promise<void> {
  const db = req.ctx.db;
  const task = await findTask(db, tenantOf(req), idParam(req));
  if (!task) throw notFound();
  if (task.projectId !== null) {
    const project = await requireProject(req, task.projectId);
    if (!(await abilities(req, project)).tasks) throw forbidden();
  } else if (!(await mayManageTasks(db, req.authUser!, null))) {
    throw forbidden();
  }
  const pick = (k: string) => req.query[k] ?? (req.body as Record<string, unknown> | undefined)?.[k];
  const start = parseMoveDate(pick('start'));
  const end = parseMoveDate(pick('end'));
  const rawVersion = pick('version');
  const version = rawVersion === undefined || rawVersion === '' ? undefined : Number(rawVersion);
  if (!start || !end) {
    res.status(401).json({ message: req.t('project-task.validation.date') });
    return;
  }
  const result = await changeTaskDates(db, req.authUser!.id, tenantOf(req), task.id, start, end, Number.isSafeInteger(version) ? version : undefined);
  if (result.ok) {
    res.status(200).json({ message: req.t('project-task.flash.dates_saved'), changed: result.changed });
    return;
  }
  if (result.reason === 'not_found') throw notFound();
  if (result.reason === 'stale') return stale(req, res);
  res.status(401).json({ message: req.t(result.message) });
}

// ---- scheduled tasks -----------------------------------------------------------------------------

async function requireSchedule(req: Request): Promise<{ schedule: ScheduledTaskRow; project: ProjectRef }> {
  const schedule = await findScheduledTask(req.ctx.db, tenantOf(req), idParam(req));
  if (!schedule) throw notFound();
  return { schedule, project: await requireProject(req, schedule.projectId) };
}

async function maySchedules(req: Request, project: ProjectRef): Promise<void> {
  if (!(await abilities(req, project)).schedules) throw forbidden();
}

async function scheduleForm(req: Request, res: Response, project: ProjectRef, schedule: ScheduledTaskRow | null, values: Record<string, unknown>, errors: Record<string, FieldError> = {}): Promise<void> {
  await renderScreen(req, res, 'project/task/_scheduled_form', {
    title: req.t(schedule ? 'project-task.scheduled.edit' : 'project-task.scheduled.add'),
    action: schedule ? req.ctx.routes.path('project_scheduled_task_edit', { id: schedule.id }) : req.ctx.routes.path('project_scheduled_task_add', { id: project.id }),
    values, errors, units: SCHEDULE_UNITS, assignees: await assigneeChoices(req.ctx.db, tenantOf(req), project.id),
  });
}

async function saveScheduleForm(req: Request, res: Response, project: ProjectRef, schedule: ScheduledTaskRow | null): Promise<void> {
  const form = parseForm(scheduledTaskSchema, req.body, 'project_scheduled_task');
  if (!form.ok) return scheduleForm(req, res, project, schedule, form.values, form.errors);
  const result = await saveScheduledTask(req.ctx.db, req.authUser!, project.id, schedule?.id ?? null, form.data);
  if (result.ok) return saved(req, res, 'project-task.flash.scheduled_saved', { label: form.data.label });
  if (result.stale) return stale(req, res);
  return scheduleForm(req, res, project, schedule, form.values, result.errors);
}

/** `GET|POST /projects/{id}/scheduled-tasks/new` (project_scheduled_task_add; id = project). */
export async function scheduledAdd(req: Request, res: Response): Promise<void> {
  const project = await requireProject(req, idParam(req));
  await maySchedules(req, project);
  if (req.method === 'POST') return saveScheduleForm(req, res, project, null);
  await scheduleForm(req, res, project, null, { every: 1, unit: 'week', durationDays: 1, startDate: parisParts(clock.now()).day, version: 0 });
}

/** `GET|POST /projects/scheduled-tasks/{id}/edit` (project_scheduled_task_edit; id = scheduled task). */
export async function scheduledEdit(req: Request, res: Response): Promise<void> {
  const { schedule, project } = await requireSchedule(req);
  await maySchedules(req, project);
  if (req.method === 'POST') return saveScheduleForm(req, res, project, schedule);
  await scheduleForm(req, res, project, schedule, scheduledFormValues(schedule));
}

/** `POST /projects/scheduled-tasks/{id}/remove` (project_scheduled_task_remove): 200; the tasks already made stay. */
export async function scheduledRemove(req: Request, res: Response): Promise<void> {
  const { schedule, project } = await requireSchedule(req);
  await maySchedules(req, project);
  if (!(await removeScheduledTask(req.ctx.db, tenantOf(req), schedule.id))) throw notFound();
  removedWith(req, res, 'project-task.flash.scheduled_removed', { label: schedule.label });
}
