import type { DataSource } from 'typeorm';
import type { PageRequest } from '../../kernel/http/pagination';

/** Filters of the audit log: user, event kind, date range (inclusive, Paris days). */
export interface AuditFilters {
  userId: number | null;
  event: string;
  from: Date | null;
  to: Date | null;
}

/** The audit rows of a company, newest first. */
export async function listAudit(db: DataSource, tenantId: number, f: AuditFilters, page: PageRequest): Promise<{ rows: Array<Record<string, any>>; total: number }> {
  const where = ['a.tenant_id = $1'];
  const params: unknown[] = [tenantId];
  const add = (sql: string, value: unknown) => { params.push(value); where.push(sql.replace('?', `$${params.length}`)); };
  if (f.userId) add('a.user_id = ?', f.userId);
  if (f.event) add('a.event = ?', f.event);
  if (f.from) add('a.created_at >= ?', f.from);
  if (f.to) add('a.created_at < ?', f.to);
  const sql = where.join(' AND ');
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM audit_entry a WHERE ${sql}`, params);
  const rows = await db.query(
    `SELECT a.id, a.event, a.ip, a.detail, a.created_at, u.first_name, u.last_name, u.username
       FROM audit_entry a LEFT JOIN app_user u ON u.id = a.user_id WHERE ${sql}
      ORDER BY a.created_at DESC, a.id DESC LIMIT ${page.perPage} OFFSET ${page.offset}`,
    params,
  );
  return { rows, total };
}
