import type { Db } from '../../../kernel/db/sql';
import { userInTenant } from '../../../kernel/tenancy';
import { itemOptions } from '../../hierarchy/hierarchy.service';
import type { DuScope } from './du-scope';

/** A choice of a select. */
export interface Choice { id: number; label: string }

/** The company's entities as an indented tree, limited to the scope (the entity a record holds is kept). */
export async function entityChoices(db: Db, tenantId: number, scope: DuScope | null = null, keepId: number | null = null): Promise<Choice[]> {
  const all = await itemOptions(db, tenantId);
  return scope === null || scope.unrestricted ? all : all.filter((o) => scope.itemIds.includes(o.id) || o.id === keepId);
}

/** The company's work units (hierarchy's `work_unit`, Administration › Unités de travail), by name. */
export async function workUnitChoices(db: Db, tenantId: number): Promise<Choice[]> {
  const rows = await db.query('SELECT id, name FROM work_unit WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantId]);
  return rows.map((r: { id: number; name: string }) => ({ id: r.id, label: r.name }));
}

/**
 * The workstations offered for an entity and a work unit: those tied to that entity or to none,
 * and to that work unit or to none (a workstation tied to nothing is offered everywhere); the one a
 * record holds is kept.
 */
export async function workstationChoices(db: Db, tenantId: number, itemId: number | null, workUnitId: number | null, keepId: number | null = null): Promise<Choice[]> {
  const rows = await db.query(
    `SELECT id, name FROM du_workstation
      WHERE tenant_id = $1 AND deleted_at IS NULL
        AND ((hierarchy_item_id IS NULL OR hierarchy_item_id = $2) AND (work_unit_id IS NULL OR work_unit_id = $3) OR id = $4)
      ORDER BY lower(name), id`, [tenantId, itemId, workUnitId, keepId]);
  return rows.map((r: { id: number; name: string }) => ({ id: r.id, label: r.name }));
}

/** Enabled users of the company (plus `keepId`, the record's writer), « Prénom Nom » by last name. */
export async function userChoices(db: Db, tenantId: number, keepId: number | null = null): Promise<Choice[]> {
  const rows = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND (u.enabled OR u.id = $2) ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId, keepId]);
  return rows.map((r: Record<string, string> & { id: number }) => ({ id: r.id, label: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username }));
}
