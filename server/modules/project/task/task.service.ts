import type { DataSource } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FieldError } from '../../../kernel/http/forms';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { userInTenant } from '../../../kernel/tenancy';
import { parisInstant } from '../../../kernel/clock';
import { projectAbilities, projectVisibility } from '../project-access';
import { assigneeAvailable, changeTaskDates } from '../task-dates';
import type { TaskState } from '../project-task.entity';
import type { TaskInput } from './task.schema';

export { taskSchema, parseTaskForm, TASK_FORM, type TaskInput } from './task.schema';

/**
 * Where a task is saved: its project (null for a calendar task without project; left out on an
 * edit = the task keeps its project) and its id (null = new).
 */
export interface TaskTarget { projectId?: number | null; id: number | null }

/**
 * Outcome of {@link saveTask}. A refusal always carries `errors` (field -> translation key, `_form`
 * for the whole form) so a caller may simply re-render the form; `stale` (answer 409) and
 * `notFound` (answer 404) say more when the caller wants to.
 */
export type TaskSaveResult =
  | { ok: true; id: number }
  | { ok: false; errors: Record<string, FieldError>; stale?: true; notFound?: true };

/** Default hours when a time is left blank: a working day. */
const DEFAULT_START = '08:00';
const DEFAULT_END = '17:00';

/** The start and end instants (Paris time) of the parsed form; a milestone lasts its day only. */
export function taskInstants(input: TaskInput): { start: Date; end: Date } | null {
  if (!input.startDate) return null;
  if (input.isMilestone) {
    const at = parisInstant(input.startDate, input.startTime ?? DEFAULT_START);
    return { start: at, end: at };
  }
  if (!input.endDate) return null;
  return { start: parisInstant(input.startDate, input.startTime ?? DEFAULT_START), end: parisInstant(input.endDate, input.endTime ?? DEFAULT_END) };
}

/** The state a progress gives: in progress as soon as it is above 0; done stays done. */
export function stateFor(progress: number, current: TaskState | null): TaskState {
  if (current === 'done') return 'done';
  return progress > 0 ? 'in_progress' : 'todo';
}

/**
 * True when the user may add, edit, move and remove tasks of the project (`project.tasks` or
 * managing it; archived projects are read-only), or calendar tasks without project
 * (`project.tasks`). The project must be one of the company's that the user sees.
 */
export async function mayManageTasks(db: Db, user: AuthUser, projectId: number | null): Promise<boolean> {
  if (projectId === null) return can(user, 'project.tasks');
  const vis = projectVisibility(user, 'p', 3);
  const [p] = await db.query(`SELECT p.id, p.tenant_id, p.label, p.state, p.service_id, p.version FROM project p
    WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL AND ${vis.sql}`, [projectId, user.tenantId, ...vis.params]);
  if (!p) return false;
  const abilities = await projectAbilities(db, user, { id: p.id, tenantId: p.tenant_id, label: p.label, state: p.state, serviceId: p.service_id, version: p.version });
  return abilities.tasks;
}

/** Users the task may be assigned to: the project's members, or the company's active users without project. */
export async function assigneeChoices(db: Db, tenantId: number, projectId: number | null): Promise<Array<{ id: number; label: string }>> {
  const rows = projectId === null
    ? await db.query(`SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u WHERE u.enabled AND ${userInTenant('u', '$1')} ORDER BY u.last_name, u.first_name`, [tenantId])
    : await db.query(`SELECT u.id, u.first_name, u.last_name, u.username FROM project_member pm JOIN app_user u ON u.id = pm.user_id
        WHERE pm.project_id = $1 AND pm.tenant_id = $2 ORDER BY u.last_name, u.first_name`, [projectId, tenantId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}

/** Tasks of the project that may be the parent of `taskId` (not itself nor one of its descendants). */
export async function parentChoices(db: Db, tenantId: number, projectId: number | null, taskId: number | null): Promise<Array<{ id: number; label: string }>> {
  if (projectId === null) return [];
  const rows = await db.query(
    `WITH RECURSIVE below AS (SELECT id FROM project_task WHERE id = $3 UNION SELECT t.id FROM project_task t JOIN below b ON t.parent_id = b.id)
     SELECT t.id, t.label FROM project_task t WHERE t.tenant_id = $1 AND t.project_id = $2 AND NOT t.is_milestone AND t.id NOT IN (SELECT id FROM below)
      ORDER BY t.start_at, t.id`, [tenantId, projectId, taskId ?? 0]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: r.label }));
}

