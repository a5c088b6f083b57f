import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import type { PageRequest } from '../../kernel/http/pagination';
import { softDelete } from '../../kernel/trash/trash';
import type { AddressInput, TiersInput } from './crm.schema';
import { foldedLike, foldSql } from './crm-lookup.service';
import { rowsOf } from '../../kernel/db/sql';

type Db = DataSource | EntityManager;

// A manager's transaction inside another one is a savepoint: the caller's transaction keeps everything.
const managerOf = (db: Db): EntityManager => ('manager' in db ? db.manager : db);

/** Outcome of a save: the id, field errors, or a stale version (409). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

/** Who reads: everything (`all`), or only the companies the user created or is referent of. */
export interface CrmScope { all: boolean; userId: number }

/** A company as its show page and form use it. */
export interface TiersRecord {
  id: number;
  name: string;
  director: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  isProvider: boolean;
  intraVatNumber: string | null;
  state: string;
  apeCode: string | null;
  siret: string | null;
  legalForm: string | null;
  creationYear: number | null;
  staffCount: number | null;
  capital: string | null;
  averageTurnover: string | null;
  activityDescription: string | null;
  referentId: number | null;
  referentName: string | null;
  vatRateId: number | null;
  vatRateLabel: string | null;
  logoFileId: number | null;
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  activities: Array<{ id: number; name: string }>;
  domains: Array<{ id: number; label: string }>;
}

/** A row of the company list. */
export interface TiersListRow { id: number; name: string; state: string; siret: string | null; city: string | null; phone: string | null; email: string | null; isProvider: boolean; contacts: number }

/** An address of a company, every flag. */
export interface AddressRecord {
  id: number; tiersId: number; name: string | null; address: string; zipCode: string | null; city: string | null; country: string | null;
  isHeadOffice: boolean; isBilling: boolean; isMainBilling: boolean; isDelivery: boolean; isMainDelivery: boolean; version: number;
}

/** SQL condition on `t` (a tiers alias) for a scope; `$n` is the user id parameter. */
export function tiersScopeSql(scope: CrmScope, alias: string, param: string): string {
  // The user id parameter is typed even when unused: PostgreSQL refuses a parameter of unknown type.
  return scope.all ? `${param}::int IS NOT NULL` : `(${alias}.created_by_id = ${param} OR ${alias}.referent_id = ${param})`;
}

