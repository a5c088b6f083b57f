import { todayIso } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { intSetting } from '../../../kernel/settings/settings';

/** Staff from which the PAPRIPACT is shown (Code du travail L4121-3-1: companies of 50 employees or more). */
export const PAPRIPACT_THRESHOLD = 50;

/**
 * The company's active employees, read from the HR module's `employee` table (a small query of the
 * part, as arduousness does: the HR module has no door): not in the trash, no exit date or an exit
 * date today or later.
 */
export async function activeEmployeeCount(db: Db, tenantId: number): Promise<number> {
  const [r] = await db.query(
    `SELECT count(*)::int AS n FROM employee WHERE tenant_id = $1 AND deleted_at IS NULL AND (exit_date IS NULL OR exit_date >= $2::date)`,
    [tenantId, todayIso()]);
  return r.n;
}

/**
 * The company's staff for the threshold: its active employees in HR, or the declared headcount
 * (global setting `declared_headcount`, 0 by default) when it is higher, for a company whose staff
 * is not all in the HR module.
 */
export async function papripactStaff(db: Db, tenantId: number): Promise<number> {
  return Math.max(await activeEmployeeCount(db, tenantId), await intSetting(db, tenantId, 'declared_headcount'));
}

/** True when the company has the staff for which the PAPRIPACT is due (at least 50). */
export async function papripactDue(db: Db, tenantId: number): Promise<boolean> {
  return (await papripactStaff(db, tenantId)) >= PAPRIPACT_THRESHOLD;
}

/** One line of the programme: an action of an evaluation, with the programme's own fields for the year. */
export interface PapripactLine {
  actionId: number; evaluationId: number; situation: string; itemName: string; workUnitName: string;
  priorityRisk: number; level: string; levelColor: string;
  measure: string; status: string; deadline: string | null; owner: string | null;
  conditions: string | null; indicator: string | null; cost: string | null; version: number;
}

/** The programme's filters: the entity (and those below), the year, the lowest priority risk kept. */
export interface PapripactFilters { itemId: number; year: number; minValue: number }

/**
 * The programme of an entity for a year: the actions (action plan, source `risk_evaluation`, not
 * abandoned, not in the trash) of the current evaluations (neither archived nor in the trash) of the
 * entity and the entities below it whose priority risk is at or above `minValue`; an action belongs
 * to a year by its deadline, an action without deadline still open to every year. Most critical first.
 */
export async function loadProgramme(db: Db, tenantId: number, f: PapripactFilters, actionId: number | null = null): Promise<PapripactLine[]> {
  const rows = await db.query(
    `WITH RECURSIVE below AS (
       SELECT id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL
       UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1 AND c.deleted_at IS NULL)
     SELECT a.id AS action_id, e.id AS evaluation_id, e.dangerous_situation, i.name AS item_name, u.name AS work_unit_name,
            e.priority_risk, coalesce(l.label, '') AS level, coalesce(l.color, '') AS level_color,
            a.comments, a.status, a.deadline::text AS deadline,
            NULLIF(TRIM(CONCAT_WS(' ', us.first_name, us.last_name)), '') AS owner_name, us.username,
            p.conditions, p.indicator, p.cost::text AS cost, coalesce(p.version, 0) AS version
       FROM risk_evaluation e
       JOIN below b ON b.id = e.hierarchy_item_id
       JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
       JOIN work_unit u ON u.id = e.work_unit_id
       LEFT JOIN du_priority_level l ON l.id = e.priority_level_id
       JOIN action a ON a.tenant_id = $1 AND a.source_type = 'risk_evaluation' AND a.source_id = e.id AND a.deleted_at IS NULL AND a.status <> 'ABANDONED'
       LEFT JOIN app_user us ON us.id = a.assignee_id
       LEFT JOIN du_papripact_line p ON p.tenant_id = $1 AND p.action_id = a.id AND p.year = $3
      WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND e.archived = false AND e.priority_risk >= $4
        AND (extract(year FROM a.deadline) = $3 OR (a.deadline IS NULL AND a.status NOT IN ('PROCESSED', 'CLOSED')))
        AND ($5::int IS NULL OR a.id = $5)
      ORDER BY e.priority_risk DESC, e.id DESC, a.deadline NULLS LAST, a.id`,
    [tenantId, f.itemId, f.year, f.minValue, actionId]);
  return rows.map((r: Record<string, any>) => ({
    actionId: r.action_id, evaluationId: r.evaluation_id, situation: r.dangerous_situation ?? '', itemName: r.item_name, workUnitName: r.work_unit_name,
    priorityRisk: r.priority_risk, level: r.level, levelColor: r.level_color,
    measure: r.comments ?? '', status: r.status, deadline: r.deadline, owner: r.owner_name ?? r.username ?? null,
    conditions: r.conditions, indicator: r.indicator, cost: r.cost, version: Number(r.version),
  }));
}

