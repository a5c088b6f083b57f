import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../kernel/http/forms';
import type { PageRequest } from '../../kernel/http/pagination';
import { hashPassword } from '../../kernel/auth/password';
import { killUserSessions } from '../../kernel/auth/sessions';
import { clock } from '../../kernel/clock';
import { softDelete } from '../../kernel/trash/trash';
import { formatDate, parseFrenchDate } from '../../kernel/i18n/format';
import type { ContactInput, ContactLinkInput } from './crm.schema';
import { foldedLike, foldSql } from './crm-lookup.service';
import { tiersScopeSql, type CrmScope, type SaveResult } from './tiers.service';
import { rowsOf } from '../../kernel/db/sql';
import { grantSystemRole } from '../identity/roles';

type Db = DataSource | EntityManager;

/** The role a contact's user account receives (server/modules/identity/roles.ts). */
export const CONTACT_ROLE = 'contact';

/** A company a contact works for, with his function and professional details there. */
export interface ContactLink {
  tiersId: number; tiersName: string; functionId: number | null; functionName: string | null; isManager: boolean;
  proPhone: string | null; proMobile: string | null; proEmail: string | null;
}

/** A contact as its show page and form use it. */
export interface ContactRecord {
  id: number; civility: string | null; lastName: string; firstName: string; birthDate: string | null; address: string | null;
  phone: string | null; mobile: string | null; email: string | null; locale: string; withUserAccount: boolean; isOldEmployee: boolean;
  userId: number | null; username: string | null; userEnabled: boolean | null; createdById: number | null; version: number;
  createdAt: Date; updatedAt: Date; links: ContactLink[];
}

/** A row of the contact list. */
export interface ContactListRow {
  id: number; civility: string | null; lastName: string; firstName: string; email: string | null; phone: string | null; mobile: string | null;
  isOldEmployee: boolean; hasAccount: boolean; companies: string | null; functions: string | null;
}

/**
 * SQL condition on a contact alias for a scope: every contact, or those the user created and
 * those working for a company he created or is referent of.
 */
export function contactScopeSql(scope: CrmScope, alias: string, param: string): string {
  if (scope.all) return `${param}::int IS NOT NULL`;
  return `(${alias}.created_by_id = ${param} OR EXISTS (SELECT 1 FROM contact_company sc JOIN tiers st ON st.id = sc.tiers_id
            WHERE sc.contact_id = ${alias}.id AND st.deleted_at IS NULL AND (st.created_by_id = ${param} OR st.referent_id = ${param})))`;
}

