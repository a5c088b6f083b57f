import { rowsOf, type Db } from '../../../kernel/db/sql';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';
import { userInTenant } from '../../../kernel/tenancy';
import type { Option } from './lockout-options';

/**
 * Enabled users of the company, by name: those holding `right` (officers, work managers), or every
 * one when `right` is null (ordering customer, staff). 500 at most.
 */
export async function userOptions(db: Db, tenantId: number, right: string | null): Promise<Option[]> {
  const rows = rowsOf<{ id: number; first_name: string; last_name: string; username: string }>(await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE u.enabled AND ${userInTenant('u', '$1')}${right ? ` AND ${holdsRightSql('u', '$1', '$2')}` : ''}
      ORDER BY u.last_name, u.first_name, u.id LIMIT 500`, right ? [tenantId, right] : [tenantId]));
  return rows.map((r) => ({ value: r.id, label: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}