/** A page of the company list: search on name, SIRET and city, state filter; by name. */
export async function listTiers(db: Db, tenantId: number, scope: CrmScope, filters: { q: string; state: string }, page: PageRequest): Promise<{ rows: TiersListRow[]; total: number }> {
  const params: unknown[] = [tenantId, scope.userId];
  const where = ['t.tenant_id = $1', 't.deleted_at IS NULL', tiersScopeSql(scope, 't', '$2')];
  if (filters.q) {
    params.push(foldedLike(filters.q), filters.q.replace(/\s/g, ''));
    const [term, compact] = [`$${params.length - 1}`, `$${params.length}`];
    where.push(`(${foldSql('t.name')} LIKE ${term} OR t.siret LIKE ${compact} || '%'
      OR EXISTS (SELECT 1 FROM tiers_address sa WHERE sa.tiers_id = t.id AND sa.tenant_id = t.tenant_id AND (${foldSql('sa.city')} LIKE ${term} OR sa.zip_code LIKE ${compact} || '%')))`);
  }
  if (filters.state) { params.push(filters.state); where.push(`t.state = $${params.length}`); }
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM tiers t WHERE ${where.join(' AND ')}`, params);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT t.id, t.name, t.state, t.siret, t.phone, t.email, t.is_provider, a.city,
            (SELECT count(*)::int FROM contact_company cc JOIN contact c ON c.id = cc.contact_id AND c.deleted_at IS NULL
              WHERE cc.tiers_id = t.id AND cc.tenant_id = t.tenant_id) AS contacts
       FROM tiers t
       LEFT JOIN LATERAL (SELECT ta.city FROM tiers_address ta WHERE ta.tiers_id = t.id AND ta.tenant_id = t.tenant_id
                           ORDER BY ta.is_head_office DESC, ta.id LIMIT 1) a ON true
      WHERE ${where.join(' AND ')}
      ORDER BY lower(t.name), t.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.perPage, page.offset],
  );
  return {
    total: n,
    rows: rows.map((r) => ({ id: r.id, name: r.name, state: r.state, siret: r.siret, city: r.city, phone: r.phone, email: r.email, isProvider: r.is_provider, contacts: r.contacts })),
  };
}

/** One company of the tenant with its activities and domains (not in the trash), or null. */
export async function findTiersRecord(db: Db, tenantId: number, id: number): Promise<TiersRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query(
    `SELECT t.*, v.label AS vat_label, NULLIF(trim(u.first_name || ' ' || u.last_name), '') AS referent_name, u.username AS referent_username
       FROM tiers t
       LEFT JOIN vat_rate v ON v.id = t.vat_rate_id AND v.tenant_id = t.tenant_id
       LEFT JOIN app_user u ON u.id = t.referent_id
      WHERE t.tenant_id = $1 AND t.id = $2 AND t.deleted_at IS NULL`,
    [tenantId, id],
  );
  if (!r) return null;
  const activities = await db.query(
    `SELECT a.id, a.name FROM tiers_activity ta JOIN crm_activity a ON a.id = ta.activity_id WHERE ta.tenant_id = $1 AND ta.tiers_id = $2 ORDER BY lower(a.name)`, [tenantId, id]);
  const domains = await db.query(
    `SELECT n.id, n.label FROM tiers_domain td JOIN nomenclature_item n ON n.id = td.domain_id WHERE td.tenant_id = $1 AND td.tiers_id = $2 ORDER BY n.position, lower(n.label)`, [tenantId, id]);
  return {
    id: r.id, name: r.name, director: r.director, email: r.email, phone: r.phone, website: r.website, isProvider: r.is_provider,
    intraVatNumber: r.intra_vat_number, state: r.state, apeCode: r.ape_code, siret: r.siret, legalForm: r.legal_form,
    creationYear: r.creation_year, staffCount: r.staff_count, capital: r.capital, averageTurnover: r.average_turnover,
    activityDescription: r.activity_description, referentId: r.referent_id, referentName: r.referent_name ?? r.referent_username ?? null,
    vatRateId: r.vat_rate_id, vatRateLabel: r.vat_label, logoFileId: r.logo_file_id, createdById: r.created_by_id, createdAt: r.created_at, updatedAt: r.updated_at,
    version: r.version, activities, domains,
  };
}

/** The form values of a company (what the edit form starts from). */
export function tiersFormValues(t: TiersRecord): Record<string, unknown> {
  return {
    name: t.name, director: t.director ?? '', email: t.email ?? '', phone: t.phone ?? '', website: t.website ?? '', isProvider: t.isProvider,
    intraVatNumber: t.intraVatNumber ?? '', state: t.state, apeCode: t.apeCode ?? '', siret: t.siret ?? '', legalForm: t.legalForm ?? '',
    creationYear: t.creationYear ?? '', staffCount: t.staffCount ?? '', capital: frenchAmount(t.capital), averageTurnover: frenchAmount(t.averageTurnover),
    activityIds: t.activities.map((a) => a.id), domainIds: t.domains.map((d) => d.id), activityDescription: t.activityDescription ?? '',
    referentId: t.referentId ?? '', referentLabel: t.referentName ?? '', vatRateId: t.vatRateId ?? '', version: t.version,
  };
}

/** `1500000.50` -> `1500000,50`; whole amounts lose their decimals. */
export function frenchAmount(v: string | null): string {
  if (v === null || v === undefined) return '';
  return v.replace(/\.00$/, '').replace('.', ',');
}

/** Checks the ids a company form points to: activities, domains, VAT rate, referent (all of the tenant). */
async function referenceErrors(m: EntityManager, tenantId: number, input: TiersInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const ids = (list: number[]) => [...new Set(list)];
  if (input.activityIds.length) {
    const [{ n }] = await m.query('SELECT count(*)::int AS n FROM crm_activity WHERE tenant_id = $1 AND id = ANY($2::int[])', [tenantId, ids(input.activityIds)]);
    if (n !== ids(input.activityIds).length) errors.activityIds = 'validation.choice';
  }
  if (input.domainIds.length) {
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM nomenclature_item WHERE tenant_id = $1 AND kind = 'domain' AND id = ANY($2::int[])`, [tenantId, ids(input.domainIds)]);
    if (n !== ids(input.domainIds).length) errors.domainIds = 'validation.choice';
  }
  if (input.vatRateId !== null) {
    const [v] = await m.query('SELECT 1 FROM vat_rate WHERE tenant_id = $1 AND id = $2', [tenantId, input.vatRateId]);
    if (!v) errors.vatRateId = 'validation.choice';
  }
  if (input.referentId !== null) {
    const [u] = await m.query(
      `SELECT 1 FROM app_user u WHERE u.id = $2 AND (u.tenant_id = $1 OR EXISTS (SELECT 1 FROM user_tenant ut WHERE ut.user_id = u.id AND ut.tenant_id = $1))`,
      [tenantId, input.referentId]);
    if (!u) errors.referentId = 'validation.choice';
  }
  return errors;
}