/** A page of the contact list: search on names, e-mail, phones and company name; former employees on demand. */
export async function listContacts(db: Db, tenantId: number, scope: CrmScope, filters: { q: string; former: string }, page: PageRequest): Promise<{ rows: ContactListRow[]; total: number }> {
  const params: unknown[] = [tenantId, scope.userId];
  const where = ['c.tenant_id = $1', 'c.deleted_at IS NULL', contactScopeSql(scope, 'c', '$2')];
  if (filters.former !== '1') where.push('c.is_old_employee = false');
  if (filters.q) {
    params.push(foldedLike(filters.q));
    const p = `$${params.length}`;
    where.push(`(${foldSql("c.last_name || ' ' || c.first_name")} LIKE ${p} OR ${foldSql("c.first_name || ' ' || c.last_name")} LIKE ${p}
      OR lower(c.email) LIKE ${p} OR c.phone LIKE ${p} OR c.mobile LIKE ${p}
      OR EXISTS (SELECT 1 FROM contact_company qc JOIN tiers qt ON qt.id = qc.tiers_id WHERE qc.contact_id = c.id AND ${foldSql('qt.name')} LIKE ${p}))`);
  }
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM contact c WHERE ${where.join(' AND ')}`, params);
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT c.id, c.civility, c.last_name, c.first_name, c.email, c.phone, c.mobile, c.is_old_employee, c.user_id,
            (SELECT string_agg(t.name, ', ' ORDER BY t.name) FROM contact_company cc JOIN tiers t ON t.id = cc.tiers_id AND t.deleted_at IS NULL WHERE cc.contact_id = c.id) AS companies,
            (SELECT string_agg(DISTINCT f.name, ', ') FROM contact_company cc JOIN crm_function f ON f.id = cc.function_id WHERE cc.contact_id = c.id) AS functions
       FROM contact c WHERE ${where.join(' AND ')}
      ORDER BY lower(c.last_name), lower(c.first_name), c.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, page.perPage, page.offset]);
  return {
    total: n,
    rows: rows.map((r) => ({
      id: r.id, civility: r.civility, lastName: r.last_name, firstName: r.first_name, email: r.email, phone: r.phone, mobile: r.mobile,
      isOldEmployee: r.is_old_employee, hasAccount: r.user_id !== null, companies: r.companies, functions: r.functions,
    })),
  };
}

/** One contact of the tenant with the companies he works for (not in the trash), or null. */
export async function findContactRecord(db: Db, tenantId: number, id: number): Promise<ContactRecord | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [r] = await db.query(
    `SELECT c.*, u.username, u.enabled AS user_enabled FROM contact c LEFT JOIN app_user u ON u.id = c.user_id
      WHERE c.tenant_id = $1 AND c.id = $2 AND c.deleted_at IS NULL`, [tenantId, id]);
  if (!r) return null;
  const links: Array<Record<string, any>> = await db.query(
    `SELECT cc.tiers_id, t.name AS tiers_name, cc.function_id, f.name AS function_name, COALESCE(f.is_manager, false) AS is_manager,
            cc.pro_phone, cc.pro_mobile, cc.pro_email
       FROM contact_company cc JOIN tiers t ON t.id = cc.tiers_id AND t.deleted_at IS NULL
       LEFT JOIN crm_function f ON f.id = cc.function_id
      WHERE cc.tenant_id = $1 AND cc.contact_id = $2 ORDER BY cc.id`, [tenantId, id]);
  return {
    id: r.id, civility: r.civility, lastName: r.last_name, firstName: r.first_name, birthDate: r.birth_date, address: r.address,
    phone: r.phone, mobile: r.mobile, email: r.email, locale: r.locale, withUserAccount: r.with_user_account, isOldEmployee: r.is_old_employee,
    userId: r.user_id, username: r.username ?? null, userEnabled: r.user_enabled ?? null, createdById: r.created_by_id, version: r.version,
    createdAt: r.created_at, updatedAt: r.updated_at,
    links: links.map((l) => ({
      tiersId: l.tiers_id, tiersName: l.tiers_name, functionId: l.function_id, functionName: l.function_name, isManager: l.is_manager,
      proPhone: l.pro_phone, proMobile: l.pro_mobile, proEmail: l.pro_email,
    })),
  };
}

/** Form values of a contact; the company block is his first company. */
export function contactFormValues(c: ContactRecord): Record<string, unknown> {
  const link = c.links[0];
  return {
    civility: c.civility ?? '', lastName: c.lastName, firstName: c.firstName, birthDate: formatDate(c.birthDate), address: c.address ?? '',
    phone: c.phone ?? '', mobile: c.mobile ?? '', email: c.email ?? '', locale: c.locale, withUserAccount: c.withUserAccount,
    isOldEmployee: c.isOldEmployee, tiersId: link?.tiersId ?? '', tiersLabel: link?.tiersName ?? '', functionId: link?.functionId ?? '',
    proPhone: link?.proPhone ?? '', proMobile: link?.proMobile ?? '', proEmail: link?.proEmail ?? '', version: c.version,
  };
}

/** What the save needs besides the form. */
export interface ContactSaveContext {
  tenantId: number;
  userId: number;
  /** The contact being edited (null when adding). */
  previous: ContactRecord | null;
  /** Companies the user may attach a contact to (null: any of the tenant). */
  allowedTiers: ((tiersId: number) => Promise<boolean>) | null;
  /** May create a login for the contact. */
  mayGrantAccount: boolean;
}

const iso = (french: string): string | null => {
  const d = french ? parseFrenchDate(french) : null;
  return d ? d.toISOString().slice(0, 10) : null;
};

/**
 * Creates or updates a contact, his link to the chosen company and, when asked, his user account
 * (role `contact`, login = e-mail). An account needs an e-mail; e-mail and login must be free among
 * users (the error names the user holding it). Unticking the account disables it (kept for history).
 */
export async function saveContact(db: DataSource, ctx: ContactSaveContext, input: ContactInput): Promise<SaveResult> {
  const { tenantId, previous } = ctx;
  const errors: Record<string, FieldError> = {};
  if (input.withUserAccount && !input.email) errors.withUserAccount = 'crm.validation.account_needs_email';
  else if (input.withUserAccount && !previous?.userId && !ctx.mayGrantAccount) errors.withUserAccount = 'crm.validation.account_right';
  if (input.tiersId === null && (input.functionId !== null || input.proEmail || input.proPhone || input.proMobile)) errors.tiersId = 'crm.validation.tiers_required';
  if (input.tiersId !== null && ctx.allowedTiers && !(await ctx.allowedTiers(input.tiersId))) errors.tiersId = 'validation.choice';
  // The password hash is slow: computed outside the transaction, only when an account is born.
  const creatingAccount = input.withUserAccount && !previous?.userId && !Object.keys(errors).length;
  const hash = creatingAccount ? await hashPassword(randomBytes(32).toString('base64url')) : null;
  return db.transaction(async (m): Promise<SaveResult> => {
    if (input.tiersId !== null) {
      const [t] = await m.query('SELECT 1 FROM tiers WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL', [tenantId, input.tiersId]);
      if (!t) errors.tiersId = 'validation.choice';
    }
    if (input.functionId !== null) {
      const [f] = await m.query('SELECT 1 FROM crm_function WHERE tenant_id = $1 AND id = $2', [tenantId, input.functionId]);
      if (!f) errors.functionId = 'validation.choice';
    }
    if (input.email && (input.withUserAccount || previous?.userId)) {
      const [other] = await m.query(
        `SELECT first_name, last_name, username FROM app_user WHERE (lower(email) = lower($1) OR lower(username) = lower($1)) AND id <> $2 LIMIT 1`,
        [input.email, previous?.userId ?? 0]);
      if (other) errors.email = { key: 'crm.validation.email_taken', params: { name: `${other.first_name} ${other.last_name}`.trim() || other.username } };
    }
    if (Object.keys(errors).length) return { ok: false, errors };

    const values = [input.civility || null, input.lastName, input.firstName, iso(input.birthDate), input.address || null, input.phone || null,
      input.mobile || null, input.email || null, input.locale, input.withUserAccount, input.isOldEmployee];
    let contactId: number;
    if (!previous) {
      const [row] = await m.query(
        `INSERT INTO contact (civility, last_name, first_name, birth_date, address, phone, mobile, email, locale, with_user_account, is_old_employee, tenant_id, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`, [...values, tenantId, ctx.userId]);
      contactId = row.id;
    } else {
      const updated = rowsOf(await m.query(
        `UPDATE contact SET civility = $1, last_name = $2, first_name = $3, birth_date = $4, address = $5, phone = $6, mobile = $7, email = $8,
                locale = $9, with_user_account = $10, is_old_employee = $11, version = version + 1, updated_at = now()
          WHERE tenant_id = $12 AND id = $13 AND version = $14 AND deleted_at IS NULL RETURNING id`, [...values, tenantId, previous.id, input.version]));
      if (!updated.length) return { ok: false, stale: true };
      contactId = previous.id;
    }
    await saveLink(m, tenantId, contactId, previous, input);
    await syncAccount(m, tenantId, contactId, previous, input, hash);
    return { ok: true, id: contactId };
  });
}

/** The form edits the link to one company: replaced when the company changes, updated otherwise. */
async function saveLink(m: EntityManager, tenantId: number, contactId: number, previous: ContactRecord | null, input: ContactInput): Promise<void> {
  const before = previous?.links[0]?.tiersId ?? null;
  if (before !== null && before !== input.tiersId) {
    await m.query('DELETE FROM contact_company WHERE tenant_id = $1 AND contact_id = $2 AND tiers_id = $3', [tenantId, contactId, before]);
  }
  if (input.tiersId === null) return;
  await m.query(
    `INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id, pro_phone, pro_mobile, pro_email) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (contact_id, tiers_id) DO UPDATE SET function_id = EXCLUDED.function_id, pro_phone = EXCLUDED.pro_phone,
        pro_mobile = EXCLUDED.pro_mobile, pro_email = EXCLUDED.pro_email`,
    [tenantId, contactId, input.tiersId, input.functionId, input.proPhone || null, input.proMobile || null, input.proEmail || null]);
}

/** Creates, updates, disables or re-enables the contact's user account to match the form. */
async function syncAccount(m: EntityManager, tenantId: number, contactId: number, previous: ContactRecord | null, input: ContactInput, hash: string | null): Promise<void> {
  const userId = previous?.userId ?? null;
  if (userId === null) {
    if (!input.withUserAccount || !hash) return;
    const [user] = await m.query(
      `INSERT INTO app_user (tenant_id, username, email, password_hash, password_changed_at, first_name, last_name, civility, phone, mobile, locale)
       VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [tenantId, input.email, hash, clock.now(), input.firstName, input.lastName, input.civility || null, input.phone || null, input.mobile || null, input.locale]);
    await m.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, tenantId]);
    await grantSystemRole(m, user.id, tenantId, CONTACT_ROLE);
    await m.query('UPDATE contact SET user_id = $1 WHERE id = $2 AND tenant_id = $3', [user.id, contactId, tenantId]);
    return;
  }
  await m.query(
    `UPDATE app_user SET email = COALESCE($2, email), first_name = $3, last_name = $4, locale = $5, enabled = $6, version = version + 1 WHERE id = $1`,
    [userId, input.email || null, input.firstName, input.lastName, input.locale, input.withUserAccount]);
  if (!input.withUserAccount && previous?.userEnabled) await killUserSessions(m, userId);
}

