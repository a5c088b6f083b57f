import type { Db } from '../../../kernel/db/sql';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { loadHierarchyScope, type HierarchyScope } from '../../../kernel/rights/hierarchy-scope';

/**
 * Which entities' evaluations a user sees: every one with `unique_document.view_all` (« voir hors
 * de son périmètre »), else the hierarchy items they are attached to and every item below. A user
 * attached to no item sees the whole company, as the action plan's scope does.
 */
export type DuScope = HierarchyScope;

/** Loads the user's scope in the active company (once per request user). */
export function loadDuScope(db: Db, user: AuthUser): Promise<DuScope> {
  return loadHierarchyScope(db, user, 'unique_document.view_all');
}

/** Whether the entity `itemId` is within the scope. */
export function itemInScope(scope: DuScope, itemId: number): boolean {
  return scope.unrestricted || scope.itemIds.includes(itemId);
}
