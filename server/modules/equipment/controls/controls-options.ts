import type { Db } from '../../../kernel/db/sql';
import { personName } from '../../../kernel/person-name';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { userInTenant } from '../../../kernel/tenancy';
import { loadVgpScope, scopeParam, scopeSql } from '../core/equipment-access';

/** One choice of a select. */
export interface Option { id: number; name: string }

/** What the controllable form offers; `held` keeps the record's own choices (an archived equipment, a disabled user). */
export interface ControllableFormOptions {
  equipment: Option[]; categories: Array<Option & { preset: string | null }>; families: Option[]; types: Option[]; operators: Option[]; forms: Option[];
}

/** Enabled users of the company (plus `keep`), « Prénom Nom », sorted by last name. */
export async function operatorOptions(db: Db, tenantId: number, keep: number[] = []): Promise<Option[]> {
  const rows = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE ${userInTenant('u', '$1')} AND (u.enabled OR u.id = ANY($2::int[])) ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId, keep]);
  return rows.map((r: any) => ({ id: r.id, name: personName(r.first_name, r.last_name, r.username) }));
}

/** The company's categories that hold equipment, with their regulatory preset. */
export async function categoryOptions(db: Db, tenantId: number): Promise<Array<Option & { preset: string | null }>> {
  return db.query('SELECT id, name, preset FROM equipment_category WHERE tenant_id = $1 ORDER BY lower(name), id', [tenantId]);
}

/** The families of one category (the dependent select's first content; later ones come from `vgp_family`). */
export async function familyOptions(db: Db, tenantId: number, categoryId: number | null): Promise<Option[]> {
  if (!categoryId) return [];
  return db.query('SELECT id, name FROM equipment_family WHERE tenant_id = $1 AND category_id = $2 ORDER BY lower(name), id', [tenantId, categoryId]);
}

/** The company's entities (hierarchy items), for the list filter. */
export async function entityOptions(db: Db, tenantId: number): Promise<Option[]> {
  return db.query('SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id', [tenantId]);
}

/** Every choice of the controllable form for `user`. */
export async function controllableFormOptions(db: Db, user: AuthUser, held: { equipment?: number | null; category?: number | null; operator?: number | null; form?: number | null }): Promise<ControllableFormOptions> {
  const tenantId = user.tenantId;
  const scope = await loadVgpScope(db, user);
  const [equipment, categories, families, types, operators, forms] = await Promise.all([
    db.query(`SELECT id, name FROM equipment WHERE tenant_id = $1 AND (NOT archived OR id = $2) AND ${scopeSql(scope, 'hierarchy_item_id', 3)} ORDER BY lower(name), id`,
      [tenantId, held.equipment ?? 0, scopeParam(scope)]),
    categoryOptions(db, tenantId),
    familyOptions(db, tenantId, held.category ?? null),
    db.query('SELECT id, name FROM equipment_type WHERE tenant_id = $1 ORDER BY lower(name), id', [tenantId]),
    operatorOptions(db, tenantId, held.operator ? [held.operator] : []),
    db.query(`SELECT id, name FROM questionnaire WHERE tenant_id = $1 AND owner_type = 'vgp_form' AND (deleted_at IS NULL OR id = $2) ORDER BY lower(name), id`, [tenantId, held.form ?? 0]),
  ]);
  return { equipment, categories, families, types, operators, forms };
}
