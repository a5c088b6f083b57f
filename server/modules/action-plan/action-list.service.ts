import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import type { PageRequest } from '../../kernel/http/pagination';
import { recordHistory } from '../../kernel/history/history.service';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { softDelete } from '../../kernel/trash/trash';
import { ACTION_STATUSES } from './action.entity';
import { loadScope, type ActionScope } from './action-scope';
import { OPEN_STATUSES } from './action-plan.policy';
import { toIsoDate, type ActionFilters } from './action-plan.schema';
import { countUpTo, type CappedTotal } from '../../kernel/db/count-up-to';

type Db = DataSource | EntityManager;

/** One row of the action plan list (and of the CSV). */
export interface ActionRow {
  id: number;
  status: string;
  level: string;
  comments: string;
  complement: string | null;
  immediate: boolean;
  deadline: string | null;
  closureDate: string | null;
  assigneeName: string | null;
  creatorName: string | null;
  hierarchyItemName: string | null;
  serviceName: string | null;
  sourceType: string | null;
  sourceId: number | null;
  archived: boolean;
  createdAt: Date;
}

/** How the list is asked for: its filters, the hierarchy items picked, "my actions" or the plan. */
export interface ListRequest {
  filters: ActionFilters;
  /** Items chosen in the hierarchy filter (their descendants count too). */
  itemIds: number[];
  /** "My actions": assigned to or created by the user, whatever their rights. */
  mine: boolean;
}

const LEVEL_RANK = `CASE a.level WHEN 'urgent' THEN 3 WHEN 'high' THEN 2 ELSE 1 END`;
const STATUS_RANK = `array_position(ARRAY[${ACTION_STATUSES.map((s) => `'${s}'`).join(',')}]::varchar[], a.status)`;
const ORDER: Record<string, (dir: string) => string> = {
  id: (d) => `a.id ${d}`,
  deadline: (d) => `a.deadline ${d} NULLS LAST, a.id ${d}`,
  level: (d) => `${LEVEL_RANK} ${d}, a.id DESC`,
  status: (d) => `${STATUS_RANK} ${d}, a.id DESC`,
  created: (d) => `a.created_at ${d}, a.id ${d}`,
  closure: (d) => `a.closure_date ${d} NULLS LAST, a.id ${d}`,
  assignee: (d) => `ua.last_name ${d} NULLS LAST, ua.first_name ${d}, a.id DESC`,
};

/** A SQL condition and its parameters, numbered from `start`. */
class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: (p: (value: unknown) => string) => string): void {
    this.parts.push(sql((value) => { this.params.push(value); return `$${this.params.length}`; }));
  }
  toString(): string { return this.parts.length ? this.parts.join(' AND ') : 'TRUE'; }
}

/**
 * The visibility rule of action-plan.policy.ts as SQL: creator, assignee, or `action.view_all`
 * within the scope (an action attached to nothing is in every scope).
 */
function visibility(w: Where, user: AuthUser, scope: ActionScope): void {
  const viewAll = can(user, 'action.view_all');
  if (viewAll && scope.unrestricted) return;
  w.add((p) => {
    const me = p(user.id);
    const mine = `a.creator_id = ${me} OR a.assignee_id = ${me}`;
    if (!viewAll) return `(${mine})`;
    return `(${mine} OR (a.hierarchy_item_id IS NULL AND a.service_id IS NULL) OR a.hierarchy_item_id = ANY(${p(scope.itemIds)}::int[]) OR a.service_id = ANY(${p(scope.serviceIds)}::int[]))`;
  });
}

/** The chosen hierarchy items and every live item below them. */
async function withDescendants(db: Db, tenantId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows: Array<{ id: number }> = await db.query(
    `WITH RECURSIVE below AS (
       SELECT id FROM hierarchy_item WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL
       UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.tenant_id = $1 AND c.deleted_at IS NULL)
     SELECT id FROM below`, [tenantId, ids]);
  return rows.map((r) => r.id);
}