/** An evaluation of the programme's scope that has no measure in the year's programme yet. */
export interface UncoveredEvaluation { id: number; situation: string; itemName: string; workUnitName: string; priorityRisk: number; level: string; levelColor: string }

/**
 * The current evaluations of the entity and those below at or above `minValue` that have no action
 * in the year's programme (same rules as {@link loadProgramme}): where a measure is still to be
 * added. Most critical first.
 */
export async function uncoveredEvaluations(db: Db, tenantId: number, f: PapripactFilters): Promise<UncoveredEvaluation[]> {
  const rows = await db.query(
    `WITH RECURSIVE below AS (
       SELECT id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL
       UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1 AND c.deleted_at IS NULL)
     SELECT e.id, e.dangerous_situation, i.name AS item_name, u.name AS work_unit_name, e.priority_risk,
            coalesce(l.label, '') AS level, coalesce(l.color, '') AS level_color
       FROM risk_evaluation e
       JOIN below b ON b.id = e.hierarchy_item_id
       JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
       JOIN work_unit u ON u.id = e.work_unit_id
       LEFT JOIN du_priority_level l ON l.id = e.priority_level_id
      WHERE e.tenant_id = $1 AND e.deleted_at IS NULL AND e.archived = false AND e.priority_risk >= $4
        AND NOT EXISTS (SELECT 1 FROM action a WHERE a.tenant_id = $1 AND a.source_type = 'risk_evaluation' AND a.source_id = e.id
              AND a.deleted_at IS NULL AND a.status <> 'ABANDONED'
              AND (extract(year FROM a.deadline) = $3 OR (a.deadline IS NULL AND a.status NOT IN ('PROCESSED', 'CLOSED'))))
      ORDER BY e.priority_risk DESC, e.id DESC`,
    [tenantId, f.itemId, f.year, f.minValue]);
  return rows.map((r: Record<string, any>) => ({
    id: r.id, situation: r.dangerous_situation ?? '', itemName: r.item_name, workUnitName: r.work_unit_name,
    priorityRisk: r.priority_risk, level: r.level, levelColor: r.level_color,
  }));
}

/** The programme's fields of an action for a year, as typed. */
export interface PapripactInput { conditions: string | null; indicator: string | null; cost: string | null; version: number }

/**
 * Saves the programme's fields of an action for a year; `version` is the one read (0: none yet).
 * False when someone saved in between (optimistic lock).
 */
export async function saveLine(db: Db, tenantId: number, actionId: number, year: number, input: PapripactInput): Promise<boolean> {
  if (input.version === 0) {
    const inserted = rowsOf(await db.query(
      `INSERT INTO du_papripact_line (tenant_id, action_id, year, conditions, indicator, cost) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, action_id, year) DO NOTHING RETURNING id`,
      [tenantId, actionId, year, input.conditions, input.indicator, input.cost]));
    return inserted.length === 1;
  }
  const updated = rowsOf(await db.query(
    `UPDATE du_papripact_line SET conditions = $5, indicator = $6, cost = $7, version = version + 1, updated_at = now()
      WHERE tenant_id = $1 AND action_id = $2 AND year = $3 AND version = $4 RETURNING id`,
    [tenantId, actionId, year, input.version, input.conditions, input.indicator, input.cost]));
  return updated.length === 1;
}

/** The entity of the evaluation an action of source `risk_evaluation` comes from (null: no such action of the company). */
export async function actionEntity(db: Db, tenantId: number, actionId: number): Promise<number | null> {
  const [r] = await db.query(
    `SELECT e.hierarchy_item_id FROM action a JOIN risk_evaluation e ON e.id = a.source_id AND e.tenant_id = $1 AND e.deleted_at IS NULL
      WHERE a.id = $2 AND a.tenant_id = $1 AND a.source_type = 'risk_evaluation' AND a.deleted_at IS NULL`, [tenantId, actionId]);
  return r?.hierarchy_item_id ?? null;
}
