import type { DataSource, EntityManager } from 'typeorm';
import { todayIso } from '../../kernel/clock';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { dueDateSql, ppspsDueState, type DueState } from './ppsps-due';

type Db = DataSource | EntityManager;

/** Filters of the list, as read from the query string (dates ISO). */
export interface PpspsFilters {
  q: string;
  status: string;
  item: number | null;
  from: string;
  to: string;
  archived: 'no' | 'yes' | 'all';
}

/** One row of the list. */
export interface PpspsRow {
  id: number;
  number: string;
  status: string;
  archived: boolean;
  startDate: string | null;
  endDate: string | null;
  siteName: string | null;
  correspondentName: string | null;
  tiersName: string | null;
  natureOfOperations: string | null;
  dueDate: string | null;
  dueState: DueState;
}

/**
 * SQL restriction (alias `p`) to the PPSPS the user sees, the `view` rule of ppsps.policy.ts:
 * involved (creator, correspondent, substitute, contact of a company on it) or ppsps.view_all.
 */
export function visiblePpspsSql(user: AuthUser, params: unknown[]): string {
  if (can(user, 'ppsps.view_all')) return 'TRUE';
  params.push(user.id);
  const me = `$${params.length}`;
  return `(p.created_by_id = ${me} OR p.correspondent_id = ${me}
    OR EXISTS (SELECT 1 FROM ppsps_substitute s WHERE s.ppsps_id = p.id AND s.user_id = ${me})
    OR EXISTS (SELECT 1 FROM ppsps_company pc JOIN contact c ON c.id = pc.contact_id WHERE pc.ppsps_id = p.id AND c.user_id = ${me}))`;
}

/** One page of the PPSPS the user sees, filtered; newest start first. */
export async function listPpsps(db: Db, user: AuthUser, f: PpspsFilters, page: { perPage: number; offset: number }, today = todayIso()): Promise<{ rows: PpspsRow[]; total: number }> {
  const params: unknown[] = [user.tenantId];
  const where = ['p.tenant_id = $1', 'p.deleted_at IS NULL', visiblePpspsSql(user, params)];
  const add = (sql: (n: string) => string, value: unknown) => { params.push(value); where.push(sql(`$${params.length}`)); };
  if (f.q) add((n) => `(p.number ILIKE ${n} OR p.nature_of_operations ILIKE ${n} OR p.address ILIKE ${n})`, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.status) add((n) => `p.status = ${n}`, f.status);
  if (f.item) add((n) => `(p.hierarchy_item_id = ${n} OR p.entity_id = ${n})`, f.item);
  // A PPSPS is kept when its period meets [from, to].
  if (f.from) add((n) => `coalesce(p.end_date, p.start_date) >= ${n}::date`, f.from);
  if (f.to) add((n) => `p.start_date <= ${n}::date`, f.to);
  if (f.archived !== 'all') where.push(f.archived === 'yes' ? 'p.archived' : 'NOT p.archived');
  const sqlWhere = where.join(' AND ');
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM ppsps p WHERE ${sqlWhere}`, params);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT p.id, p.number, p.status, p.archived, to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso,
            to_char(p.contract_signed_date, 'YYYY-MM-DD') AS contract_iso, p.second_oeuvre_without_risks AS light,
            to_char(${dueDateSql('p')}, 'YYYY-MM-DD') AS due_iso, hi.name AS site_name, ti.name AS tiers_name, p.nature_of_operations,
            coalesce(NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) AS correspondent_name
       FROM ppsps p
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN tiers ti ON ti.id = p.tiers_id
       LEFT JOIN app_user u ON u.id = p.correspondent_id
      WHERE ${sqlWhere}
      ORDER BY p.start_date DESC NULLS FIRST, p.id DESC
      LIMIT ${Number(page.perPage)} OFFSET ${Number(page.offset)}`, params);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, number: r.number, status: r.status, archived: r.archived, startDate: r.start_iso, endDate: r.end_iso,
      siteName: r.site_name, correspondentName: r.correspondent_name, tiersName: r.tiers_name, natureOfOperations: r.nature_of_operations,
      dueDate: r.due_iso, dueState: ppspsDueState({ status: r.status, contractSignedDate: r.contract_iso, secondOeuvreWithoutRisks: r.light }, today),
    })),
  };
}