/**
 * Creates (id null) or updates a company with its activities and domains. The SIRET must not be
 * another company's of the tenant; an update is refused when the version moved (409).
 * Given a transaction's manager, it runs inside it (a savepoint).
 */
export async function saveTiers(db: DataSource | EntityManager, tenantId: number, userId: number, id: number | null, input: TiersInput): Promise<SaveResult> {
  return managerOf(db).transaction(async (m): Promise<SaveResult> => {
    const errors = await referenceErrors(m, tenantId, input);
    if (input.siret) {
      const [other] = await m.query('SELECT name FROM tiers WHERE tenant_id = $1 AND siret = $2 AND id <> $3 AND deleted_at IS NULL', [tenantId, input.siret, id ?? 0]);
      if (other) errors.siret = { key: 'crm.validation.siret_taken', params: { name: other.name } };
    }
    if (Object.keys(errors).length) return { ok: false, errors };
    const values = [
      input.name, input.director || null, input.email || null, input.phone || null, input.website || null, input.isProvider,
      input.intraVatNumber || null, input.state, input.apeCode || null, input.siret || null, input.legalForm || null,
      input.creationYear, input.staffCount, input.capital, input.averageTurnover, input.activityDescription || null,
      input.referentId, input.vatRateId,
    ];
    let tiersId: number;
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO tiers (name, director, email, phone, website, is_provider, intra_vat_number, state, ape_code, siret, legal_form,
                            creation_year, staff_count, capital, average_turnover, activity_description, referent_id, vat_rate_id, tenant_id, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING id`,
        [...values, tenantId, userId]);
      tiersId = row.id;
    } else {
      const updated = rowsOf(await m.query(
        `UPDATE tiers SET name = $1, director = $2, email = $3, phone = $4, website = $5, is_provider = $6, intra_vat_number = $7, state = $8,
                ape_code = $9, siret = $10, legal_form = $11, creation_year = $12, staff_count = $13, capital = $14, average_turnover = $15,
                activity_description = $16, referent_id = $17, vat_rate_id = $18, version = version + 1, updated_at = now()
          WHERE tenant_id = $19 AND id = $20 AND version = $21 AND deleted_at IS NULL RETURNING id`,
        [...values, tenantId, id, input.version]));
      if (!updated.length) return { ok: false, stale: true };
      tiersId = id;
      await m.query('DELETE FROM tiers_activity WHERE tenant_id = $1 AND tiers_id = $2', [tenantId, tiersId]);
      await m.query('DELETE FROM tiers_domain WHERE tenant_id = $1 AND tiers_id = $2', [tenantId, tiersId]);
    }
    if (input.activityIds.length) {
      await m.query('INSERT INTO tiers_activity (tenant_id, tiers_id, activity_id) SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING', [tenantId, tiersId, [...new Set(input.activityIds)]]);
    }
    if (input.domainIds.length) {
      await m.query('INSERT INTO tiers_domain (tenant_id, tiers_id, domain_id) SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING', [tenantId, tiersId, [...new Set(input.domainIds)]]);
    }
    return { ok: true, id: tiersId };
  });
}

const toAddress = (r: Record<string, any>): AddressRecord => ({
  id: r.id, tiersId: r.tiers_id, name: r.name, address: r.address, zipCode: r.zip_code, city: r.city, country: r.country,
  isHeadOffice: r.is_head_office, isBilling: r.is_billing, isMainBilling: r.is_main_billing, isDelivery: r.is_delivery,
  isMainDelivery: r.is_main_delivery, version: r.version,
});

/** Every address of a company, head office first. */
export async function listAddresses(db: Db, tenantId: number, tiersId: number): Promise<AddressRecord[]> {
  const rows = await db.query('SELECT * FROM tiers_address WHERE tenant_id = $1 AND tiers_id = $2 ORDER BY is_head_office DESC, is_main_billing DESC, id', [tenantId, tiersId]);
  return rows.map(toAddress);
}

/** One address of the tenant, or null. */
export async function findAddress(db: Db, tenantId: number, id: number): Promise<AddressRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query('SELECT * FROM tiers_address WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
  return r ? toAddress(r) : null;
}

/** Form values of an address. */
export function addressFormValues(a: AddressRecord): Record<string, unknown> {
  return {
    name: a.name ?? '', address: a.address, zipCode: a.zipCode ?? '', city: a.city ?? '', country: a.country ?? '',
    isHeadOffice: a.isHeadOffice, isBilling: a.isBilling, isMainBilling: a.isMainBilling, isDelivery: a.isDelivery, isMainDelivery: a.isMainDelivery,
    version: a.version,
  };
}

const UNIQUE_FLAGS = [
  ['isHeadOffice', 'is_head_office', 'crm.validation.head_office_taken'],
  ['isMainBilling', 'is_main_billing', 'crm.validation.main_billing_taken'],
  ['isMainDelivery', 'is_main_delivery', 'crm.validation.main_delivery_taken'],
] as const;

/**
 * Creates (id null) or updates an address of a company. A main billing (delivery) address is a
 * billing (delivery) one; at most one head office, one main billing and one main delivery address
 * per company: another one holding the flag is named in the error. Rows of the company are locked
 * so two saves cannot both take a flag.
 */
export async function saveAddress(db: DataSource | EntityManager, tenantId: number, tiersId: number, id: number | null, input: AddressInput): Promise<SaveResult> {
  const data = { ...input, isBilling: input.isBilling || input.isMainBilling, isDelivery: input.isDelivery || input.isMainDelivery };
  return managerOf(db).transaction(async (m): Promise<SaveResult> => {
    await m.query('SELECT id FROM tiers WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [tenantId, tiersId]);
    const errors: Record<string, FieldError> = {};
    for (const [field, column, key] of UNIQUE_FLAGS) {
      if (!data[field]) continue;
      const [other] = await m.query(`SELECT coalesce(name, address) AS label FROM tiers_address WHERE tenant_id = $1 AND tiers_id = $2 AND ${column} AND id <> $3`, [tenantId, tiersId, id ?? 0]);
      if (other) errors[field] = { key, params: { address: other.label } };
    }
    if (Object.keys(errors).length) return { ok: false, errors };
    const values = [data.name || null, data.address, data.zipCode || null, data.city || null, data.country || null,
      data.isHeadOffice, data.isBilling, data.isMainBilling, data.isDelivery, data.isMainDelivery];
    if (id === null) {
      const [row] = await m.query(
        `INSERT INTO tiers_address (name, address, zip_code, city, country, is_head_office, is_billing, is_main_billing, is_delivery, is_main_delivery, tenant_id, tiers_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`, [...values, tenantId, tiersId]);
      return { ok: true, id: row.id };
    }
    const updated = rowsOf(await m.query(
      `UPDATE tiers_address SET name = $1, address = $2, zip_code = $3, city = $4, country = $5, is_head_office = $6, is_billing = $7,
              is_main_billing = $8, is_delivery = $9, is_main_delivery = $10, version = version + 1, updated_at = now()
        WHERE tenant_id = $11 AND tiers_id = $12 AND id = $13 AND version = $14 RETURNING id`, [...values, tenantId, tiersId, id, data.version]));
    return updated.length ? { ok: true, id } : { ok: false, stale: true };
  });
}

/** Removes an address; 'in_use' when a prevention plan's company block points to it. */
export async function removeAddress(db: DataSource, tenantId: number, id: number): Promise<'removed' | 'not_found' | 'in_use'> {
  try {
    const result = rowsOf(await db.query('DELETE FROM tiers_address WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id]));
    return result.length ? 'removed' : 'not_found';
  } catch (err) {
    // A foreign key of another module (RESTRICT) refuses the removal.
    if ((err as { code?: string }).code === '23503' || (err as { driverError?: { code?: string } }).driverError?.code === '23503') return 'in_use';
    throw err;
  }
}

/** The contacts of a company with their function there, for the employees tab. */
export async function listTiersEmployees(db: Db, tenantId: number, tiersId: number): Promise<Array<Record<string, any>>> {
  return db.query(
    `SELECT c.id, c.civility, c.last_name, c.first_name, c.is_old_employee, c.user_id, f.name AS function_name, f.is_manager,
            COALESCE(cc.pro_email, c.email) AS email, COALESCE(cc.pro_phone, c.phone) AS phone, COALESCE(cc.pro_mobile, c.mobile) AS mobile
       FROM contact_company cc
       JOIN contact c ON c.id = cc.contact_id AND c.tenant_id = cc.tenant_id AND c.deleted_at IS NULL
       LEFT JOIN crm_function f ON f.id = cc.function_id
      WHERE cc.tenant_id = $1 AND cc.tiers_id = $2
      ORDER BY c.is_old_employee, COALESCE(f.is_manager, false) DESC, lower(c.last_name), lower(c.first_name)`,
    [tenantId, tiersId]);
}

/** Moves a company to the shared trash (its addresses and contacts stay, hidden with it); false when not found. */
export async function trashTiers(db: DataSource, tenantId: number, id: number, userId: number, title: string): Promise<boolean> {
  return db.transaction((m) => softDelete(m, { table: 'tiers', id, tenantId, title, userId }));
}

/** Points the company's logo at a stored file. */
export async function setTiersLogo(db: Db, tenantId: number, id: number, fileId: number): Promise<void> {
  await db.query('UPDATE tiers SET logo_file_id = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2', [tenantId, id, fileId]);
}
