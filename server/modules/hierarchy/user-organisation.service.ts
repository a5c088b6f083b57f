import type { EntityManager } from 'typeorm';
import type { Db } from './hierarchy.service';
import { userInTenant } from '../../kernel/tenancy';

/** What a user is attached to in one company. */
export interface UserOrganisation {
  hierarchyItemIds: number[];
  serviceIds: number[];
}

/** Thrown when an id does not belong to the company (the caller answers 404 or a field error). */
export class OrganisationError extends Error {
  constructor(readonly field: 'userId' | 'hierarchyItemIds' | 'serviceIds') {
    super(`Organisation : identifiant étranger à la société (${field}).`);
  }
}

const unique = (ids: number[]) => [...new Set(ids.map(Number).filter((n) => Number.isInteger(n) && n > 0))];

/**
 * Replaces, in one company, the hierarchy items and services a user is attached to. Run it with
 * the manager of the caller's transaction (the users-admin save). Every id must be the
 * company's (the user too: home company or given access), else {@link OrganisationError}.
 */
export async function setUserOrganisation(manager: EntityManager, tenantId: number, userId: number, input: UserOrganisation): Promise<void> {
  const [u] = await manager.query(
    `SELECT 1 FROM app_user u WHERE u.id = $1 AND ${userInTenant('u', '$2')}`, [userId, tenantId]);
  if (!u) throw new OrganisationError('userId');
  const items = unique(input.hierarchyItemIds);
  const services = unique(input.serviceIds);
  const [found] = await manager.query(
    `SELECT (SELECT count(*)::int FROM hierarchy_item WHERE tenant_id = $1 AND id = ANY($2::int[]) AND deleted_at IS NULL) AS items,
            (SELECT count(*)::int FROM service WHERE tenant_id = $1 AND id = ANY($3::int[]) AND deleted_at IS NULL) AS services`, [tenantId, items, services]);
  if (found.items !== items.length) throw new OrganisationError('hierarchyItemIds');
  if (found.services !== services.length) throw new OrganisationError('serviceIds');
  await manager.query('DELETE FROM user_hierarchy_item WHERE user_id = $1 AND tenant_id = $2', [userId, tenantId]);
  await manager.query('DELETE FROM user_service WHERE user_id = $1 AND tenant_id = $2', [userId, tenantId]);
  if (items.length) {
    await manager.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) SELECT $1, unnest($2::int[]), $3', [userId, items, tenantId]);
  }
  if (services.length) {
    await manager.query('INSERT INTO user_service (user_id, service_id, tenant_id) SELECT $1, unnest($2::int[]), $3', [userId, services, tenantId]);
  }
}

/** The hierarchy items and services a user is attached to in one company (ids sorted). */
export async function listUserOrganisation(db: Db, tenantId: number, userId: number): Promise<UserOrganisation> {
  const items = await db.query(
    `SELECT x.hierarchy_item_id AS id FROM user_hierarchy_item x JOIN hierarchy_item i ON i.id = x.hierarchy_item_id AND i.deleted_at IS NULL
      WHERE x.user_id = $1 AND x.tenant_id = $2 ORDER BY 1`, [userId, tenantId]);
  const services = await db.query(
    `SELECT x.service_id AS id FROM user_service x JOIN service v ON v.id = x.service_id AND v.deleted_at IS NULL
      WHERE x.user_id = $1 AND x.tenant_id = $2 ORDER BY 1`, [userId, tenantId]);
  return { hierarchyItemIds: items.map((r: { id: number }) => r.id), serviceIds: services.map((r: { id: number }) => r.id) };
}

/** Every service of the company as `{id, label}` options (site name in brackets), for the users-admin form. */
export async function serviceOptions(db: Db, tenantId: number): Promise<Array<{ id: number; label: string }>> {
  const rows = await db.query(`SELECT v.id, v.name, s.name AS site FROM service v LEFT JOIN site s ON s.id = v.site_id AND s.deleted_at IS NULL
      WHERE v.tenant_id = $1 AND v.deleted_at IS NULL ORDER BY v.name, v.id`, [tenantId]);
  return rows.map((r: any) => ({ id: r.id, label: r.site ? `${r.name} (${r.site})` : r.name }));
}
