import type { DataSource, EntityManager } from 'typeorm';
import { intSetting } from '../settings/settings';

/**
 * The minimum password length in force: the `password_min_length` setting of the company (of
 * the given user's home company), its declared default otherwise (seed 002 §9, value not shown).
 */
export async function passwordMinLength(db: DataSource | EntityManager, who: { tenantId: number } | { userId: number | null }): Promise<number> {
  let tenantId: number | null = 'tenantId' in who ? who.tenantId : null;
  if (tenantId === null && 'userId' in who && who.userId !== null) {
    const [row] = await db.query('SELECT tenant_id FROM app_user WHERE id = $1', [who.userId]);
    tenantId = row?.tenant_id ?? null;
  }
  return intSetting(db, tenantId ?? 0, 'password_min_length');
}

/** Field errors of a new password and its confirmation (translation keys with params). */
export function checkNewPassword(password: string, confirmation: string, minLength: number): Record<string, string | { key: string; params: Record<string, unknown> }> {
  if (!password) return { newPassword: 'validation.required' };
  if (password.length < minLength) return { newPassword: { key: 'account.password.too_short', params: { min: minLength } } };
  if (password.length > 200) return { newPassword: 'validation.too_long' };
  if (password !== confirmation) return { confirmation: 'account.password.mismatch' };
  return {};
}
