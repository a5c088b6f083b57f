import type { DataSource, EntityManager } from 'typeorm';
import { companyBlockSelect, type CompanyBlockRow } from '../crm/company-block.columns';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import { tiersChoices, type CompanyInput } from '../prevention-plan';
import { PPSPS_COMPANY_KINDS, type PpspsCompanyKind } from './ppsps-company.entity';
import { PPSPS_HISTORY_SUBJECT } from './ppsps.service';

type Db = DataSource | EntityManager;

/** The company block as posted (the plan's block schema, without its kind). */
export type PpspsCompanyInput = Omit<CompanyInput, 'kind'>;

/** A company of a PPSPS, as the tab and the forms read it. */
export interface PpspsCompanyRow extends CompanyBlockRow {
  id: number;
  ppspsId: number;
  kind: PpspsCompanyKind;
  parentId: number | null;
  parentName: string | null;
}

const SELECT = `SELECT c.id, c.ppsps_id AS "ppspsId", c.kind, c.parent_id AS "parentId", pa.name AS "parentName", ${companyBlockSelect('c')}
  FROM ppsps_company c LEFT JOIN ppsps_company pa ON pa.id = c.parent_id`;

/** The companies of a PPSPS in kind order (ET, MOE, MOA, SPS, ST), then by name. */
export async function listPpspsCompanies(db: Db, tenantId: number, ppspsId: number): Promise<PpspsCompanyRow[]> {
  return db.query(`${SELECT} WHERE c.tenant_id = $1 AND c.ppsps_id = $2
    ORDER BY array_position(ARRAY['ET','MOE','MOA','SPS','ST']::varchar[], c.kind), lower(c.name), c.id`, [tenantId, ppspsId]);
}

/** One company of the tenant, or null. */
export async function findPpspsCompany(db: Db, tenantId: number, id: number): Promise<PpspsCompanyRow | null> {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const rows: PpspsCompanyRow[] = await db.query(`${SELECT} WHERE c.tenant_id = $1 AND c.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

/** Is `kind` a company kind of a PPSPS? */
export const isPpspsKind = (kind: unknown): kind is PpspsCompanyKind => (PPSPS_COMPANY_KINDS as readonly unknown[]).includes(kind);

/**
 * The rules of a block: a name; the CRM company, address and contact of the tenant (the address
 * and contact of that company); a subcontractor's parent another company of the PPSPS, not below it.
 */
export async function validatePpspsCompany(db: Db, tenantId: number, ppspsId: number, kind: PpspsCompanyKind, selfId: number | null, d: PpspsCompanyInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  if (!d.name) errors.name = 'validation.required';
  const choices = d.tiers != null ? await tiersChoices(db, tenantId, d.tiers) : null;
  if (d.tiers != null && !choices) errors.tiers = 'validation.choice';
  if (d.tiersAddress != null && !choices?.addresses.some((a) => a.id === d.tiersAddress)) errors.tiersAddress = 'validation.choice';
  if (d.contact != null && !choices?.contacts.some((c) => c.id === d.contact)) errors.contact = 'validation.choice';
  if (kind === 'ST') {
    const others = await listPpspsCompanies(db, tenantId, ppspsId);
    // Never under itself or one of its own subcontractors.
    const below = new Set<number>(selfId != null ? [selfId] : []);
    for (let grew = true; grew;) {
      grew = false;
      for (const c of others) if (c.parentId != null && below.has(c.parentId) && !below.has(c.id)) { below.add(c.id); grew = true; }
    }
    if (d.parent == null || !others.some((c) => c.id === d.parent) || below.has(d.parent)) errors.parent = 'ppsps.companies.parent_required';
  }
  return errors;
}

const COLUMNS = (kind: PpspsCompanyKind, d: PpspsCompanyInput): Record<string, unknown> => {
  const orNull = (s: string) => (s ? s : null);
  return {
    kind, parent_id: kind === 'ST' ? d.parent : null, tiers_id: d.tiers, name: d.name, director: orNull(d.director), substitutes: orNull(d.substitutes),
    tiers_address_id: d.tiersAddress, address_name: orNull(d.addressName), address: orNull(d.address), zip_code: orNull(d.zipCode),
    city: orNull(d.city), country: orNull(d.country), contact_id: d.contact, last_name: orNull(d.lastName), first_name: orNull(d.firstName),
    phone: orNull(d.phone), mobile: orNull(d.mobile), email: orNull(d.email),
  };
};

/** Adds (`existing` null) or updates a company (optimistic lock), with a history row on the PPSPS. */
export async function savePpspsCompany(db: DataSource, p: { id: number; tenantId: number }, userId: number, existing: PpspsCompanyRow | null, kind: PpspsCompanyKind, d: PpspsCompanyInput): Promise<{ ok: true; id: number } | { ok: false }> {
  const cols = COLUMNS(existing?.kind ?? kind, d);
  return db.transaction(async (m) => {
    let id: number;
    if (!existing) {
      const names = ['tenant_id', 'ppsps_id', ...Object.keys(cols)];
      const [row] = await m.query(`INSERT INTO ppsps_company (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        [p.tenantId, p.id, ...Object.values(cols)]);
      id = row.id;
    } else {
      const names = Object.keys(cols);
      const rows = await m.query(
        `UPDATE ppsps_company SET ${names.map((n, i) => `${n} = $${i + 4}`).join(', ')}, version = version + 1
          WHERE id = $1 AND tenant_id = $2 AND version = $3 RETURNING id`, [existing.id, p.tenantId, d.version, ...Object.values(cols)]);
      const done = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ id: number }>;
      if (!done.length) return { ok: false } as const;
      id = existing.id;
    }
    await recordHistory(m, { tenantId: p.tenantId, subjectType: PPSPS_HISTORY_SUBJECT, subjectId: p.id, userId, transition: existing ? 'company_edit' : 'company_add', comment: d.name });
    return { ok: true, id } as const;
  });
}

/** Why a company may not be removed (it has subcontractors), or null. */
export async function ppspsCompanyRemovalRefusal(db: Db, tenantId: number, id: number): Promise<string | null> {
  const [row] = await db.query('SELECT count(*)::int AS n FROM ppsps_company WHERE tenant_id = $1 AND parent_id = $2', [tenantId, id]);
  return row.n > 0 ? 'ppsps.companies.has_subcontractors' : null;
}

/** Removes a company of a PPSPS (history row on the PPSPS). */
export async function removePpspsCompany(db: DataSource, tenantId: number, userId: number, c: PpspsCompanyRow): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('DELETE FROM ppsps_company WHERE id = $1 AND tenant_id = $2', [c.id, tenantId]);
    await recordHistory(m, { tenantId, subjectType: PPSPS_HISTORY_SUBJECT, subjectId: c.ppspsId, userId, transition: 'company_remove', comment: c.name });
  });
}
