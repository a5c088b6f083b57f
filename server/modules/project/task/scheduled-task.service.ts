import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import type { FieldError } from '../../../kernel/http/forms';
import { formatDate } from '../../../kernel/i18n/format';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { parisInstant } from '../../../kernel/clock';
import { assigneeAvailable } from '../task-dates';
import { addDays, firstOccurrenceFrom, type ScheduleUnit } from './schedule-dates';
import type { ScheduledTaskInput } from './task.schema';

/** A scheduled task as listed and edited. */
export interface ScheduledTaskRow {
  id: number; projectId: number; label: string; description: string | null; assigneeId: number | null; assigneeName: string | null;
  hourEstimation: number | null; durationDays: number; every: number; unit: ScheduleUnit; startDate: string; endDate: string | null;
  nextDate: string | null; madeCount: number; version: number;
}

const SELECT = `SELECT s.id, s.project_id, s.label, s.description, s.assignee_id, nullif(trim(u.first_name || ' ' || u.last_name), '') AS assignee_name, u.username,
    s.hour_estimation, s.duration_days, s.every, s.unit, s.start_date::text AS start_date, s.end_date::text AS end_date, s.next_date::text AS next_date, s.version,
    (SELECT count(*)::int FROM project_task t WHERE t.scheduled_task_id = s.id) AS made_count
  FROM project_scheduled_task s LEFT JOIN app_user u ON u.id = s.assignee_id`;

const toRow = (r: Record<string, any>): ScheduledTaskRow => ({
  id: r.id, projectId: r.project_id, label: r.label, description: r.description, assigneeId: r.assignee_id,
  assigneeName: r.assignee_id ? (r.assignee_name ?? r.username) : null, hourEstimation: r.hour_estimation === null ? null : Number(r.hour_estimation),
  durationDays: r.duration_days, every: r.every, unit: r.unit, startDate: r.start_date, endDate: r.end_date, nextDate: r.next_date,
  madeCount: r.made_count, version: r.version,
});

/** The project's scheduled tasks, by label. */
export async function listScheduledTasks(db: Db, tenantId: number, projectId: number): Promise<ScheduledTaskRow[]> {
  return (await db.query(`${SELECT} WHERE s.tenant_id = $1 AND s.project_id = $2 ORDER BY s.label, s.id`, [tenantId, projectId])).map(toRow);
}

/** One scheduled task of the company, or null. */
export async function findScheduledTask(db: Db, tenantId: number, id: number): Promise<ScheduledTaskRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query(`${SELECT} WHERE s.id = $1 AND s.tenant_id = $2`, [id, tenantId]);
  return r ? toRow(r) : null;
}

/** The form values of a saved schedule (days DD/MM/YYYY). */
export function scheduledFormValues(s: ScheduledTaskRow): Record<string, unknown> {
  return {
    label: s.label, description: s.description ?? '', assignee: s.assigneeId ?? '', hourEstimation: s.hourEstimation ?? '', durationDays: s.durationDays,
    every: s.every, unit: s.unit, startDate: formatDate(s.startDate), endDate: formatDate(s.endDate), version: s.version,
  };
}

/** Outcome of {@link saveScheduledTask}; like `saveTask`, a refusal always carries `errors`. */
export type ScheduleSaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError>; stale?: true };

/**
 * Adds (`id` null) or edits a scheduled task of the project: the end day not before the start, the
 * assignee a member of the project. The next day to make is computed again from the rule (days
 * already made are not made twice); then the occurrences due up to today are made at once.
 */
