import type { HierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import { scopeSql } from '../core/equipment-access';

/**
 * {@link scopeSql} that always uses its parameter `$n`: PostgreSQL refuses a query given a
 * parameter it never reads, and `scopeSql` answers a bare `TRUE` for an unrestricted scope.
 */
export function scopeCondition(scope: HierarchyScope, col: string, n: number): string {
  return scope.unrestricted ? `($${n}::int[] IS NOT NULL)` : scopeSql(scope, col, n);
}
