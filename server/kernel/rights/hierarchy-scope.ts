import type { Db } from '../db/sql';
import type { AuthUser } from './auth-user';
import { can, SUPER_ADMIN } from './registry';

/**
 * Which entities' records a user sees in a module: every one with the module's « voir hors de son
 * périmètre » right, else the hierarchy items they are attached to and every item below. A user
 * attached to no item sees the whole company, as the action plan's scope does.
 */
export interface HierarchyScope {
  unrestricted: boolean;
  itemIds: number[];
}

const scopes = new WeakMap<AuthUser, Map<string, HierarchyScope>>();

/** Loads the user's scope for a module whose view-all right is `viewAllRight` (once per request user and right). */
export async function loadHierarchyScope(db: Db, user: AuthUser, viewAllRight: string): Promise<HierarchyScope> {
  let byRight = scopes.get(user);
  if (!byRight) scopes.set(user, (byRight = new Map()));
  const known = byRight.get(viewAllRight);
  if (known) return known;
  let scope: HierarchyScope;
  if (user.roles.includes(SUPER_ADMIN) || can(user, viewAllRight)) {
    scope = { unrestricted: true, itemIds: [] };
  } else {
    const items: Array<{ id: number }> = await db.query(
      `WITH RECURSIVE below AS (
         SELECT i.id FROM user_hierarchy_item x JOIN hierarchy_item i ON i.id = x.hierarchy_item_id AND i.deleted_at IS NULL
          WHERE x.user_id = $1 AND x.tenant_id = $2
         UNION SELECT c.id FROM hierarchy_item c JOIN below b ON c.parent_id = b.id WHERE c.deleted_at IS NULL AND c.tenant_id = $2)
       SELECT id FROM below`, [user.id, user.tenantId]);
    scope = { unrestricted: items.length === 0, itemIds: items.map((r) => r.id) };
  }
  byRight.set(viewAllRight, scope);
  return scope;
}

/** Whether a record of the entity `itemId` (null: company-wide) is within the scope. */
export function inHierarchyScope(scope: HierarchyScope, itemId: number | null): boolean {
  return scope.unrestricted || itemId === null || scope.itemIds.includes(itemId);
}
