import type { DataSource } from 'typeorm';
import type { Db } from '../../../kernel/db/sql';
import { changeTaskDates, type TaskDatesRefusal } from '../task-dates';
import { barDays, movedInstants } from './gantt-dates';

/**
 * One task of the gantt (spec 000 §3 "Gantt task", field names as the spec spells them,
 * `initalDates` included). Days are Paris days `YYYY-MM-DD`, `end` is the last day of the bar.
 * `user` is the assignee's name; `dependencies` is the parent task's id (the bars of a task's
 * children hang from it); `version` is the optimistic lock the updates send back.
 */
export interface GanttTask {
  id: number;
  name: string;
  start: string;
  end: string;
  progress: number;
  user: string | null;
  isMilestone: boolean;
  isInitialPlanning: boolean;
  initalDates: { start: string | null; end: string | null };
  dependencies: string;
  version: number;
}

const SELECT = `SELECT t.id, t.label, t.start_at, t.end_at, t.progress, t.is_milestone, t.is_initial_planning,
       t.initial_start_at, t.initial_end_at, t.parent_id, t.version, t.project_id,
       NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS first_last, u.username
  FROM project_task t LEFT JOIN app_user u ON u.id = t.assignee_id`;

function toGantt(r: Record<string, any>, ids?: Set<number>): GanttTask {
  const days = barDays(new Date(r.start_at), new Date(r.end_at));
  const initial = r.initial_start_at && r.initial_end_at ? barDays(new Date(r.initial_start_at), new Date(r.initial_end_at)) : null;
  const parent = r.parent_id === null ? null : Number(r.parent_id);
  return {
    id: Number(r.id),
    name: r.label,
    start: days.start,
    end: days.end,
    progress: Number(r.progress),
    user: r.first_last ?? r.username ?? null,
    isMilestone: !!r.is_milestone,
    isInitialPlanning: !!r.is_initial_planning,
    initalDates: { start: initial?.start ?? null, end: initial?.end ?? null },
    // A parent outside the list (another project's, by a bad import) would break the chart.
    dependencies: parent !== null && (!ids || ids.has(parent)) ? String(parent) : '',
    version: Number(r.version),
  };
}

/**
 * The gantt of a project: its tasks, each parent followed by its children (by start, then id),
 * roots by start. The caller has checked the project is the user's company's and visible.
 */
export async function ganttTasks(db: Db, tenantId: number, projectId: number): Promise<GanttTask[]> {
  const rows: Array<Record<string, any>> = await db.query(`${SELECT} WHERE t.tenant_id = $1 AND t.project_id = $2 ORDER BY t.start_at, t.id`, [tenantId, projectId]);
  const ids = new Set(rows.map((r) => Number(r.id)));
  const children = new Map<number | null, Array<Record<string, any>>>();
  for (const r of rows) {
    const parent = r.parent_id !== null && ids.has(Number(r.parent_id)) ? Number(r.parent_id) : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: GanttTask[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null) => {
    for (const r of children.get(parent) ?? []) {
      if (seen.has(Number(r.id))) continue;
      seen.add(Number(r.id));
      out.push(toGantt(r, ids));
      walk(Number(r.id));
    }
  };
  walk(null);
  // A cycle of parents (never made by the forms) must not hide tasks.
  for (const r of rows) if (!seen.has(Number(r.id))) out.push(toGantt(r, ids));
  return out;
}

/** A task of the company as the gantt shows it, with its project id; null when not found. */
export async function ganttTask(db: Db, tenantId: number, taskId: number): Promise<(GanttTask & { projectId: number | null }) | null> {
  const [row] = await db.query(`${SELECT} WHERE t.tenant_id = $1 AND t.id = $2`, [tenantId, taskId]);
  if (!row) return null;
  const task = toGantt(row);
  // The parent is shown only when it is on the same project.
  if (row.parent_id !== null) {
    const [parent] = await db.query('SELECT project_id FROM project_task WHERE id = $1 AND tenant_id = $2', [row.parent_id, tenantId]);
    if (!parent || parent.project_id !== row.project_id) task.dependencies = '';
  }
  return { ...task, projectId: row.project_id === null ? null : Number(row.project_id) };
}

/** Outcome of a gantt update: done, or refused with the reason and its translation key. */
export type GanttUpdateResult = { ok: true } | { ok: false; reason: TaskDatesRefusal; message: string };

/**
 * The state that follows a progress: 0 is to do, more is in progress; a done task stays done at
 * 100 % and reopens below (its done date is cleared). Reaching 100 % on the gantt does not close
 * the task: closing goes through the done form.
 */
export function stateForProgress(progress: number, state: string): string {
  if (state === 'done' && progress === 100) return 'done';
  return progress > 0 ? 'in_progress' : 'todo';
}

/** Sets a task's progress (0-100) with the optimistic lock `expectedVersion` when given. */
export async function changeTaskProgress(db: DataSource, tenantId: number, taskId: number, progress: number, expectedVersion?: number): Promise<GanttUpdateResult> {
  return db.transaction(async (m) => {
    const [task] = await m.query('SELECT id, progress, state, version FROM project_task WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [taskId, tenantId]);
    if (!task) return { ok: false, reason: 'not_found', message: 'errors.not_found.title' };
    if (expectedVersion !== undefined && task.version !== expectedVersion) return { ok: false, reason: 'stale', message: 'errors.stale' };
    if (task.progress === progress) return { ok: true };
    const state = stateForProgress(progress, task.state);
    await m.query(
      `UPDATE project_task SET progress = $2, state = $3, done_at = CASE WHEN $4::boolean THEN done_at ELSE NULL END,
              version = version + 1, updated_at = now() WHERE id = $1`, [taskId, progress, state, state === 'done']);
    return { ok: true };
  });
}

/**
 * Moves a task to the days `startDay`..`endDay` (`YYYY-MM-DD`, inclusive) keeping its times of
 * day, through {@link changeTaskDates} (assignee availability, dates history, lock).
 */
export async function moveTask(db: DataSource, userId: number, tenantId: number, taskId: number, startDay: string, endDay: string, expectedVersion?: number): Promise<GanttUpdateResult> {
  const [task] = await db.query('SELECT start_at, end_at FROM project_task WHERE id = $1 AND tenant_id = $2', [taskId, tenantId]);
  if (!task) return { ok: false, reason: 'not_found', message: 'errors.not_found.title' };
  if (endDay < startDay) return { ok: false, reason: 'invalid', message: 'project.errors.end_before_start' };
  const moved = movedInstants(new Date(task.start_at), new Date(task.end_at), startDay, endDay);
  const result = await changeTaskDates(db, userId, tenantId, taskId, moved.start, moved.end, expectedVersion);
  return result.ok ? { ok: true } : { ok: false, reason: result.reason, message: result.message };
}
