import type { Db } from '../../../kernel/db/sql';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can, SUPER_ADMIN } from '../../../kernel/rights/registry';

/**
 * Which entities' evaluations a user sees: every one with `unique_document.view_all` (« voir hors
 * de son périmètre »), else the hierarchy items they are attached to and every item below. A user
 * attached to no item sees the whole company, as the action plan's scope does.
 */
export interface DuScope {
  unrestricted: boolean;
  itemIds: number[];
}

const scopes = new WeakMap<AuthUser, DuScope>();

/** Loads the user's scope in the active company (once per request user). */
export async function loadDuScope(db: Db, user: AuthUser): Promise<DuScope> {
  const known = scopes.get(user);
  if (known) return known;
  let scope: DuScope;
  if (user.roles.includes(SUPER_ADMIN) || can(user, 'unique_document.view_all')) {
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
  scopes.set(user, scope);
  return scope;
}

/** Whether the entity `itemId` is within the scope. */
export function itemInScope(scope: DuScope, itemId: number): boolean {
  return scope.unrestricted || scope.itemIds.includes(itemId);
}
