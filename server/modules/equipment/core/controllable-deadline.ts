import { rowsOf, type Db } from '../../../kernel/db/sql';
import { nextDeadline, type FrequencyUnit } from './deadline';

/**
 * The deadline a controllable's form saves: last control date + frequency when both are set; else
 * the typed deadline (a first control, or a frequency not yet known). Dates are `YYYY-MM-DD`.
 */
export function controllableDeadline(lastControlDate: string | null, frequency: number | null, unit: FrequencyUnit, typed: string | null): string | null {
  return lastControlDate && frequency ? nextDeadline(lastControlDate, frequency, unit) : typed;
}

/** What {@link planNextControl} did: the controllable's last control date and new deadline (null: nothing planned). */
export interface PlannedControl {
  lastControlDate: string;
  deadline: string | null;
}

/**
 * A control of `controllableId` was carried out on `controlDate` (`YYYY-MM-DD`): sets the last
 * control date and plans the next one (last date + frequency), unless the controllable's type says
 * not to plan automatically (`equipment_type.auto_plan` false), or it has no frequency: the
 * deadline is then null. The planned date, which was for this control, is cleared. A control dated
 * before the last one recorded changes nothing. Call it inside the transaction that validates the
 * control; returns null when the controllable is not the company's.
 */
export async function planNextControl(em: Db, tenantId: number, controllableId: number, controlDate: string): Promise<PlannedControl | null> {
  const [row] = await em.query(
    `SELECT c.frequency, c.frequency_unit, c.last_control_date::text AS last, COALESCE(t.auto_plan, TRUE) AS auto_plan, c.deadline::text AS deadline
       FROM vgp_controllable c LEFT JOIN equipment_type t ON t.id = c.type_id
      WHERE c.id = $1 AND c.tenant_id = $2 FOR UPDATE OF c`, [controllableId, tenantId]);
  if (!row) return null;
  if (row.last && row.last > controlDate) return { lastControlDate: row.last, deadline: row.deadline };
  const deadline = row.auto_plan && row.frequency ? nextDeadline(controlDate, row.frequency, row.frequency_unit as FrequencyUnit) : null;
  rowsOf(await em.query(
    `UPDATE vgp_controllable SET last_control_date = $3, deadline = $4, planned_date = NULL, version = version + 1
      WHERE id = $1 AND tenant_id = $2`, [controllableId, tenantId, controlDate, deadline]));
  return { lastControlDate: controlDate, deadline };
}
