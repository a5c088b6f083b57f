import type { DataSource, EntityManager } from 'typeorm';
import { todayIso } from '../../kernel/clock';
import { isAvailable } from '../hr/time/availability';

type Db = DataSource | EntityManager;

/** Why a date change was refused: a translation key the caller answers (401 for `unavailable`). */
export type TaskDatesRefusal = 'not_found' | 'invalid' | 'unavailable' | 'stale';

/** Outcome of {@link changeTaskDates}. */
export type TaskDatesResult = { ok: true; changed: boolean } | { ok: false; reason: TaskDatesRefusal; message: string };

/** Translation keys of the refusals (domain `project`). */
export const TASK_DATES_MESSAGES: Record<TaskDatesRefusal, string> = {
  not_found: 'errors.not_found.title',
  invalid: 'project.errors.end_before_start',
  unavailable: 'project.errors.user_unavailable',
  stale: 'errors.stale',
};

/**
 * True when the user `userId` can work every day from `start` to `end` (Paris days): no approved
 * leave and no work interruption of the employee linked to that account. A user with no employee
 * record, or no user at all, is available.
 */
export async function assigneeAvailable(db: Db, tenantId: number, userId: number | null, start: Date, end: Date): Promise<boolean> {
  if (!userId) return true;
  const rows: Array<{ id: number }> = await db.query(
    'SELECT id FROM employee WHERE tenant_id = $1 AND user_id = $2 AND deleted_at IS NULL', [tenantId, userId]);
  if (!rows.length) return true;
  return isAvailable(db, tenantId, rows[0].id, todayIso(start), todayIso(end));
}

/**
 * Moves a task (gantt drag, calendar drag or resize): refuses an end before the start and an
 * assignee who is unavailable on one of the new days, then saves the dates and one row of the
 * task dates history, in one transaction with a row lock. `expectedVersion`, when given, must
 * still be the task's version. Rights and the project's visibility are the caller's to check.
 */
export async function changeTaskDates(db: DataSource, userId: number | null, tenantId: number, taskId: number, start: Date, end: Date, expectedVersion?: number): Promise<TaskDatesResult> {
  const refuse = (reason: TaskDatesRefusal): TaskDatesResult => ({ ok: false, reason, message: TASK_DATES_MESSAGES[reason] });
  if (!(start instanceof Date) || !(end instanceof Date) || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return refuse('invalid');
  return db.transaction(async (m) => {
    const [task] = await m.query(
      'SELECT id, assignee_id, start_at, end_at, version FROM project_task WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [taskId, tenantId]);
    if (!task) return refuse('not_found');
    if (expectedVersion !== undefined && task.version !== expectedVersion) return refuse('stale');
    if (new Date(task.start_at).getTime() === start.getTime() && new Date(task.end_at).getTime() === end.getTime()) return { ok: true, changed: false };
    if (!(await assigneeAvailable(m, tenantId, task.assignee_id, start, end))) return refuse('unavailable');
    await m.query('UPDATE project_task SET start_at = $2, end_at = $3, version = version + 1, updated_at = now() WHERE id = $1', [taskId, start, end]);
    await m.query(
      `INSERT INTO project_task_date_change (tenant_id, task_id, old_start_at, old_end_at, new_start_at, new_end_at, user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [tenantId, taskId, task.start_at, task.end_at, start, end, userId]);
    return { ok: true, changed: true };
  });
}
