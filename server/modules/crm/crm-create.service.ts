import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../kernel/rights/auth-user';
import type { FieldError } from '../../kernel/http/forms';
import { createContact, foldSql, type Db } from './crm-lookup.service';
import { crmPolicy } from './crm.policy';
import { text } from '../../kernel/http/fields';
import { addressSchema, contactSchema, tiersSchema } from './crm.schema';
import { saveAddress, saveTiers } from './tiers.service';

/**
 * The CRM's door for modules that register an outside company where they work (a prevention
 * plan's outside company): the same rules and writes as the CRM's own company and address forms.
 */

/** Whether the user may register a new company in the CRM (the CRM's own rule). */
export function mayCreateTiers(user: AuthUser): boolean {
  return crmPolicy.addTiers(user);
}

/** A company of the tenant already holding this name (trimmed, case and accents ignored) or this SIRET, or null. */
export async function findSameTiers(db: Db, tenantId: number, name: string, siret: string): Promise<{ id: number; name: string; by: 'name' | 'siret' } | null> {
  const rows: Array<{ id: number; name: string; by: 'name' | 'siret' }> = await db.query(
    `SELECT id, name, CASE WHEN $3 <> '' AND siret = $3 THEN 'siret' ELSE 'name' END AS by
       FROM tiers
      WHERE tenant_id = $1 AND deleted_at IS NULL AND (${foldSql('trim(name)')} = ${foldSql('trim($2::text)')} OR ($3 <> '' AND siret = $3))
      ORDER BY id LIMIT 1`, [tenantId, name, siret]);
  return rows[0] ?? null;
}

/** A new outside company with its head office and, when a name is given, its contact. */
export interface NewTiersInput {
  name: string;
  siret: string;
  director: string;
  address: { name: string; address: string; zipCode: string; city: string; country: string };
  contact: { lastName: string; firstName: string; email: string; phone: string; mobile: string; functionId: number | null } | null;
}

// The CRM's own rules for what a new company, its address and its contact may hold (lengths, SIRET, zip, phones).
const contactRules = contactSchema.pick({ lastName: true, email: true, phone: true, mobile: true }).extend({ firstName: text(100) });
const TIERS_FIELDS: Record<string, string> = { name: 'name', director: 'director', siret: 'siret' };
const ADDRESS_FIELDS: Record<string, string> = { name: 'addressName', address: 'address', zipCode: 'zipCode', city: 'city', country: 'country' };
const CONTACT_FIELDS: Record<string, string> = { lastName: 'lastName', firstName: 'firstName', email: 'email', phone: 'phone', mobile: 'mobile' };

/**
 * What the CRM refuses in a new company, by the field of the caller's form: `name`, `director`,
 * `siret`, `addressName`, `address`, `zipCode`, `city`, `country`, `lastName`, `firstName`, `email`,
 * `phone`, `mobile` (translation keys). Empty when the CRM takes it.
 */
export function newTiersErrors(input: NewTiersInput): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const collect = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, fields: Record<string, string>) => {
    for (const issue of result.error?.issues ?? []) {
      const field = fields[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = /^[\w.-]+$/.test(issue.message) ? issue.message : 'validation.invalid';
    }
  };
  collect(tiersSchema.safeParse({ name: input.name, director: input.director, siret: input.siret, state: 'other', version: 0 }), TIERS_FIELDS);
  collect(addressSchema.safeParse({ ...input.address, version: 0 }), ADDRESS_FIELDS);
  if (input.contact) collect(contactRules.safeParse(input.contact), CONTACT_FIELDS);
  return errors;
}

/** Ids of what {@link createTiersWithAddress} wrote. */
export interface NewTiersIds { tiersId: number; addressId: number; contactId: number | null }

/**
 * Creates, inside the caller's transaction, a CRM company (a provider, state "other", owned by
 * `userId`), its head office address and its contact. Field errors ({@link newTiersErrors}, SIRET
 * taken) come back by the caller's field name; nothing is written then.
 */
export async function createTiersWithAddress(m: EntityManager, tenantId: number, userId: number, input: NewTiersInput): Promise<{ ok: true; ids: NewTiersIds } | { ok: false; errors: Record<string, FieldError> }> {
  const refused = newTiersErrors(input);
  if (Object.keys(refused).length) return { ok: false, errors: refused };
  const parsed = tiersSchema.safeParse({ name: input.name, director: input.director, siret: input.siret, state: 'other', isProvider: '1', version: 0 });
  if (!parsed.success) return { ok: false, errors: { name: 'validation.invalid' } };
  const tiers = await saveTiers(m, tenantId, userId, null, parsed.data);
  if (!tiers.ok) return { ok: false, errors: 'errors' in tiers ? tiers.errors : {} };
  const address = await saveAddress(m, tenantId, tiers.id, null, {
    ...input.address, isHeadOffice: true, isBilling: false, isMainBilling: false, isDelivery: false, isMainDelivery: false, version: 0,
  });
  if (!address.ok) throw new Error('head office of a new company refused');
  const contactId = input.contact
    ? await createContact(m, tenantId, { tiersId: tiers.id, ...input.contact })
    : null;
  return { ok: true, ids: { tiersId: tiers.id, addressId: address.id, contactId } };
}
