import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { verifyPassword } from '../../kernel/auth/password';
import { verifyTotp } from '../../kernel/auth/totp';
import { clock } from '../../kernel/clock';
import { loadToggles } from '../../kernel/toggles/toggles';
import { enqueueAccountChangeMail, type AccountChange } from './account-mail';

// Verifying against a real hash even for unknown users keeps response times alike.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$3Yq0c2H0Zc9c1mWJb1Y0x4d3Ew5rX5w3q1l1mX3cQ4k';

/** A login code lives this long. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries a login code survives. */
export const CODE_MAX_ATTEMPTS = 5;
/** A new code may be sent this long after the previous one. */
export const CODE_RESEND_DELAY_MS = 60 * 1000;
/** Codes sent to one user per hour, at most. */
export const CODE_MAX_PER_HOUR = 5;

/** The account behind correct credentials. */
export interface LoginAccount {
  id: number;
  username: string;
  tenantId: number;
  mobile: string | null;
  credentialsExpired: boolean;
}

/** Outcome of a credentials check: the account, or why the login is refused. */
export type CredentialsResult = { ok: true; account: LoginAccount } | { ok: false; reason: 'invalid' | 'disabled' | 'expired' | 'locked' };

/** The account a login identifier names (its username or e-mail), read before the password is checked. */
export interface LoginCandidate {
  id: number;
  tenantId: number;
  username: string;
  passwordHash: string;
  enabled: boolean;
  locked: boolean;
  expiresAt: Date | null;
  credentialsExpireAt: Date | null;
  mobile: string | null;
}

/** The account named by a username or an e-mail, or null. */
export async function findLoginCandidate(db: DataSource, identifier: string): Promise<LoginCandidate | null> {
  const [row] = await db.query(
    `SELECT id, username, tenant_id, password_hash, enabled, locked, expires_at, credentials_expire_at, mobile
       FROM app_user WHERE lower(username) = lower($1) OR lower(email) = lower($1) ORDER BY id LIMIT 1`,
    [identifier.trim()],
  );
  if (!row) return null;
  return {
    id: row.id, tenantId: row.tenant_id, username: row.username, passwordHash: row.password_hash, enabled: row.enabled, locked: row.locked,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null, credentialsExpireAt: row.credentials_expire_at ? new Date(row.credentials_expire_at) : null, mobile: row.mobile,
  };
}

/**
 * Checks the password of the named account, then its states. The states are only told once the
 * password is right, so they reveal nothing to a stranger.
 */
