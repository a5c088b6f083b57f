import type { Db } from '../../../kernel/db/sql';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { HttpError } from '../../../kernel/http/errors';
import { inHierarchyScope, loadHierarchyScope, type HierarchyScope } from '../../../kernel/rights/hierarchy-scope';
import type { EquipmentSubject } from './equipment-tabs';

/** The user's VGP scope: every entity with `vgp.view_all`, else their entities and those below. */
export function loadVgpScope(db: Db, user: AuthUser): Promise<HierarchyScope> {
  return loadHierarchyScope(db, user, 'vgp.view_all');
}

/**
 * SQL condition keeping rows whose entity column `col` is in the scope; `$n` is the parameter of
 * `scopeParam(scope)`. The parameter is read in both cases: PostgreSQL refuses a query given a
 * parameter it never reads.
 */
export function scopeSql(scope: HierarchyScope, col: string, n: number): string {
  return scope.unrestricted ? `($${n}::int[] IS NOT NULL)` : `(${col} IS NULL OR ${col} = ANY($${n}::int[]))`;
}

/** The parameter that goes with {@link scopeSql} (always pushed, so placeholders stay numbered alike). */
export function scopeParam(scope: HierarchyScope): number[] {
  return scope.itemIds;
}

const MAX_ID = 2_147_483_647;
/** An id the database can hold (a longer one in a URL is simply not found, never a 500). */
function assertId(id: number): void {
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new HttpError(404, 'errors.not_found.title');
}

/** An equipment of the user's company within their scope, or a 404 (another company's, or outside the scope). */
export async function requireEquipment(db: Db, user: AuthUser, id: number): Promise<EquipmentSubject> {
  assertId(id);
  const [row]: EquipmentSubject[] = await db.query(
    `SELECT id, tenant_id AS "tenantId", name, hierarchy_item_id AS "hierarchyItemId", archived, version
       FROM equipment WHERE id = $1 AND tenant_id = $2`, [id, user.tenantId]);
  if (!row || !inHierarchyScope(await loadVgpScope(db, user), row.hierarchyItemId)) throw new HttpError(404, 'errors.not_found.title');
  return row;
}

/** What the control pages need of a controllable, checked for tenant and scope. */
export interface ControllableSubject {
  id: number;
  tenantId: number;
  name: string;
  equipmentId: number | null;
  hierarchyItemId: number | null;
  formId: number | null;
  operatorId: number | null;
  archived: boolean;
  version: number;
}

/** A controllable of the user's company within their scope (through its equipment's entity), or a 404. */
export async function requireControllable(db: Db, user: AuthUser, id: number): Promise<ControllableSubject> {
  assertId(id);
  const [row]: ControllableSubject[] = await db.query(
    `SELECT c.id, c.tenant_id AS "tenantId", c.name, c.equipment_id AS "equipmentId", e.hierarchy_item_id AS "hierarchyItemId",
            c.form_id AS "formId", c.operator_id AS "operatorId", c.archived, c.version
       FROM vgp_controllable c LEFT JOIN equipment e ON e.id = c.equipment_id
      WHERE c.id = $1 AND c.tenant_id = $2`, [id, user.tenantId]);
  if (!row || !inHierarchyScope(await loadVgpScope(db, user), row.hierarchyItemId)) throw new HttpError(404, 'errors.not_found.title');
  return row;
}
