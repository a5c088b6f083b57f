import type { AuthUser } from '../../../kernel/rights/auth-user';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { slipVisibleSql } from './slip-access';

/** A slip as the lists show it. */
export interface SlipListRow {
  id: number; number: string; subject: string; state: string; archived: boolean; machineId: number; machineCode: string; machineName: string;
  officerName: string | null; workManagerName: string | null; startDate: string | null; endDate: string | null; staff: number; padlocksOn: number;
}

/** The select list of a slip row (alias `s`), shared by every list. */
export const SLIP_LIST_COLUMNS = `s.id, s.number, s.subject, s.state, s.archived, s.machine_id AS "machineId", m.code AS "machineCode", m.name AS "machineName",
  NULLIF(trim(concat_ws(' ', o.first_name, o.last_name)), '') AS "officerName", NULLIF(trim(concat_ws(' ', w.first_name, w.last_name)), '') AS "workManagerName",
  to_char(s.start_date, 'YYYY-MM-DD') AS "startDate", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate",
  (SELECT count(*)::int FROM lockout_staff st WHERE st.tenant_id = s.tenant_id AND st.slip_id = s.id) AS staff,
  (SELECT count(*)::int FROM lockout_staff st WHERE st.tenant_id = s.tenant_id AND st.slip_id = s.id AND st.padlock = 'on') AS "padlocksOn"`;

/** The joins of {@link SLIP_LIST_COLUMNS}. */
export const SLIP_LIST_JOINS = `JOIN lockout_machine m ON m.id = s.machine_id LEFT JOIN app_user o ON o.id = s.officer_id LEFT JOIN app_user w ON w.id = s.work_manager_id`;

/** The slips of a machine the user may see, newest first (50 at most). */
export async function slipsOfMachine(db: Db, user: AuthUser, machineId: number): Promise<SlipListRow[]> {
  return rowsOf<SlipListRow>(await db.query(
    `SELECT ${SLIP_LIST_COLUMNS} FROM lockout_slip s ${SLIP_LIST_JOINS}
      WHERE s.tenant_id = $1 AND s.machine_id = $2 AND ${slipVisibleSql(user, 3)} ORDER BY s.id DESC LIMIT 50`, [user.tenantId, machineId, user.id]));
}

/** The slips of a prevention plan the user may see, newest first (100 at most). */
export async function slipsOfPlan(db: Db, user: AuthUser, planId: number): Promise<SlipListRow[]> {
  return rowsOf<SlipListRow>(await db.query(
    `SELECT ${SLIP_LIST_COLUMNS} FROM lockout_slip s ${SLIP_LIST_JOINS}
      WHERE s.tenant_id = $1 AND s.plan_id = $2 AND ${slipVisibleSql(user, 3)} ORDER BY s.id DESC LIMIT 100`, [user.tenantId, planId, user.id]));
}
