import type { Db } from '../../../kernel/db/sql';
import type { HierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { DUE_SOON_DAYS, type DeadlineState } from '../core/deadline';
import { scopeParam, scopeSql } from '../core/equipment-access';

/** The SQL state of a controllable's deadline on `$2` (today), as {@link deadlineState} computes it. */
const STATE_SQL = `CASE WHEN c.deadline IS NULL THEN 'unplanned'
  WHEN c.deadline < $2::date THEN 'overdue'
  WHEN c.deadline <= $2::date + ${DUE_SOON_DAYS} THEN 'due_soon' ELSE 'ok' END`;

/** Counts of the live (not archived) controls in scope per deadline state; `operatorId` narrows to one operator's. */
export async function countByState(db: Db, tenantId: number, scope: HierarchyScope, today: string, operatorId: number | null = null): Promise<Record<DeadlineState, number>> {
  const rows: Array<{ state: DeadlineState; n: number }> = await db.query(
    `SELECT ${STATE_SQL} AS state, count(*)::int AS n
       FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id
      WHERE c.tenant_id = $1 AND NOT c.archived AND ${scopeSql(scope, 'e.hierarchy_item_id', 3)}
        AND ($4::int IS NULL OR c.operator_id = $4)
      GROUP BY 1`, [tenantId, today, scopeParam(scope), operatorId]);
  const counts: Record<DeadlineState, number> = { overdue: 0, due_soon: 0, ok: 0, unplanned: 0 };
  for (const r of rows) counts[r.state] = r.n;
  return counts;
}

/** One control waiting for its operator, nearest deadline first. */
export interface MyControlRow {
  id: number;
  name: string;
  equipmentName: string | null;
  deadline: string | null;
}

/** The operator's live controls with a deadline, the nearest first (at most `limit`), and how many there are. */
export async function myNextControls(db: Db, tenantId: number, userId: number, limit: number): Promise<{ count: number; rows: MyControlRow[] }> {
  const [rows, [{ n }]] = await Promise.all([
    db.query(
      `SELECT c.id, c.name, e.name AS "equipmentName", to_char(c.deadline, 'YYYY-MM-DD') AS deadline
         FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id
        WHERE c.tenant_id = $1 AND c.operator_id = $2 AND NOT c.archived AND c.deadline IS NOT NULL
        ORDER BY c.deadline, c.id LIMIT $3`, [tenantId, userId, limit]) as Promise<MyControlRow[]>,
    db.query(
      `SELECT count(*)::int AS n FROM vgp_controllable c
        WHERE c.tenant_id = $1 AND c.operator_id = $2 AND NOT c.archived AND c.deadline IS NOT NULL`, [tenantId, userId]) as Promise<Array<{ n: number }>>,
  ]);
  return { count: n, rows };
}

/** What the total widgets count. */
export type Total = 'equipment' | 'controls' | 'done' | 'actions';

/** The SQL of each total; `$1` tenant, `$2` scope, `$3` year. */
const TOTAL_SQL = (scope: HierarchyScope): Record<Total, string> => ({
  equipment: `SELECT count(*)::int AS n FROM equipment e WHERE e.tenant_id = $1 AND NOT e.archived AND ${scopeSql(scope, 'e.hierarchy_item_id', 2)} AND $3::int IS NOT NULL`,
  controls: `SELECT count(*)::int AS n FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id
     WHERE c.tenant_id = $1 AND NOT c.archived AND ${scopeSql(scope, 'e.hierarchy_item_id', 2)} AND $3::int IS NOT NULL`,
  done: `SELECT count(*)::int AS n FROM vgp_control k JOIN vgp_controllable c ON c.id = k.controllable_id LEFT JOIN equipment e ON e.id = c.equipment_id
     WHERE k.tenant_id = $1 AND k.state = 'done' AND k.control_date >= make_date($3, 1, 1) AND k.control_date < make_date($3 + 1, 1, 1)
       AND ${scopeSql(scope, 'e.hierarchy_item_id', 2)}`,
  // From the action plan's source index: the open actions whose source is a control.
  actions: `SELECT count(*)::int AS n FROM action a JOIN vgp_control k ON k.id = a.source_id AND k.tenant_id = a.tenant_id
       JOIN vgp_controllable c ON c.id = k.controllable_id LEFT JOIN equipment e ON e.id = c.equipment_id
     WHERE a.tenant_id = $1 AND a.source_type = 'vgp_control' AND a.status NOT IN ('CLOSED', 'ABANDONED')
       AND ${scopeSql(scope, 'e.hierarchy_item_id', 2)} AND $3::int IS NOT NULL`,
});

/** One total in scope: live equipment, live controls, controls carried out in `year`, or open actions raised by controls. */
export async function total(db: Db, tenantId: number, scope: HierarchyScope, year: number, what: Total): Promise<number> {
  const [row] = await db.query(TOTAL_SQL(scope)[what], [tenantId, scopeParam(scope), year]);
  return row.n;
}
