import { z } from 'zod';
import { countUpTo, type CappedTotal } from '../../../kernel/db/count-up-to';
import type { Db } from '../../../kernel/db/sql';
import { queryEnum, queryId } from '../../../kernel/http/fields';
import type { PageRequest } from '../../../kernel/http/pagination';
import type { DuScope } from '../core/du-scope';

/** The list's filters, read from the query string (a bad value is ignored, never a 500). */
export const evaluationFilterSchema = z.object({
  item: queryId,
  workUnit: queryId,
  family: queryId,
  level: queryId,
  workstation: queryId,
  /** `1`: the archived evaluations instead of the current ones. */
  archived: queryEnum(['1']),
});
/** The list's filters. */
export type EvaluationFilters = z.infer<typeof evaluationFilterSchema>;

/** One line of the document. */
export interface EvaluationLine {
  id: number; itemName: string; hierarchyItemId: number; workUnitName: string; workstationName: string | null; familyLabel: string;
  dangerousSituation: string; gravityLabel: string; probabilityLabel: string; grossRisk: number; controlLabel: string; priorityRisk: number;
  levelLabel: string | null; levelColor: string | null; archived: boolean;
}

/** The entity and every entity below it: the document of a site holds its buildings' lines. */
async function itemAndBelow(db: Db, tenantId: number, itemId: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await db.query(
    `WITH RECURSIVE below AS (
       SELECT id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1 AND deleted_at IS NULL
       UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1 AND c.deleted_at IS NULL)
     SELECT id FROM below`, [tenantId, itemId]);
  return rows.map((r) => r.id);
}

/** The WHERE clause of the list and its parameters (shared by the rows and their count). */
function whereOf(tenantId: number, scope: DuScope, f: EvaluationFilters, itemIds: number[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [tenantId, f.archived === '1'];
  const cond = ['e.tenant_id = $1', 'e.archived = $2', 'e.deleted_at IS NULL'];
  const add = (sql: string, value: unknown) => { params.push(value); cond.push(sql.replace('?', `$${params.length}`)); };
  if (!scope.unrestricted) add('e.hierarchy_item_id = ANY(?::int[])', scope.itemIds);
  if (f.item) add('e.hierarchy_item_id = ANY(?::int[])', itemIds);
  if (f.workUnit) add('e.work_unit_id = ?', f.workUnit);
  if (f.family) add('e.danger_family_id = ?', f.family);
  if (f.level) add('e.priority_level_id = ?', f.level);
  if (f.workstation) add('e.workstation_id = ?', f.workstation);
  return { sql: cond.join(' AND '), params };
}

/**
 * A page of the document, most critical first (priority risk, then newest), read in that order from
 * `IDX_risk_evaluation_list` (scanned backwards), and its total counted up to the cap: the page
 * costs the same however many evaluations the company holds.
 */
export async function listEvaluations(db: Db, tenantId: number, scope: DuScope, filters: EvaluationFilters, page: PageRequest): Promise<{ rows: EvaluationLine[]; total: CappedTotal }> {
  const where = whereOf(tenantId, scope, filters, filters.item ? await itemAndBelow(db, tenantId, filters.item) : []);
  const [rows, total] = await Promise.all([
    db.query(
      `SELECT e.id, e.hierarchy_item_id, e.dangerous_situation, e.gross_risk, e.priority_risk, e.archived,
              i.name AS item_name, u.name AS work_unit_name, w.name AS workstation_name, f.label AS family_label,
              g.label AS gravity_label, p.label AS probability_label, c.label AS control_label, l.label AS level_label, l.color AS level_color
         FROM risk_evaluation e
         JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
         JOIN work_unit u ON u.id = e.work_unit_id
         LEFT JOIN du_workstation w ON w.id = e.workstation_id
         JOIN du_danger_family f ON f.id = e.danger_family_id
         JOIN du_scale_value g ON g.id = e.gravity_id
         JOIN du_scale_value p ON p.id = e.probability_id
         JOIN du_scale_value c ON c.id = e.control_id
         LEFT JOIN du_priority_level l ON l.id = e.priority_level_id
        WHERE ${where.sql}
        ORDER BY e.priority_risk DESC, e.id DESC
        LIMIT ${page.perPage} OFFSET ${page.offset}`, where.params),
    countUpTo(db, `FROM risk_evaluation e WHERE ${where.sql}`, where.params),
  ]);
  return {
    total,
    rows: rows.map((r: Record<string, any>) => ({
      id: r.id, itemName: r.item_name, hierarchyItemId: r.hierarchy_item_id, workUnitName: r.work_unit_name, workstationName: r.workstation_name,
      familyLabel: r.family_label, dangerousSituation: r.dangerous_situation, gravityLabel: r.gravity_label, probabilityLabel: r.probability_label,
      grossRisk: r.gross_risk, controlLabel: r.control_label, priorityRisk: r.priority_risk, levelLabel: r.level_label, levelColor: r.level_color, archived: r.archived,
    })),
  };
}
