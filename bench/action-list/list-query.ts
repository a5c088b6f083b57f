/**
 * The action list query of the benchmark, written out by hand for the bare server: the same
 * filter, sort, page size and total count as `listActions` (server/modules/action-plan/action-list.service.ts)
 * for a user who sees the whole company.
 */
export const PAGE_SIZE = 50;

/** Total count of the filtered list. */
export const COUNT_SQL = `SELECT count(*)::int AS total FROM action a
  WHERE a.tenant_id = $1 AND a.deleted_at IS NULL AND a.archived = false AND a.status = $2`;

/** One page of the filtered list, sorted by deadline. */
export const PAGE_SQL = `SELECT a.id, a.status, a.level, a.comments, a.deadline::text AS deadline,
       NULLIF(trim(ua.first_name || ' ' || ua.last_name), '') AS assignee_name,
       hi.name AS item_name, sv.name AS service_name, a.source_type
  FROM action a
  LEFT JOIN app_user ua ON ua.id = a.assignee_id
  LEFT JOIN hierarchy_item hi ON hi.id = a.hierarchy_item_id
  LEFT JOIN service sv ON sv.id = a.service_id
  WHERE a.tenant_id = $1 AND a.deleted_at IS NULL AND a.archived = false AND a.status = $2
  ORDER BY a.deadline ASC NULLS LAST, a.id ASC
  LIMIT ${PAGE_SIZE} OFFSET 0`;

/** The filter the benchmark asks for (query string of the app's list page). */
export const FILTER = { status: 'IN_PROGRESS', sort: 'deadline', dir: 'asc', perPage: String(PAGE_SIZE) };
