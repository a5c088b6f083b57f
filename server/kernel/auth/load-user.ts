import type { DataSource } from 'typeorm';
import type { AuthUser } from '../rights/auth-user';
import { clock } from '../clock';

/**
 * Loads the user of a session with their roles, the rights those roles hold and their
 * companies. Returns null for an unknown, disabled, locked or expired account (the session
 * then ends). `photoFileId` rides along for the top bar.
 */
export async function loadAuthUser(ds: DataSource, userId: number, activeTenantId?: number): Promise<AuthUser | null> {
  const [u] = await ds.query(
    `SELECT id, tenant_id, username, email, first_name, last_name, locale, enabled, locked, expires_at, photo_file_id, last_login_at FROM app_user WHERE id = $1`,
    [userId],
  );
  if (!u || !u.enabled || u.locked || (u.expires_at && new Date(u.expires_at) <= clock.now())) return null;
  const roles: Array<{ code: string }> = await ds.query(
    `SELECT r.code FROM role r JOIN user_role ur ON ur.role_id = r.id WHERE ur.user_id = $1 ORDER BY r.code`, [userId]);
  const rights: Array<{ right: string }> = await ds.query(
    `SELECT DISTINCT rr."right" FROM role_right rr JOIN user_role ur ON ur.role_id = rr.role_id WHERE ur.user_id = $1`, [userId]);
  const tenants: Array<{ id: number; name: string }> = await ds.query(
    `SELECT t.id, t.name FROM tenant t WHERE t.id = $2 OR t.id IN (SELECT tenant_id FROM user_tenant WHERE user_id = $1) ORDER BY t.name`,
    [userId, u.tenant_id]);
  const tenantId = activeTenantId && tenants.some((t) => t.id === activeTenantId) ? activeTenantId : u.tenant_id;
  const user: AuthUser & { photoFileId: number | null } = {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    locale: u.locale,
    tenantId,
    tenants,
    roles: roles.map((r) => r.code),
    rights: new Set(rights.map((r) => r.right)),
    lastLoginAt: u.last_login_at,
    photoFileId: u.photo_file_id ?? null,
  };
  return user;
}