/** Companies a contact may be attached to in the form, by name (at most `limit`). */
export async function tiersChoices(db: Db, tenantId: number, scope: CrmScope, limit = 500): Promise<Array<{ id: number; name: string }>> {
  return db.query(
    `SELECT t.id, t.name FROM tiers t WHERE t.tenant_id = $1 AND t.deleted_at IS NULL AND ${tiersScopeSql(scope, 't', '$2')} ORDER BY lower(t.name), t.id LIMIT $3`,
    [tenantId, scope.userId, limit]);
}

/**
 * Moves a contact to the shared trash; his user account is disabled at once (a restored contact
 * gets it back by ticking the account again). False when not found.
 */
export async function trashContact(db: DataSource, tenantId: number, contact: ContactRecord, userId: number): Promise<boolean> {
  return db.transaction(async (m) => {
    const done = await softDelete(m, { table: 'contact', id: contact.id, tenantId, title: `${contact.firstName} ${contact.lastName}`.trim(), userId });
    if (done && contact.userId) {
      await m.query('UPDATE app_user SET enabled = false, version = version + 1 WHERE id = $1', [contact.userId]);
      await m.query('UPDATE contact SET with_user_account = false WHERE id = $1', [contact.id]);
      await killUserSessions(m, contact.userId);
    }
    return done;
  });
}