async function buildWhere(db: Db, user: AuthUser, req: ListRequest): Promise<Where> {
  const f = req.filters;
  const w = new Where();
  w.add((p) => `a.tenant_id = ${p(user.tenantId)} AND a.deleted_at IS NULL`);
  if (req.mine) {
    const me = f.who === 'assigned' ? 'a.assignee_id = $ME' : f.who === 'created' ? 'a.creator_id = $ME' : '(a.assignee_id = $ME OR a.creator_id = $ME)';
    w.add((p) => { const id = p(user.id); return me.replaceAll('$ME', () => id); });
    if (f.open === '1' && !f.status) w.add((p) => `a.status = ANY(${p(OPEN_STATUSES)}::varchar[])`);
  } else {
    visibility(w, user, await loadScope(db, user));
  }
  w.add((p) => `a.archived = ${p(f.archived === '1')}`);
  if (f.status) w.add((p) => `a.status = ${p(f.status)}`);
  if (f.level) w.add((p) => `a.level = ${p(f.level)}`);
  if (f.assignee) w.add((p) => `a.assignee_id = ${p(f.assignee)}`);
  const from = f.deadlineFrom ? toIsoDate(f.deadlineFrom) : null;
  const to = f.deadlineTo ? toIsoDate(f.deadlineTo) : null;
  if (from) w.add((p) => `a.deadline >= ${p(from)}::date`);
  if (to) w.add((p) => `a.deadline <= ${p(to)}::date`);
  if (f.source === 'none') w.add(() => 'a.source_type IS NULL');
  else if (f.source) w.add((p) => `a.source_type = ${p(f.source)}`);
  if (f.q) w.add((p) => `(a.comments ILIKE ${p(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} OR a.id::text = ${p(f.q.replace(/^#/, ''))})`);
  if (req.itemIds.length) {
    const items = await withDescendants(db, user.tenantId, req.itemIds);
    w.add((p) => `a.hierarchy_item_id = ANY(${p(items)}::int[])`);
  }
  return w;
}

function orderBy(f: ActionFilters): string {
  const sort = f.sort || 'id';
  const dir = f.dir === 'asc' ? 'ASC' : f.dir === 'desc' ? 'DESC' : (sort === 'deadline' ? 'ASC' : 'DESC');
  return ORDER[sort](dir);
}

const SELECT = `SELECT a.id, a.status, a.level, a.comments, a.complement, a.immediate, a.deadline::text AS deadline, a.closure_date::text AS closure_date,
       NULLIF(trim(ua.first_name || ' ' || ua.last_name), '') AS assignee_name, NULLIF(trim(uc.first_name || ' ' || uc.last_name), '') AS creator_name,
       hi.name AS item_name, sv.name AS service_name, a.source_type, a.source_id, a.archived, a.created_at
  FROM action a
  LEFT JOIN app_user ua ON ua.id = a.assignee_id
  LEFT JOIN app_user uc ON uc.id = a.creator_id
  LEFT JOIN hierarchy_item hi ON hi.id = a.hierarchy_item_id
  LEFT JOIN service sv ON sv.id = a.service_id`;

function toRow(r: Record<string, any>): ActionRow {
  return {
    id: r.id, status: r.status, level: r.level, comments: r.comments, complement: r.complement, immediate: r.immediate, deadline: r.deadline,
    closureDate: r.closure_date, assigneeName: r.assignee_name, creatorName: r.creator_name, hierarchyItemName: r.item_name,
    serviceName: r.service_name, sourceType: r.source_type, sourceId: r.source_id, archived: r.archived, createdAt: r.created_at,
  };
}

/** One page of the list and the total count, with the user's visibility applied. */
export async function listActions(db: Db, user: AuthUser, req: ListRequest, page: PageRequest): Promise<{ rows: ActionRow[]; total: CappedTotal }> {
  const w = await buildWhere(db, user, req);
  // Two pool connections answer the count and the page at the same time.
  const [total, rows] = await Promise.all([
    countUpTo(db, `FROM action a WHERE ${w}`, w.params),
    db.query(`${SELECT} WHERE ${w} ORDER BY ${orderBy(req.filters)} LIMIT ${page.perPage} OFFSET ${page.offset}`, w.params),
  ]);
  return { rows: (rows as Record<string, any>[]).map(toRow), total };
}

