import type { DataSource } from 'typeorm';
import { hashPassword } from '../../kernel/auth/password';
import { clock } from '../../kernel/clock';
import type { FieldError } from '../../kernel/http/forms';
import type { PageRequest } from '../../kernel/http/pagination';
import { SUPER_ADMIN } from '../../kernel/rights/registry';
import type { UserInput } from './admin-users.schema';
import { listUserOrganisation, OrganisationError, setUserOrganisation } from '../hierarchy/user-organisation.service';
import { userInTenant } from '../../kernel/tenancy';

/** A row of the user list. */
export interface UserRow {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  lastLoginAt: Date | null;
  roles: string[];
}

// Users of a company: its own and those given access to it.
const IN_TENANT = userInTenant();

/** The users of a company, filtered and paginated. */
export async function listUsers(db: DataSource, tenantId: number, filters: { q: string; activated: string; role: string; service: string; itemIds?: number[] }, page: PageRequest): Promise<{ rows: UserRow[]; total: number }> {
  const where = [IN_TENANT];
  const params: unknown[] = [tenantId];
  if (filters.q) {
    params.push(`%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(u.first_name || ' ' || u.last_name ILIKE $${params.length} OR u.last_name || ' ' || u.first_name ILIKE $${params.length} OR u.username ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
  }
  if (filters.activated) {
    params.push(filters.activated === '1');
    where.push(`u.enabled = $${params.length}`);
  }
  if (filters.role) {
    params.push(filters.role);
    where.push(`EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = $1 WHERE ur.user_id = u.id AND r.code = $${params.length})`);
  }
  if (filters.service) {
    params.push(Number(filters.service));
    where.push(`EXISTS (SELECT 1 FROM user_service us WHERE us.user_id = u.id AND us.tenant_id = $1 AND us.service_id = $${params.length})`);
  }
  if (filters.itemIds?.length) {
    params.push(filters.itemIds);
    where.push(`EXISTS (SELECT 1 FROM user_hierarchy_item uh WHERE uh.user_id = u.id AND uh.tenant_id = $1 AND uh.hierarchy_item_id = ANY($${params.length}::int[]))`);
  }
  const sqlWhere = where.join(' AND ');
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM app_user u WHERE ${sqlWhere}`, params);
  const rows = await db.query(
    `SELECT u.id, u.username, u.email, u.first_name, u.last_name, u.enabled, u.last_login_at,
            COALESCE((SELECT array_agg(r.code ORDER BY r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = $1 WHERE ur.user_id = u.id), '{}') AS roles
       FROM app_user u WHERE ${sqlWhere}
      ORDER BY u.last_name, u.first_name, u.id LIMIT ${page.perPage} OFFSET ${page.offset}`,
    params,
  );
  return {
    total,
    rows: rows.map((r: Record<string, any>) => ({
      id: r.id, username: r.username, email: r.email, firstName: r.first_name, lastName: r.last_name,
      enabled: r.enabled, lastLoginAt: r.last_login_at, roles: r.roles,
    })),
  };
}

/** One user of the company as form values, or null (unknown or another company's). */
export async function findUserForm(db: DataSource, tenantId: number, id: number): Promise<Record<string, unknown> | null> {
  const [u] = await db.query(
    `SELECT u.*, COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.tenant_id = $1 WHERE ur.user_id = u.id), '{}') AS role_codes,
            s.first_name AS sup_first, s.last_name AS sup_last
       FROM app_user u LEFT JOIN app_user s ON s.id = u.supervisor_id WHERE u.id = $2 AND ${IN_TENANT}`,
    [tenantId, id],
  );
  if (!u) return null;
  const organisation = await listUserOrganisation(db, tenantId, id);
  const subordinates: Array<{ first_name: string; last_name: string; username: string }> = await db.query(
    `SELECT u.first_name, u.last_name, u.username FROM app_user u WHERE u.supervisor_id = $2 AND ${IN_TENANT} ORDER BY u.last_name, u.first_name`, [tenantId, id]);
  return {
    subordinates: subordinates.map((r) => `${r.first_name} ${r.last_name}`.trim() || r.username),
    ...organisation, hierarchyRole: u.hierarchy_role ?? '',
    id: u.id, username: u.username, email: u.email, firstName: u.first_name, lastName: u.last_name, civility: u.civility ?? '',
    phone: u.phone ?? '', mobile: u.mobile ?? '', locale: u.locale, roles: u.role_codes, supervisorId: u.supervisor_id ?? '',
    supervisorLabel: u.supervisor_id ? `${u.sup_first} ${u.sup_last}`.trim() : '', enabled: u.enabled,
    actionProcessedMail: u.action_processed_mail, vgpProcessedMail: u.vgp_processed_mail, version: u.version,
  };
}

/** Outcome of a save: the id, field errors, or a stale version. */
export type SaveUserResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/**
 * Creates (id null) or updates a user of the company, checking unique username and e-mail
 * (the error names the existing user), the roles and the supervisor, with an optimistic lock.
 */
