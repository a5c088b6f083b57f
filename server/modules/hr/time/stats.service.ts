import type { DataSource, EntityManager } from 'typeorm';
import { intSetting } from '../../../kernel/settings/settings';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { employeeVisibility } from '../employee-access';
import { periodRates, type AccidentStop, type HoursSlice, type PeriodRates } from './hr-stats';
import { addDays, calendarDays } from './working-days';
import { personName } from '../../../kernel/person-name';

type Db = DataSource | EntityManager;

/** A work accident of the year as the widgets and the statistics page read it. */
export interface AccidentRecord extends AccidentStop {
  id: number;
  employeeId: number;
  employeeName: string;
  serviceName: string | null;
  hierarchyName: string | null;
  accidentTypeName: string | null;
  severity: string | null;
  eventId: number | null;
  injurySiteIds: number[];
}

/** The rates of one month of the year: the month alone and from 1 January to its end. */
export interface MonthRates {
  /** 1 to 12. */
  month: number;
  from: string;
  to: string;
  monthly: PeriodRates;
  cumulative: PeriodRates;
}

/** The statistics of a year: one entry per month already begun, and the year's objectives. */
export interface YearStats {
  year: number;
  months: MonthRates[];
  objectives: { TF: number | null; TG: number | null };
  annualHours: number;
}

/** Last day of a month. */
export function monthEnd(year: number, month: number): string {
  return addDays(`${month === 12 ? year + 1 : year}-${String(month === 12 ? 1 : month + 1).padStart(2, '0')}-01`, -1);
}

/**
 * Work accidents (type WORK_ACCIDENT, not in the trash) of the employees the user sees that may
 * weigh on [from, to]: happened in it, or with an interruption overlapping it.
 */
