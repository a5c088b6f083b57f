/** The logged-in user as the request sees it: identity, active company, roles and rights. */
export interface AuthUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
  /** The active company (tenant) of this session. */
  tenantId: number;
  /** Companies the user may switch to. */
  tenants: Array<{ id: number; name: string }>;
  /** Role codes, e.g. `super_admin`, `order_giver`. */
  roles: string[];
  /** Named rights held through the roles. */
  rights: Set<string>;
  lastLoginAt: Date | null;
}

/** Display name: "Prénom Nom", or the username. */
export function displayName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'username'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.username;
}