/**
 * Attaches a contact to one more company of the tenant with his function and professional details
 * there; refused when he already works for it, or when the company or function is not the tenant's.
 */
export async function addContactLink(db: DataSource, tenantId: number, contactId: number, input: ContactLinkInput): Promise<SaveResult> {
  return db.transaction(async (m): Promise<SaveResult> => {
    const errors: Record<string, FieldError> = {};
    const [t] = await m.query('SELECT name FROM tiers WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL', [tenantId, input.tiersId]);
    if (!t) errors.tiersId = 'validation.choice';
    else {
      const [dup] = await m.query('SELECT 1 FROM contact_company WHERE contact_id = $1 AND tiers_id = $2', [contactId, input.tiersId]);
      if (dup) errors.tiersId = { key: 'crm.validation.link_exists', params: { name: t.name } };
    }
    if (input.functionId !== null) {
      const [f] = await m.query('SELECT 1 FROM crm_function WHERE tenant_id = $1 AND id = $2', [tenantId, input.functionId]);
      if (!f) errors.functionId = 'validation.choice';
    }
    if (Object.keys(errors).length) return { ok: false, errors };
    const [row] = await m.query(
      `INSERT INTO contact_company (tenant_id, contact_id, tiers_id, function_id, pro_phone, pro_mobile, pro_email) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [tenantId, contactId, input.tiersId, input.functionId, input.proPhone || null, input.proMobile || null, input.proEmail || null]);
    return { ok: true, id: row.id };
  });
}

/** Detaches a contact from a company; false when he did not work for it. */
export async function removeContactLink(db: DataSource, tenantId: number, contactId: number, tiersId: number): Promise<boolean> {
  if (!Number.isSafeInteger(tiersId) || tiersId <= 0 || tiersId > 2_147_483_647) return false;
  const rows = await db.query('DELETE FROM contact_company WHERE tenant_id = $1 AND contact_id = $2 AND tiers_id = $3 RETURNING id', [tenantId, contactId, tiersId]);
  return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
}
