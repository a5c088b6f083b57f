import { personNameSql } from '../../../kernel/person-name';
import type { Db } from '../../../kernel/db/sql';

/** A control carried out (or under way) on one of the equipment's controllables. */
export interface HistoryRow {
  id: number;
  controlDate: string;
  state: 'in_progress' | 'done';
  controllableName: string;
  controllerName: string | null;
  nonConforming: number;
}

/** How many past controls the tab shows (the latest first). */
export const HISTORY_LIMIT = 100;

/** The controls of the equipment's controllables, latest first: date, state, who, how many non-conforming answers. */
export function equipmentHistory(db: Db, tenantId: number, equipmentId: number): Promise<HistoryRow[]> {
  return db.query(
    `SELECT k.id, to_char(k.control_date, 'YYYY-MM-DD') AS "controlDate", k.state, c.name AS "controllableName",
            CASE WHEN u.id IS NULL THEN NULL ELSE ${personNameSql('u')} END AS "controllerName",
            (SELECT count(*)::int FROM vgp_control_result r JOIN questionnaire_answer a ON a.id = r.answer_id
              WHERE r.control_id = k.id AND a.conforming = false) AS "nonConforming"
       FROM vgp_control k JOIN vgp_controllable c ON c.id = k.controllable_id LEFT JOIN app_user u ON u.id = k.controller_id
      WHERE k.tenant_id = $1 AND c.equipment_id = $2
      ORDER BY k.control_date DESC, k.id DESC LIMIT ${HISTORY_LIMIT}`, [tenantId, equipmentId]);
}

/** An action raised by one of the equipment's controls. */
export interface EquipmentActionRow {
  id: number;
  comments: string;
  status: string;
  deadline: string | null;
  assigneeName: string | null;
  controlId: number;
  controlDate: string;
}

/** The actions the equipment's controls raised (source `vgp_control`), open ones first, then by deadline. */
export function equipmentActions(db: Db, tenantId: number, equipmentId: number): Promise<EquipmentActionRow[]> {
  return db.query(
    `SELECT a.id, a.comments, a.status, to_char(a.deadline, 'YYYY-MM-DD') AS deadline,
            CASE WHEN u.id IS NULL THEN NULL ELSE ${personNameSql('u')} END AS "assigneeName",
            k.id AS "controlId", to_char(k.control_date, 'YYYY-MM-DD') AS "controlDate"
       FROM vgp_control k JOIN vgp_controllable c ON c.id = k.controllable_id
       JOIN action a ON a.tenant_id = k.tenant_id AND a.source_type = 'vgp_control' AND a.source_id = k.id
       LEFT JOIN app_user u ON u.id = a.assignee_id
      WHERE k.tenant_id = $1 AND c.equipment_id = $2
      ORDER BY (a.status IN ('CLOSED', 'ABANDONED')), a.deadline NULLS LAST, a.id`, [tenantId, equipmentId]);
}
