import type { Db } from '../../../kernel/db/sql';
import type { DuScope } from '../core/du-scope';

/** How the indicators group the document's current lines. */
export type IndicatorGroup = 'work_unit' | 'danger_family' | 'workstation' | 'hierarchy';

/** The groups, with their column and the table naming them. */
export const GROUPS: Record<IndicatorGroup, { column: string; join: string; name: string; filter: string }> = {
  work_unit: { column: 'e.work_unit_id', join: 'LEFT JOIN work_unit g ON g.id = e.work_unit_id', name: 'g.name', filter: 'workUnit' },
  danger_family: { column: 'e.danger_family_id', join: 'LEFT JOIN du_danger_family g ON g.id = e.danger_family_id', name: 'g.label', filter: 'family' },
  workstation: { column: 'e.workstation_id', join: 'LEFT JOIN du_workstation g ON g.id = e.workstation_id', name: 'g.name', filter: 'workstation' },
  hierarchy: { column: 'e.hierarchy_item_id', join: 'LEFT JOIN hierarchy_item g ON g.id = e.hierarchy_item_id', name: 'g.name', filter: 'item' },
};

/** One group's count of lines at one level (null: no level covers its priority risk). */
export interface GroupLevelCount { groupId: number | null; groupName: string | null; levelId: number | null; count: number }

/**
 * The current (not archived, not trashed) evaluations the user sees, counted per group and priority
 * level in one query (`GROUP BY` on the group's foreign key and `priority_level_id`).
 */
export async function countByGroupAndLevel(db: Db, tenantId: number, scope: DuScope, group: IndicatorGroup): Promise<GroupLevelCount[]> {
  const g = GROUPS[group];
  const params: unknown[] = [tenantId];
  let where = 'e.tenant_id = $1 AND e.archived = false AND e.deleted_at IS NULL';
  if (!scope.unrestricted) { params.push(scope.itemIds); where += ' AND e.hierarchy_item_id = ANY($2::int[])'; }
  const rows: Array<{ group_id: number | null; group_name: string | null; level_id: number | null; count: number }> = await db.query(
    `SELECT ${g.column} AS group_id, ${g.name} AS group_name, e.priority_level_id AS level_id, count(*)::int AS count
       FROM risk_evaluation e ${g.join}
      WHERE ${where}
      GROUP BY ${g.column}, ${g.name}, e.priority_level_id`, params);
  return rows.map((r) => ({ groupId: r.group_id, groupName: r.group_name, levelId: r.level_id, count: Number(r.count) }));
}
