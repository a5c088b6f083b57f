import type { DataSource } from 'typeorm';
import { hashPassword } from '../../kernel/auth/password';
import { clock } from '../../kernel/clock';
import { enqueueAccountChangeMail, type AccountChange } from './account-mail';
import { toE164 } from './identity.channels';
import type { ProfileInput } from './identity.schema';
import { userInTenant } from '../../kernel/tenancy';
import { ensureCompanyRoles, grantSystemRole } from './roles';

/** Outcome of a profile save. */
export type ProfileSaveResult = { ok: true; changes: AccountChange[] } | { ok: false; reason: 'stale' | 'email_taken' | 'password_needed' };

const sameMobile = (a: string | null, b: string): boolean => (toE164(a) ?? (a ?? '').trim()) === (toE164(b) ?? b.trim());

/**
 * Saves the profile; refuses a stale version (another edit came first) or an email in use. A new
 * e-mail or mobile (a reset link or an SMS code would go there) needs `passwordConfirmed`, and
 * queues a mail to the address the account had before, in the same transaction.
 */
export async function saveProfile(db: DataSource, userId: number, input: ProfileInput, passwordConfirmed: boolean): Promise<ProfileSaveResult> {
  const [taken] = await db.query('SELECT 1 FROM app_user WHERE lower(email) = lower($1) AND id <> $2', [input.email, userId]);
  if (taken) return { ok: false, reason: 'email_taken' };
  return db.transaction(async (m): Promise<ProfileSaveResult> => {
    const [before] = await m.query('SELECT email, mobile, tenant_id FROM app_user WHERE id = $1 AND version = $2 FOR UPDATE', [userId, input.version]);
    if (!before) return { ok: false, reason: 'stale' };
    const changes: AccountChange[] = [];
    if (before.email.trim().toLowerCase() !== input.email.toLowerCase()) changes.push('email');
    if (!sameMobile(before.mobile, input.mobile)) changes.push('mobile');
    if (changes.length && !passwordConfirmed) return { ok: false, reason: 'password_needed' };
    await m.query(
      `UPDATE app_user SET first_name = $1, last_name = $2, email = $3, locale = $4, civility = $6, phone = $7, mobile = $8, version = version + 1 WHERE id = $5`,
      [input.firstName, input.lastName, input.email, input.locale, userId, input.civility || null, input.phone || null, input.mobile || null],
    );
    await enqueueAccountChangeMail(m, { userId, tenantId: before.tenant_id, to: before.email, changes, at: clock.now() });
    return { ok: true, changes };
  });
}

/** Marks a successful login. */
export async function touchLogin(db: DataSource, userId: number): Promise<void> {
  await db.query('UPDATE app_user SET previous_login_at = last_login_at, last_login_at = $1 WHERE id = $2', [clock.now(), userId]);
}

/** Input of {@link createUser}. */
export interface CreateUserInput {
  username: string;
  password: string;
  email: string;
  roles: string[];
  company: string;
  firstName?: string;
  lastName?: string;
  locale?: string;
}

/**
 * Creates a user in a company (created if needed, with the spec's roles) holding the given spec
 * roles in that company. Used by the CLI, the first start and the tests.
 */
export async function createUser(db: DataSource, input: CreateUserInput): Promise<{ id: number; tenantId: number }> {
  const hash = await hashPassword(input.password);
  return db.transaction(async (m) => {
    await m.query('INSERT INTO tenant (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [input.company]);
    const [tenant] = await m.query('SELECT id FROM tenant WHERE name = $1', [input.company]);
    const [user] = await m.query(
      `INSERT INTO app_user (tenant_id, username, email, password_hash, first_name, last_name, locale) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [tenant.id, input.username, input.email, hash, input.firstName ?? '', input.lastName ?? '', input.locale ?? 'fr'],
    );
    await m.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [user.id, tenant.id]);
    // A new company gets the spec's roles with their default rights, even for a user without role.
    await ensureCompanyRoles(m, tenant.id);
    for (const code of input.roles) await grantSystemRole(m, user.id, tenant.id, code);
    return { id: user.id as number, tenantId: tenant.id as number };
  });
}

/** Users of a company whose name, username or e-mail contains the term (at most 10). */
export async function searchUsers(db: DataSource, tenantId: number, term: string): Promise<Array<{ id: number; label: string }>> {
  const like = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows: Array<{ id: number; first_name: string; last_name: string; username: string }> = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.username FROM app_user u
      WHERE u.enabled AND ${userInTenant()}
        AND (u.first_name || ' ' || u.last_name ILIKE $2 OR u.last_name || ' ' || u.first_name ILIKE $2 OR u.username ILIKE $2 OR u.email ILIKE $2)
      ORDER BY u.last_name, u.first_name LIMIT 10`,
    [tenantId, like],
  );
  return rows.map((r) => ({ id: r.id, label: `${r.first_name} ${r.last_name}`.trim() || r.username }));
}

/** Points the user's photo at a stored file (null removes it). */
export async function setUserPhoto(db: DataSource, userId: number, fileId: number | null): Promise<void> {
  await db.query('UPDATE app_user SET photo_file_id = $2 WHERE id = $1', [userId, fileId]);
}
