import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { SUPER_ADMIN } from '../../kernel/rights/registry';

/**
 * Where a user's `action.view_all` reaches: the hierarchy items they are attached to (with
 * every item below) and their services. A user attached to nothing sees the whole company.
 */
export interface ActionScope {
  unrestricted: boolean;
  itemIds: number[];
  serviceIds: number[];
}

// Policies are synchronous: the scope is read once per request and remembered for that user object.
const scopes = new WeakMap<AuthUser, ActionScope>();

/** The scope remembered for this user object, if loaded. */
export function scopeOf(user: AuthUser): ActionScope | undefined {
  return scopes.get(user);
}

/**
 * Loads (once per request user) the user's scope in the active company, so the record rules
 * of action-plan.policy.ts can use it.
 */
export async function loadScope(db: DataSource | EntityManager, user: AuthUser): Promise<ActionScope> {
  const known = scopes.get(user);
  if (known) return known;
  let scope: ActionScope;
  if (user.roles.includes(SUPER_ADMIN)) {
    scope = { unrestricted: true, itemIds: [], serviceIds: [] };
  } else {
    const items: Array<{ id: number }> = await db.query(
      `WITH RECURSIVE below AS (
         SELECT i.id FROM user_hierarchy_item x JOIN hierarchy_item i ON i.id = x.hierarchy_item_id AND i.deleted_at IS NULL
          WHERE x.user_id = $1 AND x.tenant_id = $2
         UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.deleted_at IS NULL AND c.tenant_id = $2)
       SELECT id FROM below`, [user.id, user.tenantId]);
    const services: Array<{ id: number }> = await db.query(
      `SELECT x.service_id AS id FROM user_service x JOIN service v ON v.id = x.service_id AND v.deleted_at IS NULL
        WHERE x.user_id = $1 AND x.tenant_id = $2`, [user.id, user.tenantId]);
    scope = { unrestricted: items.length === 0 && services.length === 0, itemIds: items.map((r) => r.id), serviceIds: services.map((r) => r.id) };
  }
  scopes.set(user, scope);
  return scope;
}

/**
 * Is the action within the scope? Actions attached to no item and no service concern the whole
 * company, so every scope holds them.
 */
export function inScope(scope: ActionScope | undefined, action: { hierarchyItemId?: unknown; serviceId?: unknown }): boolean {
  if (!scope) return false;
  if (scope.unrestricted) return true;
  const item = action.hierarchyItemId == null ? null : Number(action.hierarchyItemId);
  const service = action.serviceId == null ? null : Number(action.serviceId);
  if (item === null && service === null) return true;
  return (item !== null && scope.itemIds.includes(item)) || (service !== null && scope.serviceIds.includes(service));
}
