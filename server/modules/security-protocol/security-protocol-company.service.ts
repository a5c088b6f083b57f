import type { DataSource, EntityManager } from 'typeorm';
import { companyBlockSelect, type CompanyBlockRow } from '../crm/company-block.columns';
import type { FieldError } from '../../kernel/http/forms';
import { recordHistory } from '../../kernel/history/history.service';
import { tiersChoices } from '../prevention-plan';
import type { ProtocolCompanyKind } from './security-protocol-company.entity';
import type { ProtocolCompanyInput } from './security-protocol.schema';
import type { ProtocolRef } from './security-protocol.policy';
import { PROTOCOL_HISTORY_SUBJECT } from './security-protocol.service';

type Db = DataSource | EntityManager;

/** One company of a protocol as the screens show it. */
export interface ProtocolCompanyRow extends CompanyBlockRow {
  id: number;
  protocolId: number;
  kind: ProtocolCompanyKind;
}

const COLUMNS = `pc.id, pc.protocol_id AS "protocolId", pc.kind, ${companyBlockSelect('pc')}`;

/** The companies of a protocol: host, carriers, handlers, subcontractors, by name. */
export async function listProtocolCompanies(db: Db, tenantId: number, protocolId: number): Promise<ProtocolCompanyRow[]> {
  return db.query(
    `SELECT ${COLUMNS} FROM security_protocol_company pc WHERE pc.tenant_id = $1 AND pc.protocol_id = $2
      ORDER BY CASE pc.kind WHEN 'host' THEN 0 WHEN 'carrier' THEN 1 WHEN 'handler' THEN 2 ELSE 3 END, lower(pc.name), pc.id`,
    [tenantId, protocolId]);
}

/** One company of a protocol of the tenant, or null. */
export async function findProtocolCompany(db: Db, tenantId: number, id: number): Promise<ProtocolCompanyRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const rows: ProtocolCompanyRow[] = await db.query(`SELECT ${COLUMNS} FROM security_protocol_company pc WHERE pc.tenant_id = $1 AND pc.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

/** The values of a stored company, for its edit form. */
export function companyValues(c: ProtocolCompanyRow): Record<string, unknown> {
  return {
    kind: c.kind, tiers: c.tiersId ?? '', name: c.name, director: c.director ?? '', substitutes: c.substitutes ?? '',
    tiersAddress: c.tiersAddressId ?? '', addressName: c.addressName ?? '', address: c.address ?? '', zipCode: c.zipCode ?? '',
    city: c.city ?? '', country: c.country ?? '', contact: c.contactId ?? '', lastName: c.lastName ?? '', firstName: c.firstName ?? '',
    phone: c.phone ?? '', mobile: c.mobile ?? '', email: c.email ?? '', version: c.version,
  };
}

/**
 * The rules of a company block (as on plans, seed 002 section 5: name, address and manager);
 * one host per protocol; a CRM company once per protocol; the chosen address and contact must be
 * the CRM company's.
 */
export async function validateProtocolCompany(db: Db, tenantId: number, protocolId: number, existing: ProtocolCompanyRow | null, data: ProtocolCompanyInput): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const kind = existing?.kind ?? data.kind;
  const others = (await listProtocolCompanies(db, tenantId, protocolId)).filter((c) => c.id !== existing?.id);
  if (!data.name) errors.name = 'security-protocol.companies.validation.name_required';
  if (!data.address) errors.address = 'security-protocol.companies.validation.address_required';
  if (!data.lastName) errors.lastName = 'security-protocol.companies.validation.manager_required';
  if (kind === 'host' && others.some((c) => c.kind === 'host')) errors.kind = 'security-protocol.companies.validation.host_exists';
  if (data.tiers != null) {
    const choices = await tiersChoices(db, tenantId, data.tiers);
    if (!choices) errors.tiers = 'validation.choice';
    else {
      if (others.some((c) => c.tiersId === data.tiers)) errors.tiers = 'security-protocol.companies.validation.tiers_exists';
      if (data.tiersAddress != null && !choices.addresses.some((a) => a.id === data.tiersAddress)) errors.tiersAddress = 'validation.choice';
      if (data.contact != null && !choices.contacts.some((c) => c.id === data.contact)) errors.contact = 'validation.choice';
    }
  } else {
    if (data.tiersAddress != null) errors.tiersAddress = 'validation.choice';
    if (data.contact != null) errors.contact = 'validation.choice';
  }
  return errors;
}

/** Outcome of a save. */
export type CompanySaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, FieldError> } | { ok: false; stale: true };

const blank = (v: string) => (v === '' ? null : v);

function blockParams(d: ProtocolCompanyInput): unknown[] {
  return [
    d.tiers, d.name, blank(d.director), blank(d.substitutes), d.tiers == null ? null : d.tiersAddress, blank(d.addressName), blank(d.address),
    blank(d.zipCode), blank(d.city), blank(d.country), d.tiers == null ? null : d.contact, blank(d.lastName), blank(d.firstName),
    blank(d.phone), blank(d.mobile), blank(d.email),
  ];
}

/** Adds (`existing` null) or edits (optimistic lock) a company of a protocol; writes the history. */
export async function saveProtocolCompany(db: DataSource, protocol: ProtocolRef, userId: number, existing: ProtocolCompanyRow | null, data: ProtocolCompanyInput): Promise<CompanySaveResult> {
  const errors = await validateProtocolCompany(db, protocol.tenantId, protocol.id, existing, data);
  if (Object.keys(errors).length) return { ok: false, errors };
  const kind = existing?.kind ?? data.kind;
  return db.transaction(async (m) => {
    let id: number;
    if (existing) {
      const [rows]: [Array<{ id: number }>, number] = await m.query(
        `UPDATE security_protocol_company SET tiers_id = $3, name = $4, director = $5, substitutes = $6, tiers_address_id = $7,
                address_name = $8, address = $9, zip_code = $10, city = $11, country = $12, contact_id = $13, last_name = $14,
                first_name = $15, phone = $16, mobile = $17, email = $18, version = version + 1
          WHERE id = $1 AND tenant_id = $2 AND version = $19 RETURNING id`,
        [existing.id, protocol.tenantId, ...blockParams(data), data.version]);
      if (!rows.length) return { ok: false as const, stale: true as const };
      id = existing.id;
    } else {
      const [row] = await m.query(
        `INSERT INTO security_protocol_company (tenant_id, protocol_id, kind, tiers_id, name, director, substitutes, tiers_address_id,
                address_name, address, zip_code, city, country, contact_id, last_name, first_name, phone, mobile, email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id`,
        [protocol.tenantId, protocol.id, kind, ...blockParams(data)]);
      id = row.id;
    }
    await recordHistory(m, {
      tenantId: protocol.tenantId, subjectType: PROTOCOL_HISTORY_SUBJECT, subjectId: protocol.id, userId,
      transition: existing ? 'company_edit' : 'company_add', comment: data.name,
    });
    return { ok: true as const, id };
  });
}

/** Removes a company from its protocol; writes the history. */
export async function removeProtocolCompany(db: DataSource, protocol: ProtocolRef, userId: number, company: ProtocolCompanyRow): Promise<void> {
  await db.transaction(async (m) => {
    await m.query('DELETE FROM security_protocol_company WHERE tenant_id = $1 AND id = $2', [protocol.tenantId, company.id]);
    await recordHistory(m, { tenantId: protocol.tenantId, subjectType: PROTOCOL_HISTORY_SUBJECT, subjectId: protocol.id, userId, transition: 'company_remove', comment: company.name });
  });
}
