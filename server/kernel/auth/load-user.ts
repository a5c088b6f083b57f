import type { DataSource } from 'typeorm';
import type { AuthUser } from '../rights/auth-user';
import { clock } from '../clock';

/**
 * Loads the user of a session with their companies and, for the active company only, the roles
 * they hold there and the rights those roles hold there: each company configures its own roles
 * (docs/rights.md), so what a user may do depends on the company they work in. The active
 * company is the one asked for when the user belongs to it, their home company otherwise.
 * Returns null for an unknown, disabled, locked or expired account (the session then ends).
 * `photoFileId` rides along for the top bar.
 */
export async function loadAuthUser(ds: DataSource, userId: number, activeTenantId?: number): Promise<AuthUser | null> {
  return (await loadSessionUser(ds, userId, activeTenantId))?.user ?? null;
}

/**
 * {@link loadAuthUser} for a request: the user, the stored feature toggles of the active
 * company (`feature_toggle` rows, code → on) and its cache version, read in the same round trip.
 * A request usually gets this row with its session instead (session-store.ts).
 */
export async function loadSessionUser(ds: DataSource, userId: number, activeTenantId?: number): Promise<SessionUser | null> {
  const [u] = await ds.query(sessionUserSql('$1::int', '$2::int'), [userId, activeTenantId ?? null]);
  return u ? sessionUserFromRow(u) : null;
}

/** A request's user, its active company's stored toggles and that company's cache version. */
export interface SessionUser {
  user: AuthUser;
  storedToggles: Record<string, boolean>;
  /** `tenant_cache_version` of the active company ('0' before its first change). */
  tenantVersion: string;
}

/**
 * The SELECT of {@link loadSessionUser} for the user whose id is the SQL expression `userId`,
 * in the company `tenantId` (an SQL expression too, NULL for their home company). The session
 * store runs it joined to the session row, so a request reads both in one round trip.
 */
export function sessionUserSql(userId: string, tenantId: string): string {
  return `SELECT u.id, u.tenant_id, u.username, u.email, u.first_name, u.last_name, u.locale, u.enabled, u.locked, u.expires_at, u.photo_file_id, u.last_login_at,
            a.tenant_id AS active_tenant_id,
            ARRAY(SELECT r.code FROM role r JOIN user_role ur ON ur.role_id = r.id WHERE ur.user_id = u.id AND r.tenant_id = a.tenant_id ORDER BY r.code) AS roles,
            ARRAY(SELECT DISTINCT rr."right" FROM role_right rr JOIN role r ON r.id = rr.role_id JOIN user_role ur ON ur.role_id = r.id
                   WHERE ur.user_id = u.id AND r.tenant_id = a.tenant_id) AS rights,
            (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name), '[]'::json) FROM tenant t
              WHERE t.id = u.tenant_id OR t.id IN (SELECT tenant_id FROM user_tenant WHERE user_id = u.id)) AS tenants,
            (SELECT coalesce(json_object_agg(f.code, f.enabled), '{}'::json) FROM feature_toggle f WHERE f.tenant_id = a.tenant_id) AS toggles,
            (SELECT v.version::text FROM tenant_cache_version v WHERE v.tenant_id = a.tenant_id) AS tenant_version
       FROM app_user u
      CROSS JOIN LATERAL (SELECT CASE WHEN ${tenantId} = u.tenant_id OR EXISTS (SELECT 1 FROM user_tenant ut WHERE ut.user_id = u.id AND ut.tenant_id = ${tenantId})
                                      THEN ${tenantId} ELSE u.tenant_id END AS tenant_id) a
      WHERE u.id = ${userId}`;
}

/**
 * The request's user from a row of {@link sessionUserSql}; null for a disabled, locked or
 * expired account (the session then ends).
 */
export function sessionUserFromRow(u: Record<string, any>): SessionUser | null {
  if (!u.enabled || u.locked || (u.expires_at && new Date(u.expires_at) <= clock.now())) return null;
  const roles: string[] = u.roles;
  const rights: string[] = u.rights;
  const tenants: Array<{ id: number; name: string }> = typeof u.tenants === 'string' ? JSON.parse(u.tenants) : u.tenants;
  const tenantId: number = u.active_tenant_id;
  const user: AuthUser & { photoFileId: number | null } = {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    locale: u.locale,
    tenantId,
    tenants,
    roles,
    rights: new Set(rights),
    lastLoginAt: u.last_login_at,
    photoFileId: u.photo_file_id ?? null,
  };
  return { user, storedToggles: typeof u.toggles === 'string' ? JSON.parse(u.toggles) : u.toggles, tenantVersion: u.tenant_version ?? '0' };
}
