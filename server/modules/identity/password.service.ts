import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { hashPassword, verifyPassword } from '../../kernel/auth/password';
import { killUserSessions } from '../../kernel/auth/sessions';
import { clock } from '../../kernel/clock';
import { enqueueAccountChangeMail } from './account-mail';

/** A forgotten-password link is valid this long. */
export const RESET_TTL_MS = 3600 * 1000;

/** SHA-256 of a link token: the only thing kept in the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What the forgotten-password mail needs. */
export interface ResetRequest {
  token: string;
  email: string;
  locale: string;
  name: string;
}

/**
 * Creates a single-use link token for the enabled account with this username or e-mail;
 * null when there is none (the page says the same thing either way).
 */
export async function createResetToken(db: DataSource, identifier: string): Promise<ResetRequest | null> {
  const ident = identifier.trim();
  if (!ident) return null;
  const [user] = await db.query(
    'SELECT id, email, locale, first_name, last_name FROM app_user WHERE enabled AND (lower(username) = lower($1) OR lower(email) = lower($1)) ORDER BY id LIMIT 1',
    [ident],
  );
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.query(
    'INSERT INTO password_reset_token (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [user.id, hashToken(token), now, new Date(now.getTime() + RESET_TTL_MS)],
  );
  return { token, email: user.email, locale: user.locale, name: `${user.first_name} ${user.last_name}`.trim() };
}

/** The user of a link still valid (not used, not expired), or null. */
export async function resetTokenUser(db: DataSource, token: string): Promise<number | null> {
  const [row] = await db.query(
    'SELECT user_id FROM password_reset_token WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [hashToken(token), clock.now()],
  );
  return row ? Number(row.user_id) : null;
}

/**
 * Uses a link: sets the new password, spends this link and every other open link of the
 * user, then ends all the user's sessions. The user id, or null when the link is no longer valid.
 */
export async function resetPassword(db: DataSource, token: string, newPassword: string): Promise<number | null> {
  const hash = await hashPassword(newPassword);
  const now = clock.now();
  const userId = await db.transaction(async (m) => {
    const spent = await m.query(
      'UPDATE password_reset_token SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id',
      [hashToken(token), now],
    );
    const rows = Array.isArray(spent[0]) ? spent[0] : spent;
    if (!rows.length) return null;
    const id = Number(rows[0].user_id);
    await m.query('UPDATE password_reset_token SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [id, now]);
    await setPassword(m, id, hash, now);
    return id;
  });
  if (userId === null) return null;
  await killUserSessions(db, userId);
  return userId;
}

/** Stores the new hash and queues the mail telling the account's address, in the caller's transaction. */
async function setPassword(m: EntityManager, userId: number, hash: string, now: Date): Promise<void> {
  const [user] = await m.query(
    'UPDATE app_user SET password_hash = $2, password_changed_at = $3, credentials_expire_at = NULL, version = version + 1 WHERE id = $1 RETURNING email, tenant_id',
    [userId, hash, now],
  ).then((r) => (Array.isArray(r[0]) ? r[0] : r));
  if (user) await enqueueAccountChangeMail(m, { userId, tenantId: user.tenant_id, to: user.email, changes: ['password'], at: now });
}

/** True when the password is the user's current one. */
export async function isCurrentPassword(db: DataSource, userId: number, password: string): Promise<boolean> {
  const [row] = await db.query('SELECT password_hash FROM app_user WHERE id = $1', [userId]);
  return !!row && (await verifyPassword(row.password_hash, password));
}

/** Sets a new password and ends every other session of the user (`keepSid` stays). */
export async function changePassword(db: DataSource, userId: number, newPassword: string, keepSid?: string): Promise<void> {
  const hash = await hashPassword(newPassword);
  await db.transaction((m) => setPassword(m, userId, hash, clock.now()));
  await killUserSessions(db, userId, keepSid);
}