export async function saveScheduledTask(db: DataSource, user: AuthUser, projectId: number, id: number | null, input: ScheduledTaskInput): Promise<ScheduleSaveResult> {
  const tenantId = user.tenantId;
  const errors: Record<string, FieldError> = {};
  const start = input.startDate!;
  if (input.endDate && input.endDate < start) errors.endDate = 'project.errors.end_before_start';
  if (input.assignee !== null) {
    const [member] = await db.query('SELECT 1 FROM project_member WHERE project_id = $1 AND user_id = $2 AND tenant_id = $3', [projectId, input.assignee, tenantId]);
    if (!member) errors.assignee = 'project-task.validation.not_member';
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const saved = await db.transaction(async (m) => {
    let after: string | null = null;
    if (id !== null) {
      const [made] = await m.query('SELECT max(scheduled_for)::text AS last FROM project_task WHERE scheduled_task_id = $1 AND tenant_id = $2', [id, tenantId]);
      after = made?.last ?? null;
    }
    const next = firstOccurrenceFrom(start, input.unit, input.every, after ? addDays(after, 1) : start, input.endDate);
    const cols: Array<[string, unknown]> = [
      ['label', input.label], ['description', input.description === '' ? null : input.description], ['assignee_id', input.assignee],
      ['hour_estimation', input.hourEstimation], ['duration_days', input.durationDays], ['every', input.every], ['unit', input.unit],
      ['start_date', start], ['end_date', input.endDate], ['next_date', next],
    ];
    if (id === null) {
      const all: Array<[string, unknown]> = [...cols, ['tenant_id', tenantId], ['project_id', projectId]];
      const [r] = await m.query(`INSERT INTO project_scheduled_task (${all.map(([c]) => c).join(', ')}) VALUES (${all.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, all.map(([, v]) => v));
      return r.id as number;
    }
    const n = cols.length;
    const updated = rowsOf(await m.query(
      `UPDATE project_scheduled_task SET ${cols.map(([c], i) => `${c} = $${i + 1}`).join(', ')}, version = version + 1
        WHERE id = $${n + 1} AND tenant_id = $${n + 2} AND project_id = $${n + 3} AND version = $${n + 4} RETURNING id`,
      [...cols.map(([, v]) => v), id, tenantId, projectId, input.version]));
    return updated.length ? id : null;
  });
  if (saved === null) return { ok: false, errors: { _form: 'errors.stale' }, stale: true };
  await makeScheduledTasks(db, { scheduleIds: [saved] });
  return { ok: true, id: saved };
}

/** Removes a scheduled task; the tasks it already made stay (they are ordinary tasks now). */
export async function removeScheduledTask(db: Db, tenantId: number, id: number): Promise<boolean> {
  return rowsOf(await db.query('DELETE FROM project_scheduled_task WHERE id = $1 AND tenant_id = $2 RETURNING id', [id, tenantId])).length > 0;
}

const stillMember = async (m: Db, projectId: number, userId: number): Promise<boolean> =>
  (await m.query('SELECT 1 FROM project_member WHERE project_id = $1 AND user_id = $2', [projectId, userId])).length > 0;

/** Most occurrences one schedule makes in one run (a start far in the past does not flood a project). */
const MAX_PER_RUN = 400;

/**
 * Makes the tasks of every schedule due up to today (Paris), one per schedule and day
 * (`scheduled_for`): label, description, hour estimation and assignee of the schedule, from 08:00
 * on the day to 17:00 on its last day (`duration_days`). An assignee unavailable on those days
 * (approved leave, work interruption), or no longer a member of the project, is left out of that task. Each schedule is locked while its
 * days are made and its `next_date` moves on (null after its end day). Returns how many tasks were made.
 */
export async function makeScheduledTasks(db: DataSource, opts: { tenantIds?: number[]; scheduleIds?: number[] } = {}): Promise<number> {
  const today = todayIso();
  const due: Array<{ id: number }> = await db.query(
    `SELECT s.id FROM project_scheduled_task s JOIN project p ON p.id = s.project_id AND p.deleted_at IS NULL AND p.state <> 'archived'
      WHERE s.next_date IS NOT NULL AND s.next_date <= $1 AND ($2::int[] IS NULL OR s.tenant_id = ANY($2::int[])) AND ($3::int[] IS NULL OR s.id = ANY($3::int[]))
      ORDER BY s.id`, [today, opts.tenantIds ?? null, opts.scheduleIds ?? null]);
  let made = 0;
  for (const { id } of due) {
    made += await db.transaction(async (m) => {
      const [s] = await m.query(
        `SELECT id, tenant_id, project_id, label, description, assignee_id, hour_estimation, duration_days, every, unit,
                start_date::text AS start_date, end_date::text AS end_date, next_date::text AS next_date
           FROM project_scheduled_task WHERE id = $1 FOR UPDATE`, [id]);
      if (!s || !s.next_date) return 0;
      let day: string | null = s.next_date;
      let count = 0;
      while (day !== null && day <= today && count < MAX_PER_RUN) {
        const [exists] = await m.query('SELECT 1 FROM project_task WHERE scheduled_task_id = $1 AND scheduled_for = $2', [s.id, day]);
        if (!exists) {
          const startAt = parisInstant(day, '08:00');
          const endAt = parisInstant(addDays(day, Math.max(1, s.duration_days) - 1), '17:00');
          const assignee = s.assignee_id && (await stillMember(m, s.project_id, s.assignee_id)) && (await assigneeAvailable(m, s.tenant_id, s.assignee_id, startAt, endAt)) ? s.assignee_id : null;
          await m.query(
            `INSERT INTO project_task (tenant_id, project_id, label, description, start_at, end_at, hour_estimation, assignee_id, scheduled_task_id, scheduled_for, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [s.tenant_id, s.project_id, s.label, s.description, startAt, endAt, s.hour_estimation, assignee, s.id, day, clock.now()]);
          count++;
        }
        day = firstOccurrenceFrom(s.start_date, s.unit, s.every, addDays(day, 1), s.end_date);
      }
      await m.query('UPDATE project_scheduled_task SET next_date = $2 WHERE id = $1', [s.id, day]);
      return count;
    });
  }
  return made;
}
