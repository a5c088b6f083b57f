import type { DataSource, EntityManager } from 'typeorm';
import { userInTenant } from '../../kernel/tenancy';

type Db = DataSource | EntityManager;

/** A choice of a select. */
export interface Choice { id: number; label: string }

/** What the PPSPS form (and the list's filters) offer, all of the tenant. */
export interface PpspsFormChoices {
  users: Choice[];
  items: Choice[];
  tiers: Choice[];
  labourInspections: Choice[];
  occupationalMedicines: Choice[];
}

/** The choices of the PPSPS form. */
export async function ppspsFormChoices(db: Db, tenantId: number): Promise<PpspsFormChoices> {
  const users: Choice[] = await db.query(
    `SELECT u.id, coalesce(NULLIF(trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')), ''), u.username) AS label
       FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY 2`, [tenantId]);
  const items: Choice[] = await db.query(
    `SELECT i.id, i.name AS label FROM hierarchy_item i LEFT JOIN hierarchy_type ty ON ty.id = i.type_id
      WHERE i.tenant_id = $1 AND i.deleted_at IS NULL ORDER BY ty.level NULLS LAST, i.name`, [tenantId]);
  const tiers: Choice[] = await db.query('SELECT id, name AS label FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name LIMIT 500', [tenantId]);
  const orgs: Array<Choice & { type: string }> = await db.query(
    `SELECT id, name AS label, type FROM prevention_organisation WHERE tenant_id = $1 AND deleted_at IS NULL
      AND type IN ('labour_inspection', 'occupational_medicine') ORDER BY name`, [tenantId]);
  return {
    users, items, tiers,
    labourInspections: orgs.filter((o) => o.type === 'labour_inspection').map(({ id, label }) => ({ id, label })),
    occupationalMedicines: orgs.filter((o) => o.type === 'occupational_medicine').map(({ id, label }) => ({ id, label })),
  };
}
