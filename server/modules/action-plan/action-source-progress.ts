import type { DataSource, EntityManager } from 'typeorm';

/** Statuses an action counts as done in a source's progress (treated, then closed). */
export const DONE_STATUSES = ['PROCESSED', 'CLOSED'] as const;

/** Progress of the actions linked to one source record: done / total, abandoned ones left out. */
export interface SourceProgress { done: number; total: number }

/**
 * The progress of the actions of many records of one source kind, in one query (a list page's
 * column): records without actions are absent from the map. Reads `IDX_action_tenant_source`.
 */
export async function progressForSources(em: EntityManager | DataSource, tenantId: number, sourceType: string, ids: number[]): Promise<Map<number, SourceProgress>> {
  const out = new Map<number, SourceProgress>();
  if (!ids.length) return out;
  const rows: Array<{ source_id: number; done: string; total: string }> = await em.query(
    `SELECT source_id, COUNT(*) FILTER (WHERE status = ANY($4::text[])) AS done, COUNT(*) AS total
       FROM action
      WHERE tenant_id = $1 AND source_type = $2 AND source_id = ANY($3::int[]) AND deleted_at IS NULL AND status <> 'ABANDONED'
      GROUP BY source_id`, [tenantId, sourceType, ids, [...DONE_STATUSES]]);
  for (const r of rows) out.set(Number(r.source_id), { done: Number(r.done), total: Number(r.total) });
  return out;
}

/** One action linked to a source record, with what the source's list of actions shows. */
export interface SourceActionLine {
  id: number; comments: string; status: string; level: string; immediate: boolean; deadline: string | null; assigneeName: string | null;
}

/** The actions linked to one source record, newest first, with their immediate flag. */
export async function sourceActionLines(em: EntityManager | DataSource, tenantId: number, sourceType: string, sourceId: number): Promise<SourceActionLine[]> {
  const rows = await em.query(
    `SELECT a.id, a.comments, a.status, a.level, a.immediate, a.deadline::text AS deadline,
            NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), '') AS assignee_name, u.username
       FROM action a LEFT JOIN app_user u ON u.id = a.assignee_id
      WHERE a.tenant_id = $1 AND a.source_type = $2 AND a.source_id = $3 AND a.deleted_at IS NULL
      ORDER BY a.id DESC`, [tenantId, sourceType, sourceId]);
  return rows.map((r: any) => ({
    id: r.id, comments: r.comments ?? '', status: r.status, level: r.level, immediate: !!r.immediate, deadline: r.deadline, assigneeName: r.assignee_name ?? r.username ?? null,
  }));
}