/** What the dashboards group the filtered list by. */
export type ActionGroup = 'status' | 'level';

/** The filtered list (visibility applied) counted per status or level (dashboard widgets). */
export async function countActionsBy(db: Db, user: AuthUser, req: ListRequest, group: ActionGroup): Promise<Map<string, number>> {
  const w = await buildWhere(db, user, req);
  const column = group === 'status' ? 'a.status' : 'a.level';
  const rows: Array<{ key: string; count: number }> = await db.query(`SELECT ${column} AS key, count(*)::int AS count FROM action a WHERE ${w} GROUP BY ${column}`, w.params);
  return new Map(rows.map((r) => [r.key, r.count]));
}

/** The first `limit` rows of the filtered list in the given order, without the total (dashboard tables). */
export async function firstActions(db: Db, user: AuthUser, req: ListRequest, limit: number, extraWhere?: string): Promise<ActionRow[]> {
  const w = await buildWhere(db, user, req);
  const rows = await db.query(`${SELECT} WHERE ${w}${extraWhere ? ` AND ${extraWhere}` : ''} ORDER BY ${orderBy(req.filters)} LIMIT ${Number(limit)}`, w.params);
  return rows.map(toRow);
}

/** Every row of the filtered list, in batches (the CSV export). */
export async function* iterateActions(db: Db, user: AuthUser, req: ListRequest, batch = 2000): AsyncGenerator<ActionRow[]> {
  const w = await buildWhere(db, user, req);
  for (let offset = 0; ; offset += batch) {
    const rows = await db.query(`${SELECT} WHERE ${w} ORDER BY ${orderBy(req.filters)} LIMIT ${batch} OFFSET ${offset}`, w.params);
    if (rows.length) yield rows.map(toRow);
    if (rows.length < batch) return;
  }
}

/** Outcome of a bulk action: how many rows changed, how many were left as they were. */
export interface BulkResult { done: number; skipped: number }

async function subjects(db: Db, tenantId: number, ids: number[]): Promise<Array<{ id: number; status: string; creatorId: number; assigneeId: number | null; hierarchyItemId: number | null; serviceId: number | null; archived: boolean; comments: string }>> {
  const rows = await db.query(
    `SELECT id, status, creator_id, assignee_id, hierarchy_item_id, service_id, archived, comments FROM action
      WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL ORDER BY id`, [tenantId, ids]);
  return rows.map((r: any) => ({ id: r.id, status: r.status, creatorId: r.creator_id, assigneeId: r.assignee_id, hierarchyItemId: r.hierarchy_item_id, serviceId: r.service_id, archived: r.archived, comments: r.comments }));
}

/** Archives (or brings back) the selected finished actions the user may archive; others are skipped. */
export async function setArchived(db: DataSource, user: AuthUser, ids: number[], archived: boolean): Promise<BulkResult> {
  await loadScope(db, user);
  return db.transaction(async (m) => {
    let done = 0;
    const found = await subjects(m, user.tenantId, ids);
    for (const a of found) {
      if (a.archived === archived || !can(user, 'action.archive', a)) continue;
      await m.query('UPDATE action SET archived = $3, version = version + 1, updated_at = $4 WHERE id = $1 AND tenant_id = $2', [a.id, user.tenantId, archived, clock.now()]);
      await recordHistory(m, { tenantId: user.tenantId, subjectType: 'action', subjectId: a.id, transition: archived ? 'archive' : 'unarchive', userId: user.id });
      done++;
    }
    return { done, skipped: ids.length - done };
  });
}

/** Moves the selected drafts the user may delete to the shared trash; others are skipped. */
export async function trashDrafts(db: DataSource, user: AuthUser, ids: number[], title: (a: { id: number; comments: string }) => string): Promise<BulkResult> {
  await loadScope(db, user);
  return db.transaction(async (m) => {
    let done = 0;
    for (const a of await subjects(m, user.tenantId, ids)) {
      if (!can(user, 'action.delete_drafts', a)) continue;
      if (await softDelete(m, { table: 'action', id: a.id, tenantId: user.tenantId, title: title(a), userId: user.id })) done++;
    }
    return { done, skipped: ids.length - done };
  });
}