export async function checkCredentials(candidate: LoginCandidate | null, password: string): Promise<CredentialsResult> {
  const ok = await verifyPassword(candidate?.passwordHash ?? DUMMY_HASH, password);
  if (!candidate || !ok) return { ok: false, reason: 'invalid' };
  const now = clock.now();
  if (!candidate.enabled) return { ok: false, reason: 'disabled' };
  if (candidate.expiresAt && candidate.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (candidate.locked) return { ok: false, reason: 'locked' };
  return {
    ok: true,
    account: {
      id: candidate.id, username: candidate.username, tenantId: candidate.tenantId, mobile: candidate.mobile,
      credentialsExpired: !!candidate.credentialsExpireAt && candidate.credentialsExpireAt <= now,
    },
  };
}

/** The second factor a login needs: the authenticator app when enrolled, else SMS when the company asks for it. */
export async function secondFactorOf(db: DataSource, account: Pick<LoginAccount, 'id' | 'tenantId'>): Promise<'totp' | 'sms' | null> {
  const [totp] = await db.query('SELECT 1 FROM user_totp WHERE user_id = $1', [account.id]);
  if (totp) return 'totp';
  const toggles = await loadToggles(db, account.tenantId);
  return toggles.two_factor ? 'sms' : null;
}

function hashCode(secret: string, userId: number, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/**
 * Creates a 6-digit login code for the user (the previous ones stop working) and returns it,
 * or tells why not: a code was sent less than a minute ago, or too many this hour.
 */
export async function issueLoginCode(db: DataSource, userId: number, secret: string): Promise<{ ok: true; code: string } | { ok: false; reason: 'too_soon' | 'too_many' }> {
  const now = clock.now();
  const [stats] = await db.query(
    `SELECT max(created_at) AS last, count(*) FILTER (WHERE created_at > $2)::int AS hour FROM two_factor_code WHERE user_id = $1`,
    [userId, new Date(now.getTime() - 3600_000)],
  );
  if (stats?.last && now.getTime() - new Date(stats.last).getTime() < CODE_RESEND_DELAY_MS) return { ok: false, reason: 'too_soon' };
  if ((stats?.hour ?? 0) >= CODE_MAX_PER_HOUR) return { ok: false, reason: 'too_many' };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (m) => {
    await m.query('UPDATE two_factor_code SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
    await m.query(
      'INSERT INTO two_factor_code (user_id, code_hash, attempts, created_at, expires_at) VALUES ($1, $2, 0, $3, $4)',
      [userId, hashCode(secret, userId, code), now, new Date(now.getTime() + CODE_TTL_MS)],
    );
  });
  return { ok: true, code };
}

/** Checks a login code: single use, 10 minutes, at most 5 wrong tries. */
export async function verifyLoginCode(db: DataSource, userId: number, code: string, secret: string): Promise<boolean> {
  const now = clock.now();
  const [row] = await db.query(
    `SELECT id, code_hash FROM two_factor_code
      WHERE user_id = $1 AND used_at IS NULL AND expires_at > $2 AND attempts < $3 ORDER BY id DESC LIMIT 1`,
    [userId, now, CODE_MAX_ATTEMPTS],
  );
  if (!row) return false;
  const typed = code.replace(/\s/g, '');
  const good = /^\d{6}$/.test(typed) && timingSafeEqual(Buffer.from(hashCode(secret, userId, typed)), Buffer.from(row.code_hash));
  if (!good) {
    await db.query('UPDATE two_factor_code SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    return false;
  }
  // The WHERE makes a code used twice at the same time count once.
  const used = await db.query('UPDATE two_factor_code SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [row.id, now]);
  return (Array.isArray(used[0]) ? used[0] : used).length === 1;
}

/** Checks an authenticator-app code of the user and records its step (no replay). */
export async function verifyUserTotp(db: DataSource, userId: number, code: string): Promise<boolean> {
  const [row] = await db.query('SELECT secret, last_used_step FROM user_totp WHERE user_id = $1', [userId]);
  if (!row) return false;
  const step = verifyTotp(row.secret, code, clock.now(), row.last_used_step === null ? null : Number(row.last_used_step));
  if (step === null) return false;
  const upd = await db.query(
    'UPDATE user_totp SET last_used_step = $2 WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id',
    [userId, step],
  );
  return (Array.isArray(upd[0]) ? upd[0] : upd).length === 1;
}

/** Enrols (or replaces) an authenticator app once the user typed a correct code from it; the account's address is told. */
export async function enableTotp(db: DataSource, userId: number, secret: string, code: string): Promise<boolean> {
  const step = verifyTotp(secret, code, clock.now());
  if (step === null) return false;
  await db.transaction(async (m) => {
    await m.query(
      `INSERT INTO user_totp (user_id, secret, enabled_at, last_used_step) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, enabled_at = EXCLUDED.enabled_at, last_used_step = EXCLUDED.last_used_step`,
      [userId, secret, clock.now(), step],
    );
    await tellOwner(m, userId, 'totp_enabled');
  });
  return true;
}

/** Removes the user's authenticator app; the account's address is told. */
export async function disableTotp(db: DataSource, userId: number): Promise<void> {
  await db.transaction(async (m) => {
    const removed = await m.query('DELETE FROM user_totp WHERE user_id = $1 RETURNING user_id', [userId]);
    if ((Array.isArray(removed[0]) ? removed[0] : removed).length) await tellOwner(m, userId, 'totp_disabled');
  });
}

async function tellOwner(m: EntityManager, userId: number, change: AccountChange): Promise<void> {
  const [u] = await m.query('SELECT email, tenant_id FROM app_user WHERE id = $1', [userId]);
  if (u) await enqueueAccountChangeMail(m, { userId, tenantId: u.tenant_id, to: u.email, changes: [change], at: clock.now() });
}