export async function accidentsFor(db: Db, user: AuthUser, from: string, to: string): Promise<AccidentRecord[]> {
  const vis = employeeVisibility(user, 'e', 4);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT w.id, w.employee_id, e.first_name, e.last_name, w.accident_date::text AS accident_date,
            w.interruption_start_date::text AS start, w.interruption_end_date::text AS "end", w.severity, w.event_id,
            s.name AS service, h.name AS hierarchy, t.name AS accident_type, coalesce(ev.injury_site_ids, '{}') AS injury_site_ids
       FROM work_interruption w
       JOIN employee e ON e.id = w.employee_id AND e.deleted_at IS NULL
       LEFT JOIN service s ON s.id = e.service_id
       LEFT JOIN hierarchy_item h ON h.id = e.hierarchy_item_id
       LEFT JOIN accident_type t ON t.id = w.accident_type_id
       LEFT JOIN event ev ON ev.id = w.event_id AND ev.tenant_id = w.tenant_id
      WHERE w.tenant_id = $1 AND w.type = 'WORK_ACCIDENT' AND w.deleted_at IS NULL AND ${vis.sql}
        AND ((w.accident_date BETWEEN $2 AND $3)
          OR (w.interruption_start_date <= $3 AND (w.interruption_end_date IS NULL OR w.interruption_end_date >= $2)))
      ORDER BY w.accident_date, w.id`,
    [user.tenantId, from, to, ...vis.params]);
  return rows.map((r) => ({
    id: r.id, employeeId: r.employee_id, employeeName: personName(r.first_name, r.last_name), accidentDate: r.accident_date,
    interruptionStart: r.start, interruptionEnd: r.end, severity: r.severity, eventId: r.event_id, serviceName: r.service,
    hierarchyName: r.hierarchy, accidentTypeName: r.accident_type, injurySiteIds: (r.injury_site_ids ?? []).map(Number),
  }));
}

/** Inputs of the rates that come from the database, loaded once for a year. */
interface YearInputs {
  accidents: AccidentRecord[];
  /** Hours worked + overtime per day (only days with work time). */
  hoursByDay: Map<string, number>;
  /** Entry and exit dates of the employees the user sees. */
  employees: Array<{ entry: string | null; exit: string | null }>;
  annualHours: number;
}

async function loadYear(db: Db, user: AuthUser, from: string, to: string): Promise<YearInputs> {
  const vis = employeeVisibility(user, 'e', 4);
  const hours: Array<{ day: string; h: string }> = await db.query(
    `SELECT wt.day::text AS day, sum(wt.hours_worked + wt.overtime) AS h FROM work_time wt JOIN employee e ON e.id = wt.employee_id AND e.deleted_at IS NULL
      WHERE wt.tenant_id = $1 AND wt.day BETWEEN $2 AND $3 AND ${vis.sql} GROUP BY wt.day`,
    [user.tenantId, from, to, ...vis.params]);
  const vis2 = employeeVisibility(user, 'e', 2);
  const employees = await db.query(
    `SELECT e.entry_date::text AS entry, e.exit_date::text AS exit FROM employee e WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND ${vis2.sql}`,
    [user.tenantId, ...vis2.params]);
  return {
    accidents: await accidentsFor(db, user, from, to),
    hoursByDay: new Map(hours.map((r) => [r.day, Number(r.h)])),
    employees,
    annualHours: await intSetting(db, user.tenantId, 'annual_hours'),
  };
}

/** The calendar-month parts of [from, to], each with its recorded hours (or null) and headcount. */
function slicesOf(inputs: YearInputs, from: string, to: string): HoursSlice[] {
  const slices: HoursSlice[] = [];
  for (let start = from; start <= to;) {
    const end = monthEnd(Number(start.slice(0, 4)), Number(start.slice(5, 7)));
    const sliceTo = end < to ? end : to;
    let sum = 0;
    let any = false;
    for (const [day, h] of inputs.hoursByDay) if (day >= start && day <= sliceTo) { sum += h; any = true; }
    const headcount = inputs.employees.filter((e) => (!e.entry || e.entry <= sliceTo) && (!e.exit || e.exit >= start)).length;
    slices.push({ from: start, to: sliceTo, workTimeHours: any ? sum : null, headcount });
    start = addDays(end, 1);
  }
  return slices;
}

function ratesOf(inputs: YearInputs, from: string, to: string, today: string): PeriodRates {
  return periodRates({ period: { from, to, today }, accidents: inputs.accidents, slices: slicesOf(inputs, from, to), annualHours: inputs.annualHours });
}

/**
 * TF and TG of each month of `year` already begun on `today` (the current month ends today), alone
 * and cumulated from 1 January, with the year's objectives. Only employees the user sees count.
 */
export async function yearStats(db: Db, user: AuthUser, year: number, today: string): Promise<YearStats> {
  const start = `${year}-01-01`;
  const inputs = await loadYear(db, user, start, `${year}-12-31`);
  const months: MonthRates[] = [];
  for (let m = 1; m <= 12; m++) {
    const from = `${year}-${String(m).padStart(2, '0')}-01`;
    if (from > today) break;
    const end = monthEnd(year, m);
    const to = end < today ? end : today;
    months.push({ month: m, from, to, monthly: ratesOf(inputs, from, to, today), cumulative: ratesOf(inputs, start, to, today) });
  }
  const objectives = { TF: null as number | null, TG: null as number | null };
  for (const o of await db.query('SELECT type, value FROM objective WHERE tenant_id = $1 AND year = $2', [user.tenantId, year])) {
    objectives[o.type as 'TF' | 'TG'] = Number(o.value);
  }
  return { year, months, objectives, annualHours: inputs.annualHours };
}

/** Days from the last work accident (any year) of the visible employees to today, or null when none. */
export async function daysSinceLastAccident(db: Db, user: AuthUser, today: string): Promise<number | null> {
  const vis = employeeVisibility(user, 'e', 3);
  const [r] = await db.query(
    `SELECT max(w.accident_date)::text AS last FROM work_interruption w JOIN employee e ON e.id = w.employee_id AND e.deleted_at IS NULL
      WHERE w.tenant_id = $1 AND w.type = 'WORK_ACCIDENT' AND w.deleted_at IS NULL AND w.accident_date <= $2 AND ${vis.sql}`,
    [user.tenantId, today, ...vis.params]);
  return r?.last ? calendarDays(r.last, today) - 1 : null;
}
