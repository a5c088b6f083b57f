import type { DataSource, EntityManager } from 'typeorm';

/** A DataSource, or the EntityManager of a running transaction. */
export type Db = DataSource | EntityManager;

/** A company found by the search: what an autocomplete shows. */
export interface TiersHit { id: number; name: string; city: string | null }

/** What other modules read of a company. */
export interface TiersSummary {
  id: number;
  name: string;
  director: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  siret: string | null;
  state: string;
  isProvider: boolean;
}

/** An address of a company as other modules show it. */
export interface TiersAddressRow {
  id: number;
  name: string | null;
  address: string;
  zipCode: string | null;
  city: string | null;
  country: string | null;
  isHeadOffice: boolean;
}

/** A contact working for a company, with his function there. */
export interface TiersContactRow {
  id: number;
  lastName: string;
  firstName: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  functionName: string | null;
  isManager: boolean;
}

/** Input of {@link createContact}: a new contact directly linked to a company. */
export interface NewContactInput {
  tiersId: number;
  lastName: string;
  firstName: string;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  functionId?: number | null;
}

function escapeLike(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoa';

/** SQL folding a text column for search: lower case, French accents removed ("Vénissieux" -> "venissieux"). */
export function foldSql(expr: string): string {
  return `translate(lower(${expr}), '${ACCENTED}', '${PLAIN}')`;
}

/** The search term folded like {@link foldSql}, as an ILIKE pattern containing it. */
export function foldedLike(q: string): string {
  const folded = [...q.trim().toLowerCase()].map((c) => { const i = ACCENTED.indexOf(c); return i >= 0 ? PLAIN[i] : c; }).join('');
  return `%${escapeLike(folded)}%`;
}

/**
 * Companies of the tenant whose name, SIRET or the city of one of its addresses contains `q`
 * (case and accents ignored; names starting with `q` first), not in the trash. The city shown is
 * the head office's, else the first address's.
 */
export async function searchTiers(db: Db, tenantId: number, q: string, limit = 10): Promise<TiersHit[]> {
  const term = foldedLike(q);
  const rows: Array<{ id: number; name: string; city: string | null }> = await db.query(
    `SELECT t.id, t.name, a.city
       FROM tiers t
       LEFT JOIN LATERAL (
         SELECT ta.city FROM tiers_address ta
          WHERE ta.tiers_id = t.id AND ta.tenant_id = t.tenant_id
          ORDER BY ta.is_head_office DESC, ta.id LIMIT 1) a ON true
      WHERE t.tenant_id = $1 AND t.deleted_at IS NULL
        AND (${foldSql('t.name')} LIKE $2 OR t.siret LIKE $3
             OR EXISTS (SELECT 1 FROM tiers_address sa WHERE sa.tiers_id = t.id AND sa.tenant_id = t.tenant_id AND ${foldSql('sa.city')} LIKE $2))
      ORDER BY (${foldSql('t.name')} LIKE substr($2, 2)) DESC, lower(t.name), t.id
      LIMIT $4`,
    [tenantId, term, `%${escapeLike(q.replace(/\s/g, ''))}%`, Math.max(1, Math.min(limit, 100))],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, city: r.city }));
}

/** One company of the tenant (not in the trash), or null. */
export async function findTiers(db: Db, tenantId: number, id: number): Promise<TiersSummary | null> {
  const rows: Array<Record<string, unknown>> = await db.query(
    `SELECT id, name, director, email, phone, website, siret, state, is_provider
       FROM tiers WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`,
    [tenantId, id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id as number,
    name: r.name as string,
    director: (r.director as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    website: (r.website as string | null) ?? null,
    siret: (r.siret as string | null) ?? null,
    state: r.state as string,
    isProvider: r.is_provider as boolean,
  };
}

/** The addresses of a company of the tenant, head office first. */
export async function listTiersAddresses(db: Db, tenantId: number, tiersId: number): Promise<TiersAddressRow[]> {
  const rows: Array<Record<string, unknown>> = await db.query(
    `SELECT id, name, address, zip_code, city, country, is_head_office
       FROM tiers_address WHERE tenant_id = $1 AND tiers_id = $2
      ORDER BY is_head_office DESC, name NULLS LAST, id`,
    [tenantId, tiersId],
  );
  return rows.map((r) => ({
    id: r.id as number,
    name: (r.name as string | null) ?? null,
    address: r.address as string,
    zipCode: (r.zip_code as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    country: (r.country as string | null) ?? null,
    isHeadOffice: r.is_head_office as boolean,
  }));
}

/**
 * The contacts working for a company (not in the trash, former employees left out), managers first.
 * Professional phone, mobile and email win over the personal ones.
 */
export async function listTiersContacts(db: Db, tenantId: number, tiersId: number): Promise<TiersContactRow[]> {
  const rows: Array<Record<string, unknown>> = await db.query(
    `SELECT c.id, c.last_name, c.first_name,
            COALESCE(cc.pro_email, c.email) AS email,
            COALESCE(cc.pro_phone, c.phone) AS phone,
            COALESCE(cc.pro_mobile, c.mobile) AS mobile,
            f.name AS function_name, COALESCE(f.is_manager, false) AS is_manager
       FROM contact_company cc
       JOIN contact c ON c.id = cc.contact_id AND c.tenant_id = cc.tenant_id
       LEFT JOIN crm_function f ON f.id = cc.function_id AND f.tenant_id = cc.tenant_id
      WHERE cc.tenant_id = $1 AND cc.tiers_id = $2 AND c.deleted_at IS NULL AND c.is_old_employee = false
      ORDER BY COALESCE(f.is_manager, false) DESC, c.last_name, c.first_name, c.id`,
    [tenantId, tiersId],
  );
  return rows.map((r) => ({
    id: r.id as number,
    lastName: r.last_name as string,
    firstName: r.first_name as string,
    fullName: `${r.first_name as string} ${r.last_name as string}`.trim(),
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    mobile: (r.mobile as string | null) ?? null,
    functionName: (r.function_name as string | null) ?? null,
    isManager: r.is_manager as boolean,
  }));
}

/**
 * Creates a contact working for a company of the tenant, inside the caller's transaction.
 * Throws when the company or the function is not the tenant's (callers validate before).
 * @returns the new contact's id
 */
export async function createContact(m: EntityManager, tenantId: number, input: NewContactInput): Promise<number> {
  const tiers = await m.query(`SELECT id FROM tiers WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, input.tiersId]);
  if (!tiers.length) throw new Error(`tiers ${input.tiersId} not found in tenant ${tenantId}`);
  let functionId: number | null = input.functionId ?? null;
  if (functionId !== null) {
    const f = await m.query(`SELECT id FROM crm_function WHERE tenant_id = $1 AND id = $2`, [tenantId, functionId]);
    if (!f.length) functionId = null;
  }
  const inserted: Array<{ id: number }> = await m.query(
    `INSERT INTO contact (tenant_id, last_name, first_name, email, phone, mobile)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [tenantId, input.lastName.trim(), input.firstName.trim(), input.email?.trim() || null, input.phone?.trim() || null, input.mobile?.trim() || null],
  );
  const id = inserted[0].id;
  await m.query(
    `INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id) VALUES ($1, $2, $3, $4)`,
    [tenantId, id, input.tiersId, functionId],
  );
  return id;
}
