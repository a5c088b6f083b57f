import type { DataSource, EntityManager } from 'typeorm';
import { todayIso } from '../../../kernel/clock';

type Db = DataSource | EntityManager;

/** One period in which an employee cannot work: approved leave or a work interruption. */
export interface Unavailability {
  employeeId: number;
  kind: 'leave' | 'interruption';
  /** First day, `YYYY-MM-DD`. */
  start: string;
  /** Last day, `YYYY-MM-DD`; an interruption still open ends on the last day asked (`toDay`) or later. */
  end: string;
  /** The leave type (`paid_leave` ...) or interruption type (`WORK_ACCIDENT` ...): a key the caller translates. */
  label: string;
  /** Id of the leave request or work interruption. */
  sourceId: number;
}

/**
 * Periods overlapping [fromDay, toDay] in which the employees are unavailable: approved leave
 * requests, and work interruptions (every type, work accidents included) with a start date. An
 * interruption without end is open: it ends at the later of `toDay` and today. Ordered by employee
 * then start. Scoped by the company; employees in the trash are left out.
 */
export async function unavailability(db: Db, tenantId: number, employeeIds: number[], fromDay: string, toDay: string): Promise<Unavailability[]> {
  const ids = [...new Set(employeeIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!ids.length || toDay < fromDay) return [];
  const openEnd = toDay > todayIso() ? toDay : todayIso();
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT r.employee_id, 'leave' AS kind, r.start_date::text AS start, r.end_date::text AS "end", r.type AS label, r.id
       FROM paid_leave_request r JOIN employee e ON e.id = r.employee_id AND e.deleted_at IS NULL
      WHERE r.tenant_id = $1 AND r.employee_id = ANY($2::int[]) AND r.state = 'approved' AND r.start_date <= $4 AND r.end_date >= $3
     UNION ALL
     SELECT w.employee_id, 'interruption', w.interruption_start_date::text, coalesce(w.interruption_end_date, $5::date)::text, w.type, w.id
       FROM work_interruption w JOIN employee e ON e.id = w.employee_id AND e.deleted_at IS NULL
      WHERE w.tenant_id = $1 AND w.employee_id = ANY($2::int[]) AND w.deleted_at IS NULL AND w.interruption_start_date IS NOT NULL
        AND w.interruption_start_date <= $4 AND coalesce(w.interruption_end_date, $5::date) >= $3
     ORDER BY 1, 3, 2`,
    [tenantId, ids, fromDay, toDay, openEnd]);
  return rows.map((r) => ({ employeeId: r.employee_id, kind: r.kind, start: r.start, end: r.end, label: r.label, sourceId: r.id }));
}

/** True when the employee has no approved leave and no work interruption on any day of [fromDay, toDay]. */
export async function isAvailable(db: Db, tenantId: number, employeeId: number, fromDay: string, toDay: string = fromDay): Promise<boolean> {
  return (await unavailability(db, tenantId, [employeeId], fromDay, toDay)).length === 0;
}
