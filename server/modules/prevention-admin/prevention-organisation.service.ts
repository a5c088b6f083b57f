import type { DataSource } from 'typeorm';
import { softDelete } from '../../kernel/trash/trash';
import type { OrganisationInput } from './prevention-admin.schema';
import { PREVENTION_ORGANISATION_TYPES, type PreventionOrganisationType } from './prevention-organisation.entity';
import type { Db, SaveResult } from './work-type.service';
import { rowsOf } from '../../kernel/db/sql';

/** A prevention organisation as the admin screen and the plan form use it. */
export interface OrganisationRow {
  id: number;
  name: string;
  type: PreventionOrganisationType;
  contact: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  version: number;
}

const COLUMNS = 'id, name, type, contact, address, email, phone, version';
const toRow = (r: Record<string, any>): OrganisationRow => ({
  id: r.id, name: r.name, type: r.type, contact: r.contact, address: r.address, email: r.email, phone: r.phone, version: r.version,
});

/** True for a known organisation type. */
export function isOrganisationType(v: unknown): v is PreventionOrganisationType {
  return typeof v === 'string' && (PREVENTION_ORGANISATION_TYPES as readonly string[]).includes(v);
}

/** The company's organisations (not in the trash), of one type when given, by type order then name. */
export async function listOrganisations(db: Db, tenantId: number, type?: PreventionOrganisationType): Promise<OrganisationRow[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM prevention_organisation WHERE tenant_id = $1 AND deleted_at IS NULL AND ($2::varchar IS NULL OR type = $2)
      ORDER BY array_position($3::varchar[], type), lower(name), id`,
    [tenantId, type ?? null, PREVENTION_ORGANISATION_TYPES]);
  return rows.map(toRow);
}

/** One organisation of the company (not in the trash), of the given type when given, or null. */
export async function findOrganisation(db: Db, tenantId: number, id: number, type?: PreventionOrganisationType): Promise<OrganisationRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query(`SELECT ${COLUMNS} FROM prevention_organisation WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL AND ($3::varchar IS NULL OR type = $3)`,
    [id, tenantId, type ?? null]);
  return r ? toRow(r) : null;
}

/** Creates (id null) or updates an organisation (optimistic lock on update). */
export async function saveOrganisation(db: DataSource, tenantId: number, id: number | null, input: OrganisationInput): Promise<SaveResult> {
  const values = [input.name, input.type, input.contact, input.address, input.email, input.phone];
  if (id === null) {
    const [row] = await db.query(
      'INSERT INTO prevention_organisation (name, type, contact, address, email, phone, tenant_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id', [...values, tenantId]);
    return { ok: true, id: row.id };
  }
  const updated = rowsOf(await db.query(
    `UPDATE prevention_organisation SET name = $1, type = $2, contact = $3, address = $4, email = $5, phone = $6, version = version + 1, updated_at = now()
      WHERE id = $7 AND tenant_id = $8 AND version = $9 AND deleted_at IS NULL RETURNING id`,
    [...values, id, tenantId, input.version]));
  return updated.length ? { ok: true, id } : { ok: false, stale: true };
}

/** Moves an organisation to the shared trash; false when it is not one of the company's. */
export async function removeOrganisation(db: DataSource, tenantId: number, id: number, userId: number | null): Promise<boolean> {
  return db.transaction(async (m) => {
    const [r] = await m.query('SELECT name FROM prevention_organisation WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE', [id, tenantId]);
    if (!r) return false;
    return softDelete(m, { table: 'prevention_organisation', id, tenantId, title: r.name, userId });
  });
}
