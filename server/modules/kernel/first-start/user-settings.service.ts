import { clock } from '../../../kernel/clock';
import type { Db } from '../../../kernel/db/sql';

/** The value of a user's setting in a company, or null when never set. */
export async function userSetting(db: Db, tenantId: number, userId: number, key: string): Promise<string | null> {
  const [row] = await db.query('SELECT value FROM user_setting WHERE tenant_id = $1 AND user_id = $2 AND key = $3', [tenantId, userId, key]);
  return row ? String(row.value) : null;
}

/** Sets a user's setting in a company (created or replaced). */
export async function setUserSetting(db: Db, tenantId: number, userId: number, key: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO user_setting (tenant_id, user_id, key, value, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, user_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [tenantId, userId, key, value.slice(0, 255), clock.now()]);
}
