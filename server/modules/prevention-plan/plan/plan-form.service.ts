import type { DataSource, EntityManager } from 'typeorm';
import { userInTenant } from '../../../kernel/tenancy';
import { loadToggles } from '../../../kernel/toggles/toggles';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';

type Db = DataSource | EntityManager;

/** A choice of a select. */
export interface Choice { id: number; label: string }

/** What the plan form offers, all of the tenant. */
export interface PlanFormChoices {
  users: Choice[];
  /** Users who may be named rescue workers (`pdp.rescue_worker`, or super_admin). */
  rescuers: Choice[];
  items: Choice[];
  services: Choice[];
  sectors: Array<Choice & { itemId: number | null }>;
  workTypes: Array<Choice & { dangerous: boolean }>;
  labourInspections: Choice[];
  occupationalMedicines: Choice[];
  tiers: Choice[];
  /** Toggle `plans_in_external_companies`: the plan may take place in an outside company's premises. */
  externalAllowed: boolean;
}

/** Is the toggle `plans_in_external_companies` on for the tenant? */
export async function externalPlansAllowed(db: Db, tenantId: number): Promise<boolean> {
  return (await loadToggles(db, tenantId)).plans_in_external_companies === true;
}

/**
 * The choices of the plan form. `keep` holds ids already on the plan so that a work type since
 * made inactive, or a rescue worker who lost the right, still shows on the plan that uses it.
 */
export async function planFormChoices(db: Db, tenantId: number, keep: { workTypeIds?: number[]; rescueWorkerIds?: number[] } = {}): Promise<PlanFormChoices> {
  const users: Choice[] = await db.query(
    `SELECT u.id, coalesce(NULLIF(trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')), ''), u.username) AS label
       FROM app_user u WHERE ${userInTenant('u', '$1')} AND u.enabled ORDER BY 2`, [tenantId]);
  const rescuers: Choice[] = await db.query(
    `SELECT u.id, coalesce(NULLIF(trim(coalesce(u.last_name, '') || ' ' || coalesce(u.first_name, '')), ''), u.username) AS label
       FROM app_user u WHERE ${userInTenant('u', '$1')} AND ((u.enabled AND ${holdsRightSql('u', '$1', 'pdp.rescue_worker')}) OR u.id = ANY($2::int[])) ORDER BY 2`,
    [tenantId, keep.rescueWorkerIds ?? []]);
  // Sites (and below) whose type may carry a plan.
  const items: Choice[] = await db.query(
    `SELECT i.id, i.name AS label FROM hierarchy_item i JOIN hierarchy_type ty ON ty.id = i.type_id
      WHERE i.tenant_id = $1 AND i.deleted_at IS NULL AND ty.attach_pdp ORDER BY ty.level, i.name`, [tenantId]);
  const services: Choice[] = await db.query('SELECT id, name AS label FROM service WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name', [tenantId]);
  const sectors: Array<Choice & { itemId: number | null }> = await db.query(
    `SELECT s.id, coalesce(i.name || ' – ', '') || s.name AS label, s.item_id AS "itemId" FROM sector s LEFT JOIN hierarchy_item i ON i.id = s.item_id
      WHERE s.tenant_id = $1 ORDER BY 2`, [tenantId]);
  const workTypes: Array<Choice & { dangerous: boolean }> = await db.query(
    `SELECT id, label, dangerous FROM work_type WHERE tenant_id = $1 AND deleted_at IS NULL AND (active OR id = ANY($2::int[])) ORDER BY position, label`,
    [tenantId, keep.workTypeIds ?? []]);
  const orgs: Array<Choice & { type: string }> = await db.query(
    `SELECT id, name AS label, type FROM prevention_organisation WHERE tenant_id = $1 AND deleted_at IS NULL
      AND type IN ('labour_inspection', 'occupational_medicine') ORDER BY name`, [tenantId]);
  const externalAllowed = await externalPlansAllowed(db, tenantId);
  const tiers: Choice[] = externalAllowed
    ? await db.query('SELECT id, name AS label FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name LIMIT 500', [tenantId])
    : [];
  return {
    users, rescuers, items, services, sectors, workTypes, tiers, externalAllowed,
    labourInspections: orgs.filter((o) => o.type === 'labour_inspection').map(({ id, label }) => ({ id, label })),
    occupationalMedicines: orgs.filter((o) => o.type === 'occupational_medicine').map(({ id, label }) => ({ id, label })),
  };
}
