import type { DataSource, EntityManager } from 'typeorm';
import { todayIso } from '../../kernel/clock';
import { CHART_COLORS } from '../../kernel/palette';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { userInTenant } from '../../kernel/tenancy';
import { employeeVisibility } from '../hr/employee-access';
import { unavailability } from '../hr/time/availability';
import { projectVisibility } from '../project/project-access';
import { addDays, formatCalendarInstant, parseCalendarInstant } from './calendar-dates';

type Db = DataSource | EntityManager;

/** One item of the calendar (seed 000 "Calendar task"). */
export interface CalendarTask {
  /**
   * A task's id (number); `"wi-<id>"` for a work accident or interruption, `"leave-<id>"` for an
   * approved leave request (both with `isWorkAccident: true`).
   */
  id: number | string;
  title: string;
  /** The user (resource) id, or null. */
  assignedTo: number | null;
  /** `YYYY-MM-DD HH:mm` (Paris); unavailability periods run from 00:00 of their first day to 23:59 of their last. */
  start: string;
  end: string;
  /** The assignee's colour (`#rrggbb`). */
  colorResources: string;
  isWorkAccident: boolean;
}

/** A user on the calendar (seed 000 "Calendar resources"). */
export interface CalendarResource { id: number; fullName: string; color: string }
/** A project of the filter (seed 000 "Calendar projects"). */
export interface CalendarProject { id: number; label: string }
/** The `project_calendar_tasks` answer. */
export interface CalendarData { tasks: CalendarTask[]; resources: CalendarResource[]; projects: CalendarProject[] }

/** What `project_calendar_tasks` filters on: users, projects and a range (instants). */
export interface CalendarQuery { resources: number[]; projects: number[]; start: Date; end: Date }

/** Colour of a user without a chosen one: the chart palette, by id. */
export const defaultColor = (userId: number): string => CHART_COLORS[userId % CHART_COLORS.length];

/** Colour of an item without a person: a task nobody is assigned, a period of an employee without a user account. */
const UNASSIGNED_COLOR = '#6c757d';

/** Id prefixes of the items that are not tasks. */
export const INTERRUPTION_PREFIX = 'wi-';
export const LEAVE_PREFIX = 'leave-';

/** Labels the service needs, in the user's language (the handler passes `req.t`). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

const ids = (value: unknown): number[] => {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(list.map((v) => Number(String(v).trim())).filter((n) => Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647))];
};

/**
 * Reads the query of `project_calendar_tasks`: `resources` and `projects` (ids, comma-separated or
 * repeated), `start` and `end` (`YYYY-MM-DD[ HH:mm]`, Paris). Without a valid range: ±7 days around
 * today (seed 000 §9). An end before the start is swapped.
 */
export function readCalendarQuery(query: Record<string, unknown>): CalendarQuery {
  const today = todayIso();
  let start = parseCalendarInstant(query.start) ?? parseCalendarInstant(addDays(today, -7))!;
  let end = parseCalendarInstant(query.end) ?? parseCalendarInstant(addDays(today, 8))!;
  if (end < start) [start, end] = [end, start];
  return { resources: ids(query.resources), projects: ids(query.projects), start, end };
}

/** The company's active users with their calendar colour, "Prénom Nom" order by last name. */
export async function calendarResources(db: Db, tenantId: number): Promise<CalendarResource[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username, c.color FROM app_user u
       LEFT JOIN calendar_user_color c ON c.user_id = u.id AND c.tenant_id = $1
      WHERE u.enabled AND ${userInTenant('u', '$1')} ORDER BY u.last_name, u.first_name, u.id`, [tenantId]);
  return rows.map((r) => ({ id: r.id, fullName: `${r.first_name} ${r.last_name}`.trim() || r.username, color: r.color ?? defaultColor(r.id) }));
}

/** The projects the user sees (not in the trash), by label. */
export async function calendarProjects(db: Db, user: AuthUser): Promise<CalendarProject[]> {
  const vis = projectVisibility(user, 'p', 2);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.label FROM project p WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND ${vis.sql} ORDER BY p.label, p.id`, [user.tenantId, ...vis.params]);
  return rows.map((r) => ({ id: r.id, label: r.label }));
}

/**
 * The calendar of the user's company over the range: tasks of the projects the user sees and
 * calendar tasks without project (filtered by assignee and project when asked), then the work
 * accidents and interruptions and the approved leave of the employees linked to the resources
 * (every resource, and the employees without a user account, without a resource filter). A period's type is shown only to users who see the
 * employee in HR; others read "Indisponible".
 */