/**
 * Adds (`id` null) or edits a task of a project (`projectId`) or of the calendar (`projectId` null):
 * label and dates required (a milestone: its day), end not before start, the assignee a member of
 * the project (any user of the company without project) who is available on the dates (approved
 * leave or work interruption -> `project.errors.user_unavailable` under `assignee`), the parent a
 * task of the same project. The date change of an existing task goes through `changeTaskDates`
 * (history row); the other fields use the optimistic lock (`version`). Rights are the caller's.
 */
export async function saveTask(db: DataSource, user: AuthUser, target: TaskTarget, input: TaskInput): Promise<TaskSaveResult> {
  const tenantId = user.tenantId;
  const errors: Record<string, FieldError> = {};
  let current: Record<string, any> | undefined;
  if (target.id !== null) {
    [current] = await db.query('SELECT id, project_id, assignee_id, start_at, end_at, state, version, is_initial_planning, initial_start_at FROM project_task WHERE id = $1 AND tenant_id = $2', [target.id, tenantId]);
    if (!current) return { ok: false, errors: { _form: 'errors.not_found.title' }, notFound: true };
    if (current.version !== input.version) return { ok: false, errors: { _form: 'errors.stale' }, stale: true };
  }
  const projectId: number | null = target.projectId === undefined ? (current?.project_id ?? null) : target.projectId;
  if (projectId !== null) {
    const [p] = await db.query('SELECT 1 FROM project WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL', [projectId, tenantId]);
    if (!p) return { ok: false, errors: { _form: 'errors.not_found.title' }, notFound: true };
  }

  if (!input.startDate) errors.startDate = 'validation.required';
  if (!input.isMilestone && !input.endDate) errors.endDate = 'validation.required';
  const at = taskInstants(input);
  if (at && at.end < at.start) errors.endDate = 'project.errors.end_before_start';

  // A task keeps the assignee it already has (even one who left the project since); a new one must qualify.
  const keptAssignee = current !== undefined && input.assignee === current.assignee_id && projectId === current.project_id;
  if (input.assignee !== null && !keptAssignee) {
    const [ok] = projectId === null
      ? await db.query(`SELECT 1 FROM app_user u WHERE u.id = $1 AND u.enabled AND ${userInTenant('u', '$2')}`, [input.assignee, tenantId])
      : await db.query('SELECT 1 FROM project_member WHERE project_id = $1 AND user_id = $2 AND tenant_id = $3', [projectId, input.assignee, tenantId]);
    if (!ok) errors.assignee = projectId === null ? 'validation.choice' : 'project-task.validation.not_member';
  }
  if (input.parent !== null) {
    const allowed = (await parentChoices(db, tenantId, projectId, target.id)).some((c) => c.id === input.parent);
    if (!allowed) errors.parent = 'validation.choice';
  }
  if (!errors.assignee && at && !errors.endDate && !(await assigneeAvailable(db, tenantId, input.assignee, at.start, at.end))) {
    errors.assignee = 'project.errors.user_unavailable';
  }
  if (Object.keys(errors).length || !at) return { ok: false, errors };

  const progress = input.isMilestone ? (current?.state === 'done' ? 100 : 0) : input.progress;
  const state = stateFor(progress, current?.state ?? null);
  const cols: Array<[string, unknown]> = [
    ['project_id', projectId], ['parent_id', projectId === null ? null : input.parent], ['label', input.label],
    ['description', input.description === '' ? null : input.description],
    ['hour_estimation', input.hourEstimation], ['progress', progress], ['state', state], ['assignee_id', input.assignee],
    ['is_milestone', input.isMilestone], ['is_initial_planning', input.isInitialPlanning], ['updated_at', clock.now()],
  ];

  if (target.id === null) {
    const all: Array<[string, unknown]> = [...cols, ['tenant_id', tenantId], ['start_at', at.start], ['end_at', at.end], ['created_by_id', user.id],
      ['initial_start_at', input.isInitialPlanning ? at.start : null], ['initial_end_at', input.isInitialPlanning ? at.end : null]];
    const [r] = await db.query(`INSERT INTO project_task (${all.map(([c]) => c).join(', ')}) VALUES (${all.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, all.map(([, v]) => v));
    return { ok: true, id: r.id };
  }

  // The first time a task joins the initial planning, its dates before this edit become its initial dates.
  if (input.isInitialPlanning && !current!.initial_start_at) {
    cols.push(['initial_start_at', current!.start_at], ['initial_end_at', current!.end_at]);
  }
  const n = cols.length;
  const updated = rowsOf(await db.query(
    `UPDATE project_task SET ${cols.map(([c], i) => `${c} = $${i + 1}`).join(', ')}, version = version + 1
      WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND version = $${n + 3} RETURNING id`,
    [...cols.map(([, v]) => v), target.id, tenantId, input.version]));
  if (!updated.length) return { ok: false, errors: { _form: 'errors.stale' }, stale: true };
  const moved = await changeTaskDates(db, user.id, tenantId, target.id, at.start, at.end, input.version + 1);
  if (!moved.ok) {
    const field = moved.reason === 'unavailable' ? 'assignee' : moved.reason === 'invalid' ? 'endDate' : '_form';
    return { ok: false, errors: { [field]: moved.message }, ...(moved.reason === 'stale' ? { stale: true as const } : {}) };
  }
  return { ok: true, id: target.id };
}

/** A task as shown in lists, the tab and the task modal. */
export interface TaskRow {
  id: number; projectId: number | null; projectLabel: string | null; parentId: number | null; label: string; description: string | null;
  startAt: Date; endAt: Date; hourEstimation: number | null; progress: number; state: TaskState;
  assigneeId: number | null; assigneeName: string | null; isMilestone: boolean; isInitialPlanning: boolean;
  initialStartAt: Date | null; initialEndAt: Date | null; doneAt: Date | null; doneComment: string | null;
  scheduledTaskId: number | null; scheduledFor: string | null; version: number;
}

/** Columns of {@link TaskRow} (alias `t` for the task, `p` project, `u` assignee). */
export const TASK_SELECT = `SELECT t.id, t.project_id, p.label AS project_label, t.parent_id, t.label, t.description, t.start_at, t.end_at,
    t.hour_estimation, t.progress, t.state, t.assignee_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS assignee_name, u.username AS assignee_username,
    t.is_milestone, t.is_initial_planning, t.initial_start_at, t.initial_end_at, t.done_at, t.done_comment, t.scheduled_task_id,
    t.scheduled_for::text AS scheduled_for, t.version
  FROM project_task t LEFT JOIN project p ON p.id = t.project_id LEFT JOIN app_user u ON u.id = t.assignee_id`;

/** Maps a row of {@link TASK_SELECT}. */
export const toTaskRow = (r: Record<string, any>): TaskRow => ({
  id: r.id, projectId: r.project_id, projectLabel: r.project_label, parentId: r.parent_id, label: r.label, description: r.description,
  startAt: new Date(r.start_at), endAt: new Date(r.end_at), hourEstimation: r.hour_estimation === null ? null : Number(r.hour_estimation),
  progress: r.progress, state: r.state, assigneeId: r.assignee_id, assigneeName: r.assignee_id ? (r.assignee_name ?? r.assignee_username) : null,
  isMilestone: r.is_milestone, isInitialPlanning: r.is_initial_planning, initialStartAt: r.initial_start_at, initialEndAt: r.initial_end_at,
  doneAt: r.done_at, doneComment: r.done_comment, scheduledTaskId: r.scheduled_task_id, scheduledFor: r.scheduled_for, version: r.version,
});

/** One task of the company (any project, or none), or null. Visibility of its project is the caller's. */
export async function findTask(db: Db, tenantId: number, id: number): Promise<TaskRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query(`${TASK_SELECT} WHERE t.id = $1 AND t.tenant_id = $2 AND (p.id IS NULL OR p.deleted_at IS NULL)`, [id, tenantId]);
  return r ? toTaskRow(r) : null;
}

/** A task with its depth in the project's tree (0 = top level). */
export type TaskTreeRow = TaskRow & { depth: number; childCount: number };

/**
 * The project's tasks as a tree read top-down: each parent followed by its children (by start),
 * with their depth. A task whose parent is gone shows at the top level.
 */
export async function projectTaskTree(db: Db, tenantId: number, projectId: number): Promise<TaskTreeRow[]> {
  const rows = (await db.query(`${TASK_SELECT} WHERE t.tenant_id = $1 AND t.project_id = $2 ORDER BY t.start_at, t.id`, [tenantId, projectId])).map(toTaskRow);
  const ids = new Set(rows.map((r: TaskRow) => r.id));
  const children = new Map<number | null, TaskRow[]>();
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    children.set(key, [...(children.get(key) ?? []), r]);
  }
  const out: TaskTreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ ...r, depth, childCount: (children.get(r.id) ?? []).length });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The form values of a saved task (days DD/MM/YYYY and times HH:mm in Paris). */
export function taskFormValues(task: TaskRow): Record<string, unknown> {
  const s = parisParts(task.startAt); const e = parisParts(task.endAt);
  return {
    label: task.label, startDate: s.day, startTime: s.time, endDate: e.day, endTime: e.time,
    hourEstimation: task.hourEstimation ?? '', progress: task.progress, assignee: task.assigneeId ?? '', parent: task.parentId ?? '',
    description: task.description ?? '', isInitialPlanning: task.isInitialPlanning ? '1' : '', isMilestone: task.isMilestone ? '1' : '', version: task.version,
  };
}

const PARIS = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** The Paris day (`DD/MM/YYYY`) and time (`HH:mm`) of an instant. */
export function parisParts(at: Date): { day: string; time: string } {
  const p = Object.fromEntries(PARIS.formatToParts(at).map((x) => [x.type, x.value]));
  return { day: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
}

/** Removes a task (its documents and dates history go with it; its children move to the top level). */
export async function removeTask(db: Db, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query('DELETE FROM project_task WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

/** Marks a task done (the done form): state done, progress 100, when and the comment; optimistic lock. */
export async function markTaskDone(db: Db, tenantId: number, id: number, input: { doneComment: string; version: number }): Promise<'done' | 'stale'> {
  const updated = rowsOf(await db.query(
    `UPDATE project_task SET state = 'done', progress = 100, done_at = $4, done_comment = $5, version = version + 1, updated_at = $4
      WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`,
    [id, tenantId, input.version, clock.now(), input.doneComment === '' ? null : input.doneComment]));
  return updated.length ? 'done' : 'stale';
}

/** One line of a task's dates history. */
export interface DateChangeRow { oldStartAt: Date; oldEndAt: Date; newStartAt: Date; newEndAt: Date; userName: string | null; changedAt: Date }

/** The task's dates history, newest first. */
export async function taskDateHistory(db: Db, tenantId: number, taskId: number): Promise<DateChangeRow[]> {
  const rows = await db.query(
    `SELECT c.old_start_at, c.old_end_at, c.new_start_at, c.new_end_at, c.changed_at, nullif(trim(u.first_name || ' ' || u.last_name), '') AS name, u.username
       FROM project_task_date_change c LEFT JOIN app_user u ON u.id = c.user_id
      WHERE c.tenant_id = $1 AND c.task_id = $2 ORDER BY c.changed_at DESC, c.id DESC`, [tenantId, taskId]);
  return rows.map((r: Record<string, any>) => ({
    oldStartAt: r.old_start_at, oldEndAt: r.old_end_at, newStartAt: r.new_start_at, newEndAt: r.new_end_at, changedAt: r.changed_at, userName: r.name ?? r.username ?? null,
  }));
}

/** The task's documents (project documents attached to it). */
export async function taskDocuments(db: Db, tenantId: number, taskId: number): Promise<Array<{ id: number; label: string; url: string | null; fileId: number | null }>> {
  const rows = await db.query('SELECT id, label, url, file_id FROM project_document WHERE tenant_id = $1 AND task_id = $2 ORDER BY created_at, id', [tenantId, taskId]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, label: r.label, url: r.url, fileId: r.file_id }));
}
