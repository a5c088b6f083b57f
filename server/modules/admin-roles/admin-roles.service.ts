import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Db } from '../../kernel/db/sql';
import { ALL_RIGHT_NAMES } from '../../kernel/rights/catalogue';
import { SUPER_ADMIN } from '../../kernel/rights/registry';
import { SYSTEM_ROLES } from '../identity/roles';
import type { RoleInput } from './admin-roles.schema';

/** One row of the roles list. */
export interface RoleRow {
  id: number;
  code: string;
  label: string;
  color: string;
  isSystem: boolean;
  userCount: number;
}

const SYSTEM_ORDER = new Map(SYSTEM_ROLES.map((r, i) => [r.code, i]));

function toRow(r: Record<string, any>): RoleRow {
  return { id: r.id, code: r.code, label: r.label, color: r.color, isSystem: r.is_system, userCount: Number(r.user_count ?? 0) };
}

const ROLE_COLUMNS = 'r.id, r.code, r.label, r.color, r.is_system, (SELECT count(*) FROM user_role ur WHERE ur.role_id = r.id)::int AS user_count';

/** The roles of a company: the spec's roles in their order, then its custom ones by label. */
export async function listRoles(db: Db, tenantId: number): Promise<RoleRow[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT ${ROLE_COLUMNS} FROM role r WHERE r.tenant_id = $1 ORDER BY r.is_system DESC, lower(r.label), r.id`, [tenantId]);
  const roles = rows.map(toRow);
  return [...roles.filter((r) => r.isSystem).sort((a, b) => (SYSTEM_ORDER.get(a.code) ?? 99) - (SYSTEM_ORDER.get(b.code) ?? 99)), ...roles.filter((r) => !r.isSystem)];
}

/** One role of the company, or null (unknown, or another company's). */
export async function findRole(db: Db, tenantId: number, id: number): Promise<RoleRow | null> {
  const [r] = await db.query(`SELECT ${ROLE_COLUMNS} FROM role r WHERE r.id = $1 AND r.tenant_id = $2`, [id, tenantId]);
  return r ? toRow(r) : null;
}

/** Creates a custom role of the company; its code `custom_<id>` is unique because the id is. */
export async function createRole(db: Db, tenantId: number, input: RoleInput): Promise<{ id: number; code: string }> {
  const [row] = await db.query(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('role', 'id'))::int AS id)
     INSERT INTO role (id, tenant_id, code, label, color, is_system) SELECT n.id, $3, 'custom_' || n.id, $1, $2, false FROM n RETURNING id, code`,
    [input.label, input.color, tenantId],
  );
  return { id: row.id, code: row.code };
}

/** Saves a role of the company: label and colour of a custom role, only the colour of a system role. */
export async function updateRole(db: Db, tenantId: number, role: RoleRow, input: Partial<RoleInput> & { color: string }): Promise<void> {
  if (role.isSystem) await db.query('UPDATE role SET color = $3 WHERE id = $1 AND tenant_id = $2', [role.id, tenantId, input.color]);
  else await db.query('UPDATE role SET label = $3, color = $4 WHERE id = $1 AND tenant_id = $2', [role.id, tenantId, input.label, input.color]);
}

/**
 * Deletes a custom role of the company. Its users simply lose it (`user_role` and `role_right`
 * rows cascade): a role is a set of rights, not data, and users keep their other roles.
 */
export async function deleteRole(db: DataSource, tenantId: number, id: number): Promise<'deleted' | 'not_found' | 'system'> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT is_system FROM role WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, tenantId]);
    if (!r) return 'not_found';
    if (r.is_system) return 'system';
    await m.query('DELETE FROM role WHERE id = $1', [id]);
    return 'deleted';
  });
}

/** The matrix of a company: its roles (columns), the rights each holds, and the fingerprint of that state. */
export interface RightsMatrix {
  roles: RoleRow[];
  held: Map<number, Set<string>>;
  fingerprint: string;
}

async function readRights(db: Db, tenantId: number): Promise<{ held: Map<number, Set<string>>; fingerprint: string }> {
  const rows: Array<{ role_id: number; right: string }> = await db.query(
    `SELECT rr.role_id, rr."right" FROM role_right rr JOIN role r ON r.id = rr.role_id WHERE r.tenant_id = $1 ORDER BY rr.role_id, rr."right"`, [tenantId]);
  const roleIds: Array<{ id: number }> = await db.query('SELECT id FROM role WHERE tenant_id = $1 ORDER BY id', [tenantId]);
  const held = new Map<number, Set<string>>();
  for (const r of rows) {
    if (!held.has(r.role_id)) held.set(r.role_id, new Set());
    held.get(r.role_id)!.add(r.right);
  }
  // The fingerprint covers the roles and their rights: any change since the form was drawn shows.
  const text = `${roleIds.map((r) => r.id).join(',')}|${rows.map((r) => `${r.role_id}:${r.right}`).join(',')}`;
  return { held, fingerprint: crypto.createHash('sha256').update(text).digest('hex').slice(0, 32) };
}

/** Reads the matrix of a company. */
export async function rightsMatrix(db: Db, tenantId: number): Promise<RightsMatrix> {
  const roles = await listRoles(db, tenantId);
  return { roles, ...(await readRights(db, tenantId)) };
}

/**
 * Replaces the rights of every role of the company shown in the form, in one transaction. The
 * company's role rows are locked first so two saves run one after the other; a save drawn from
 * an older state than the current one is refused (`stale`) rather than silently undoing the
 * other person's work. Role ids of another company are ignored; super_admin is never touched
 * (it holds every right anyway); unknown right names are dropped.
 */
export async function saveMatrix(db: DataSource, tenantId: number, input: { roleIds: number[]; rights: Map<number, string[]>; fingerprint: string }): Promise<'saved' | 'stale'> {
  const known = new Set(ALL_RIGHT_NAMES);
  return db.transaction(async (m) => {
    const roles: Array<{ id: number; code: string }> = await m.query('SELECT id, code FROM role WHERE tenant_id = $1 ORDER BY id FOR UPDATE', [tenantId]);
    const { fingerprint } = await readRights(m, tenantId);
    if (fingerprint !== input.fingerprint) return 'stale';
    const editable = new Set(roles.filter((r) => r.code !== SUPER_ADMIN).map((r) => r.id));
    const ids = input.roleIds.filter((id) => editable.has(id));
    if (!ids.length) return 'saved';
    await m.query('DELETE FROM role_right WHERE role_id = ANY($1::int[])', [ids]);
    const pairRoles: number[] = [];
    const pairRights: string[] = [];
    for (const id of ids) {
      for (const right of new Set(input.rights.get(id) ?? [])) {
        if (!known.has(right)) continue;
        pairRoles.push(id);
        pairRights.push(right);
      }
    }
    if (pairRoles.length) {
      await m.query(`INSERT INTO role_right (role_id, "right") SELECT * FROM unnest($1::int[], $2::varchar[])`, [pairRoles, pairRights]);
    }
    return 'saved';
  });
}
