import type { AuthUser } from './auth-user';
import { SUPER_ADMIN } from './registry';

/**
 * The application itself as the actor of automatic steps (a job expiring plans, the last
 * signature moving a plan on). Its id 0 is written as "no user" in history rows.
 */
export function systemActor(tenantId: number): AuthUser {
  return {
    id: 0, username: 'system', firstName: '', lastName: '', email: '', locale: 'fr',
    tenantId, tenants: [], roles: [SUPER_ADMIN], rights: new Set(), lastLoginAt: null,
  };
}

/** Is `user` the system actor? */
export function isSystemActor(user: Pick<AuthUser, 'id'>): boolean {
  return user.id === 0;
}
