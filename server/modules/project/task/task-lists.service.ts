import { clock, todayIso } from '../../../kernel/clock';
import type { Db } from '../../../kernel/db/sql';
import type { PageRequest } from '../../../kernel/http/pagination';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { unavailability } from '../../hr/time/availability';
import { parisMidnight } from '../../zone-map/zone-period';
import { projectVisibility } from '../project-access';
import { addDays } from './schedule-dates';
import { TASK_SELECT, toTaskRow, type TaskRow } from './task.service';

/** State filter of the task lists: open (todo and in progress), done, or all. */
export type TaskStateFilter = 'open' | 'done' | 'all';

const stateSql = (f: TaskStateFilter) => (f === 'open' ? " AND t.state <> 'done'" : f === 'done' ? " AND t.state = 'done'" : '');

/** Tasks of visible projects (alias p) plus, with `withCalendar`, calendar tasks without project. */
function visibleTasks(user: AuthUser, first: number, withCalendar: boolean): { sql: string; params: unknown[] } {
  const vis = projectVisibility(user, 'p', first);
  const project = `(p.id IS NOT NULL AND p.deleted_at IS NULL AND ${vis.sql})`;
  return { sql: withCalendar ? `(${project} OR t.project_id IS NULL)` : project, params: vis.params };
}

/**
 * The user's tasks (assigned to him) in the projects he sees and on the calendar, by start,
 * filtered by state; paged.
 */
export async function myTasks(db: Db, user: AuthUser, state: TaskStateFilter, page: PageRequest): Promise<{ rows: TaskRow[]; total: number }> {
  const vis = visibleTasks(user, 3, true);
  const where = `t.tenant_id = $1 AND t.assignee_id = $2 AND ${vis.sql}${stateSql(state)}`;
  const params = [user.tenantId, user.id, ...vis.params];
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM project_task t LEFT JOIN project p ON p.id = t.project_id WHERE ${where}`, params);
  const rows = await db.query(`${TASK_SELECT} WHERE ${where} ORDER BY t.start_at, t.id LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return { rows: rows.map(toTaskRow), total: n };
}

/** One member with his tasks (tasks by member). */
export interface MemberTasks { userId: number; name: string; tasks: TaskRow[]; hours: number; late: number }

/**
 * The tasks of the projects the user sees, grouped by assignee (members of those projects, by
 * name; unassigned tasks are left out), optionally for one project, filtered by state. `late`
 * counts open tasks whose end has passed.
 */
export async function tasksByMember(db: Db, user: AuthUser, projectId: number | null, state: TaskStateFilter): Promise<MemberTasks[]> {
  const vis = visibleTasks(user, 3, false);
  const rows: TaskRow[] = (await db.query(
    `${TASK_SELECT} WHERE t.tenant_id = $1 AND t.assignee_id IS NOT NULL AND ($2::int IS NULL OR t.project_id = $2) AND ${vis.sql}${stateSql(state)}
      ORDER BY u.last_name, u.first_name, t.assignee_id, t.start_at, t.id`, [user.tenantId, projectId, ...vis.params])).map(toTaskRow);
  const now = clock.now().getTime();
  const out: MemberTasks[] = [];
  for (const r of rows) {
    let m = out[out.length - 1];
    if (!m || m.userId !== r.assigneeId) { m = { userId: r.assigneeId!, name: r.assigneeName ?? '', tasks: [], hours: 0, late: 0 }; out.push(m); }
    m.tasks.push(r);
    m.hours += r.hourEstimation ?? 0;
    if (r.state !== 'done' && r.endAt.getTime() < now) m.late++;
  }
  return out;
}

/** The projects the user sees (filters). */
export async function visibleProjects(db: Db, user: AuthUser): Promise<Array<{ id: number; label: string }>> {
  const vis = projectVisibility(user, 'p', 2);
  return db.query(`SELECT p.id, p.label FROM project p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND ${vis.sql} ORDER BY p.label`, [user.tenantId, ...vis.params]);
}

/** One person's line of the planning. */
export interface PlanningLine {
  userId: number; name: string;
  /** Per day of the period: the tasks on that day and whether the person is unavailable (leave / interruption label). */
  days: Array<{ day: string; tasks: TaskRow[]; away: Array<{ kind: 'leave' | 'interruption'; label: string }> }>;
}

/** The days of the planning period: the week (Monday to Sunday) or the month containing `day`. */
export function planningDays(view: 'week' | 'month', day: string): string[] {
  const [y, m, d] = day.split('-').map(Number);
  if (view === 'month') {
    const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return Array.from({ length: count }, (_, i) => addDays(`${day.slice(0, 8)}01`, i));
  }
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The planning: for each member of the projects the user sees (or of one project), each day of
 * the period with his tasks (of the visible projects and the calendar) and his unavailability
 * (approved leave, work interruptions of the employee linked to his account).
 */
export async function planning(db: Db, user: AuthUser, days: string[], projectId: number | null): Promise<PlanningLine[]> {
  const first = days[0]; const last = days[days.length - 1];
  const vis = projectVisibility(user, 'p', 3);
  const people: Array<{ id: number; name: string }> = await db.query(
    `SELECT DISTINCT u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) AS name, u.last_name, u.first_name
       FROM project_member pm JOIN project p ON p.id = pm.project_id AND p.deleted_at IS NULL JOIN app_user u ON u.id = pm.user_id
      WHERE pm.tenant_id = $1 AND ($2::int IS NULL OR p.id = $2) AND ${vis.sql}
      ORDER BY u.last_name, u.first_name`, [user.tenantId, projectId, ...vis.params]);
  if (!people.length) return [];
  const ids = people.map((p) => p.id);
  const from = parisMidnight(first);
  const to = parisMidnight(addDays(last, 1));
  const tv = visibleTasks(user, 6, projectId === null);
  const tasks: TaskRow[] = (await db.query(
    `${TASK_SELECT} WHERE t.tenant_id = $1 AND t.assignee_id = ANY($2::int[]) AND t.start_at < $4 AND t.end_at >= $3 AND ($5::int IS NULL OR t.project_id = $5) AND ${tv.sql}
      ORDER BY t.start_at, t.id`, [user.tenantId, ids, from, to, projectId, ...tv.params])).map(toTaskRow);
  const employees: Array<{ id: number; user_id: number }> = await db.query(
    'SELECT id, user_id FROM employee WHERE tenant_id = $1 AND user_id = ANY($2::int[]) AND deleted_at IS NULL', [user.tenantId, ids]);
  const away = await unavailability(db, user.tenantId, employees.map((e) => e.id), first, last);
  const userOfEmployee = new Map(employees.map((e) => [e.id, e.user_id]));
  return people.map((p) => ({
    userId: p.id, name: p.name,
    days: days.map((day) => ({
      day,
      tasks: tasks.filter((t) => t.assigneeId === p.id && todayIso(t.startAt) <= day && todayIso(t.endAt) >= day),
      away: away.filter((a) => userOfEmployee.get(a.employeeId) === p.id && a.start <= day && a.end >= day).map((a) => ({ kind: a.kind, label: a.label })),
    })),
  }));
}
