import type { DataSource, EntityManager } from 'typeorm';
import { parseFrenchDate } from '../../kernel/i18n/format';
import type { PageRequest } from '../../kernel/http/pagination';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { visibleEventsSql } from './event.policy';
import type { ListFilters } from './event.schema';
import { EVENT_KINDS, EVENT_STATUSES } from './event.kinds';
import { countUpTo, type CappedTotal } from '../../kernel/db/count-up-to';

type Db = DataSource | EntityManager;

/** One line of the events list. */
export interface EventListRow {
  id: number; kind: string; typeName: string | null; subject: string; eventDate: string | null; status: string;
  serviceName: string | null; itemName: string | null; supervisorName: string | null; confidential: boolean; conformityRate: number | null;
}

const SORTS: Record<ListFilters['sort'], string> = {
  date: 'e.event_date', subject: 'lower(e.subject)', kind: 'e.kind', status: 'e.status', conformity: 'e.conformity_rate',
};

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const isoOf = (text: string) => { const d = text ? parseFrenchDate(text) : null; return d ? d.toISOString().slice(0, 10) : null; };

/**
 * The events `user` may see, filtered, sorted and paged, with the total. `onlyKind` restricts to one
 * kind (the construction-site list). The hierarchy item filter takes the item and everything below it.
 */
export async function listEvents(db: Db, tenantId: number, user: AuthUser, filters: ListFilters, page: PageRequest, onlyKind?: string): Promise<{ rows: EventListRow[]; total: CappedTotal }> {
  const params: unknown[] = [tenantId, user.id];
  const where = ['e.tenant_id = $1', 'e.deleted_at IS NULL', visibleEventsSql(user, '$2')];
  const add = (sql: (p: string) => string, value: unknown) => { params.push(value); where.push(sql(`$${params.length}`)); };
  const kind = onlyKind ?? filters.kind;
  if (kind?.startsWith('custom:')) {
    add((p) => `e.kind = 'custom' AND e.event_type_id = ${p}`, Number(kind.slice(7)));
  } else if (kind && (EVENT_KINDS as readonly string[]).includes(kind)) {
    add((p) => `e.kind = ${p}`, kind);
  }
  if (filters.status && (EVENT_STATUSES as readonly string[]).includes(filters.status)) add((p) => `e.status = ${p}`, filters.status);
  if (filters.q) add((p) => `e.subject ILIKE ${p}`, likePattern(filters.q));
  const from = isoOf(filters.from);
  const to = isoOf(filters.to);
  if (from) add((p) => `e.event_date >= ${p}`, from);
  if (to) add((p) => `e.event_date <= ${p}`, to);
  if (filters.service) add((p) => `e.service_id = ${p}`, filters.service);
  if (filters.item) {
    add((p) => `e.hierarchy_item_id IN (WITH RECURSIVE down AS (SELECT id FROM hierarchy_item WHERE id = ${p} AND tenant_id = $1
      UNION SELECT i.id FROM hierarchy_item i JOIN down ON i.parent_id = down.id) SELECT id FROM down)`, filters.item);
  }
  const clause = where.join(' AND ');
  const total = await countUpTo(db, `FROM event e WHERE ${clause}`, params);
  const order = `${SORTS[filters.sort]} ${filters.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, e.id ${filters.dir === 'asc' ? 'ASC' : 'DESC'}`;
  const rows = await db.query(
    `SELECT e.id, e.kind, t.name AS type_name, e.subject, to_char(e.event_date, 'YYYY-MM-DD') AS event_date, e.status, e.confidential, e.conformity_rate,
            s.name AS service_name, i.name AS item_name, NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS supervisor_name
       FROM event e
       LEFT JOIN event_type t ON t.id = e.event_type_id
       LEFT JOIN service s ON s.id = e.service_id
       LEFT JOIN hierarchy_item i ON i.id = e.hierarchy_item_id
       LEFT JOIN app_user u ON u.id = e.supervisor_id
      WHERE ${clause} ORDER BY ${order} LIMIT ${page.perPage} OFFSET ${page.offset}`, params);
  return {
    total,
    rows: rows.map((r: any) => ({
      id: r.id, kind: r.kind, typeName: r.type_name, subject: r.subject, eventDate: r.event_date, status: r.status, serviceName: r.service_name,
      itemName: r.item_name, supervisorName: r.supervisor_name, confidential: r.confidential, conformityRate: r.conformity_rate === null ? null : Number(r.conformity_rate),
    })),
  };
}