export async function saveUser(db: DataSource, actor: { id: number; tenantId: number; roles: string[] }, id: number | null, input: UserInput): Promise<SaveUserResult> {
  return db.transaction(async (m): Promise<SaveUserResult> => {
    const errors: Record<string, FieldError> = {};
    for (const [field, column] of [['username', 'username'], ['email', 'email']] as const) {
      const [other] = await m.query(`SELECT first_name, last_name, username FROM app_user WHERE lower(${column}) = lower($1) AND id <> $2`, [input[field], id ?? 0]);
      if (other) errors[field] = { key: `users.validation.${field}_taken`, params: { name: `${other.first_name} ${other.last_name}`.trim() || other.username } };
    }
    // Roles belong to a company: only the actor's company's roles may be given, and only there.
    const roles: Array<{ id: number; code: string }> = input.roles.length ? await m.query('SELECT id, code FROM role WHERE tenant_id = $1 AND code = ANY($2)', [actor.tenantId, input.roles]) : [];
    if (roles.length !== new Set(input.roles).size) errors.roles = 'validation.choice';
    else if (input.roles.includes(SUPER_ADMIN) && !actor.roles.includes(SUPER_ADMIN)) errors.roles = 'users.validation.super_admin_only';
    if (input.supervisorId !== null) {
      const [sup] = await m.query(`SELECT u.id FROM app_user u WHERE u.id = $2 AND ${IN_TENANT}`, [actor.tenantId, input.supervisorId]);
      if (!sup || input.supervisorId === id) errors.supervisorId = 'users.validation.supervisor';
    }
    if (id !== null && id === actor.id && !input.enabled) errors.enabled = 'users.validation.not_yourself';
    if (input.hierarchyRole) {
      const [known] = await m.query('SELECT 1 FROM role WHERE tenant_id = $1 AND code = $2', [actor.tenantId, input.hierarchyRole]);
      if (!known) errors.hierarchyRole = 'validation.choice';
    }
    if (Object.keys(errors).length) return { ok: false, errors };

    const hash = input.plainPassword ? await hashPassword(input.plainPassword) : null;
    const values = [input.username, input.email, input.firstName, input.lastName, input.civility || null, input.phone || null,
      input.mobile || null, input.locale, input.supervisorId, input.enabled, input.actionProcessedMail, input.vgpProcessedMail, input.hierarchyRole || null];
    let userId: number;
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO app_user (username, email, first_name, last_name, civility, phone, mobile, locale, supervisor_id, enabled, action_processed_mail, vgp_processed_mail, hierarchy_role, tenant_id, password_hash, password_changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [...values, actor.tenantId, hash, clock.now()],
      );
      userId = row.id;
      await m.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [userId, actor.tenantId]);
    } else {
      const updated = await m.query(
        `UPDATE app_user SET username = $1, email = $2, first_name = $3, last_name = $4, civility = $5, phone = $6, mobile = $7, locale = $8,
                supervisor_id = $9, enabled = $10, action_processed_mail = $11, vgp_processed_mail = $12, hierarchy_role = $13, version = version + 1,
                password_hash = COALESCE($14, password_hash), password_changed_at = CASE WHEN $14::text IS NULL THEN password_changed_at ELSE $15 END
          WHERE id = $16 AND version = $17 RETURNING id`,
        [...values, hash, clock.now(), id, input.version],
      );
      if (!(Array.isArray(updated[0]) ? updated[0] : updated).length) return { ok: false, stale: true };
      userId = id;
      // A non-super-admin keeps the super_admin role of a user they cannot grant.
      const keep = actor.roles.includes(SUPER_ADMIN) ? '' : ` AND code <> '${SUPER_ADMIN}'`;
      await m.query(`DELETE FROM user_role WHERE user_id = $1 AND role_id IN (SELECT id FROM role WHERE tenant_id = $2${keep})`, [userId, actor.tenantId]);
    }
    for (const r of roles) await m.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, r.id]);
    // Throws (and so rolls the whole save back) on an id of another company.
    await setUserOrganisation(m, actor.tenantId, userId, { hierarchyItemIds: input.hierarchyItemIds, serviceIds: input.serviceIds });
    return { ok: true, id: userId };
  }).catch((err: unknown) => {
    if (err instanceof OrganisationError) return { ok: false, errors: { [err.field]: 'validation.choice' } } as SaveUserResult;
    throw err;
  });
}

/** Enables or disables a user of the company; returns false when the user is not found there. */
export async function setUserEnabled(db: DataSource, tenantId: number, id: number, enabled: boolean): Promise<boolean> {
  const result = await db.query(`UPDATE app_user u SET enabled = $3, version = version + 1 WHERE u.id = $2 AND ${IN_TENANT} RETURNING id`, [tenantId, id, enabled]);
  return (Array.isArray(result[0]) ? result[0] : result).length > 0;
}

/** The roles of the company, system roles first, for checkboxes and filters. */
export async function listRoles(db: DataSource, tenantId: number): Promise<Array<{ code: string; label: string; isSystem: boolean; color: string }>> {
  const rows = await db.query('SELECT code, label, is_system, color FROM role WHERE tenant_id = $1 ORDER BY is_system DESC, label', [tenantId]);
  return rows.map((r: Record<string, any>) => ({ code: r.code, label: r.label, isSystem: r.is_system, color: r.color }));
}
