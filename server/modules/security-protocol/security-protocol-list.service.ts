import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';

type Db = DataSource | EntityManager;

/** Filters of the list, as read from the query string (dates `YYYY-MM-DD` or ''). */
export interface ProtocolFilters {
  q: string;
  status: string;
  item: number | null;
  from: string;
  to: string;
  archived: 'no' | 'yes' | 'all';
}

/** One row of the list. */
export interface ProtocolRow {
  id: number;
  pdsNumber: string;
  natureOfGoods: string;
  status: string;
  archived: boolean;
  operationType: string | null;
  startDate: string | null;
  endDate: string | null;
  itemName: string | null;
  companyLabel: string | null;
  responsibleName: string | null;
}

/**
 * SQL restriction (alias `p`) to the protocols the user may see, mirroring the `view` rule of
 * security-protocol.policy.ts. Pushes its parameters onto `params`.
 */
export function visibleSql(user: AuthUser, params: unknown[]): string {
  if (can(user, 'pds.view_all') || can(user, 'pds.manage')) return 'TRUE';
  params.push(user.id);
  const me = `$${params.length}`;
  return `(p.created_by_id = ${me} OR p.responsible_id = ${me}
    OR EXISTS (SELECT 1 FROM security_protocol_substitute s WHERE s.protocol_id = p.id AND s.user_id = ${me})
    OR EXISTS (SELECT 1 FROM security_protocol_company pc JOIN contact c ON c.id = pc.contact_id WHERE pc.protocol_id = p.id AND c.user_id = ${me}))`;
}

/** One page of the protocols the user sees, filtered; newest start first. */
export async function listProtocols(db: Db, user: AuthUser, f: ProtocolFilters, page: { perPage: number; offset: number }): Promise<{ rows: ProtocolRow[]; total: number }> {
  const params: unknown[] = [user.tenantId];
  const where = ['p.tenant_id = $1', 'p.deleted_at IS NULL', visibleSql(user, params)];
  const add = (sql: (n: string) => string, value: unknown) => { params.push(value); where.push(sql(`$${params.length}`)); };
  if (f.q) {
    add((n) => `(p.pds_number ILIKE ${n} OR p.nature_of_goods ILIKE ${n} OR p.company_name ILIKE ${n} OR t.name ILIKE ${n}
      OR EXISTS (SELECT 1 FROM security_protocol_company pc WHERE pc.protocol_id = p.id AND pc.name ILIKE ${n}))`,
    `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  if (f.item) add((n) => `p.hierarchy_item_id = ${n}`, f.item);
  // A protocol is kept when its period meets [from, to].
  if (f.from) add((n) => `coalesce(p.end_date, p.start_date) >= ${n}::date`, f.from);
  if (f.to) add((n) => `p.start_date <= ${n}::date`, f.to);
  if (f.archived !== 'all') where.push(f.archived === 'yes' ? 'p.archived' : 'NOT p.archived');
  const from = `FROM security_protocol p
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN tiers t ON t.id = p.company_tiers_id
       LEFT JOIN app_user u ON u.id = p.responsible_id
      WHERE ${where.join(' AND ')}`;
  const [{ total }] = await db.query(`SELECT count(*)::int AS total ${from}`, params);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.pds_number, p.nature_of_goods, p.status, p.archived, p.operation_type,
            to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso,
            hi.name AS item_name, coalesce(t.name, p.company_name) AS company_label,
            coalesce(NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) AS responsible_name
       ${from}
      ORDER BY p.start_date DESC NULLS FIRST, p.id DESC
      LIMIT ${Number(page.perPage)} OFFSET ${Number(page.offset)}`, params);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, pdsNumber: r.pds_number, natureOfGoods: r.nature_of_goods, status: r.status, archived: r.archived, operationType: r.operation_type,
      startDate: r.start_iso, endDate: r.end_iso, itemName: r.item_name, companyLabel: r.company_label, responsibleName: r.responsible_name,
    })),
  };
}

/** How many protocols the user sees in each state (not archived, not in the trash): the state indicator. */
export async function countByStatus(db: Db, user: AuthUser): Promise<Record<string, number>> {
  const params: unknown[] = [user.tenantId];
  const rows: Array<{ status: string; n: number }> = await db.query(
    `SELECT p.status, count(*)::int AS n FROM security_protocol p
      WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND NOT p.archived AND ${visibleSql(user, params)} GROUP BY p.status`, params);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