export async function calendarData(db: Db, user: AuthUser, q: CalendarQuery, t: Translate): Promise<CalendarData> {
  const tenantId = user.tenantId;
  const [resources, projects] = await Promise.all([calendarResources(db, tenantId), calendarProjects(db, user)]);
  const colorOf = new Map(resources.map((r) => [r.id, r.color]));
  const nameOf = new Map(resources.map((r) => [r.id, r.fullName]));
  const wanted = q.resources.length ? q.resources.filter((id) => colorOf.has(id)) : resources.map((r) => r.id);

  const vis = projectVisibility(user, 'p', 4);
  const params: unknown[] = [tenantId, q.start, q.end, ...vis.params];
  const where = ['t.tenant_id = $1', 't.start_at <= $3', 't.end_at >= $2', `(t.project_id IS NULL OR (p.deleted_at IS NULL AND ${vis.sql}))`];
  if (q.resources.length) { params.push(q.resources); where.push(`t.assignee_id = ANY($${params.length}::int[])`); }
  if (q.projects.length) { params.push(q.projects); where.push(`t.project_id = ANY($${params.length}::int[])`); }
  const taskRows: Array<Record<string, any>> = await db.query(
    `SELECT t.id, t.label, t.assignee_id, t.start_at, t.end_at FROM project_task t LEFT JOIN project p ON p.id = t.project_id
      WHERE ${where.join(' AND ')} ORDER BY t.start_at, t.id`, params);
  const tasks: CalendarTask[] = taskRows.map((r) => ({
    id: r.id, title: r.label, assignedTo: r.assignee_id, start: formatCalendarInstant(new Date(r.start_at)), end: formatCalendarInstant(new Date(r.end_at)),
    colorResources: r.assignee_id ? (colorOf.get(r.assignee_id) ?? defaultColor(r.assignee_id)) : UNASSIGNED_COLOR, isWorkAccident: false,
  }));

  if (!wanted.length && q.resources.length) return { tasks, resources, projects };
  const evis = employeeVisibility(user, 'e', 4);
  // Without a person filter, the employees without a user account show too (unassigned, in grey):
  // a period recorded for them is never lost from sight (issue 25 item 8).
  const employees: Array<Record<string, any>> = await db.query(
    `SELECT e.id, e.user_id, e.first_name, e.last_name, (${evis.sql}) AS visible FROM employee e
      WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND (e.user_id = ANY($2::int[]) OR ($3 AND e.user_id IS NULL))`,
    [tenantId, wanted, !q.resources.length, ...evis.params]);
  if (!employees.length) return { tasks, resources, projects };
  const byEmployee = new Map(employees.map((e) => [e.id as number, e]));
  const fromDay = formatCalendarInstant(q.start).slice(0, 10);
  const toDay = formatCalendarInstant(q.end).slice(0, 10);
  const periods = await unavailability(db, tenantId, [...byEmployee.keys()], fromDay, toDay);
  // A work accident without lost time (no interruption dates) still shows on its accident day.
  const accidents: Array<Record<string, any>> = await db.query(
    `SELECT w.id, w.employee_id, w.type, w.accident_date::text AS day FROM work_interruption w
      WHERE w.tenant_id = $1 AND w.employee_id = ANY($2::int[]) AND w.deleted_at IS NULL AND w.interruption_start_date IS NULL
        AND w.accident_date BETWEEN $3 AND $4`, [tenantId, [...byEmployee.keys()], fromDay, toDay]);
  const all = [
    ...periods,
    ...accidents.map((a) => ({ employeeId: a.employee_id as number, kind: 'interruption' as const, start: a.day as string, end: a.day as string, label: a.type as string, sourceId: a.id as number })),
  ];
  for (const p of all) {
    const e = byEmployee.get(p.employeeId)!;
    const who = (e.user_id && nameOf.get(e.user_id)) || `${e.first_name ?? ''} ${e.last_name}`.trim();
    const what = p.kind === 'leave' ? t('calendar.items.leave') : e.visible ? t(`hr-health.types.${p.label}`) : t('calendar.items.unavailable');
    tasks.push({
      id: `${p.kind === 'leave' ? LEAVE_PREFIX : INTERRUPTION_PREFIX}${p.sourceId}`,
      title: `${what} – ${who}`, assignedTo: e.user_id ?? null, start: `${p.start} 00:00`, end: `${p.end} 23:59`,
      colorResources: e.user_id ? (colorOf.get(e.user_id) ?? defaultColor(e.user_id)) : UNASSIGNED_COLOR, isWorkAccident: true,
    });
  }
  return { tasks, resources, projects };
}

/** Sets the calendar colour of a user of the company; false when the user is not one of its users. */
export async function setUserColor(db: Db, tenantId: number, userId: number, color: string): Promise<boolean> {
  const [u] = await db.query(`SELECT 1 FROM app_user u WHERE u.id = $1 AND ${userInTenant('u', '$2')}`, [userId, tenantId]);
  if (!u) return false;
  await db.query(
    `INSERT INTO calendar_user_color (tenant_id, user_id, color) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET color = EXCLUDED.color`, [tenantId, userId, color.toLowerCase()]);
  return true;
}
