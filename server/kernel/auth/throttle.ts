import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../clock';

/** Length of a throttling window. */
export const THROTTLE_WINDOW_MS = 60 * 1000;
/** Failed logins allowed per minute for one IP and one username. */
export const LOGIN_LIMIT_IP_USERNAME = 5;
/** Failed logins allowed per minute for one IP, whatever the username. */
export const LOGIN_LIMIT_IP = 25;

/** A key and how many hits its window allows. */
export interface ThrottleRule {
  key: string;
  limit: number;
}

/** The two login rules of an attempt (Symfony's `login_throttling`). */
export function loginRules(ip: string, username: string): ThrottleRule[] {
  return [
    { key: `ipu:${ip}|${username.trim().toLowerCase().slice(0, 200)}`, limit: LOGIN_LIMIT_IP_USERNAME },
    { key: `ip:${ip}`, limit: LOGIN_LIMIT_IP },
  ];
}

/**
 * Minutes to wait when one of the rules has used up its window (rounded up, at least 1),
 * or 0 when the attempt may go on.
 */
export async function throttleWait(db: DataSource | EntityManager, rules: ThrottleRule[]): Promise<number> {
  const now = clock.now().getTime();
  const rows: Array<{ key: string; hits: number; window_start: Date }> = await db.query(
    'SELECT key, hits, window_start FROM login_throttle WHERE key = ANY($1)', [rules.map((r) => r.key)]);
  let waitMs = 0;
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key)!;
    const endsAt = new Date(row.window_start).getTime() + THROTTLE_WINDOW_MS;
    if (endsAt > now && row.hits >= rule.limit) waitMs = Math.max(waitMs, endsAt - now);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60_000)) : 0;
}

/** Counts one hit on every rule, atomically (a new window starts when the last one is over). */
export async function throttleHit(db: DataSource | EntityManager, rules: ThrottleRule[]): Promise<void> {
  const now = clock.now();
  const windowStartLimit = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const rule of rules) {
    await db.query(
      `INSERT INTO login_throttle (key, hits, window_start) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN login_throttle.window_start <= $3 THEN 1 ELSE login_throttle.hits + 1 END,
         window_start = CASE WHEN login_throttle.window_start <= $3 THEN EXCLUDED.window_start ELSE login_throttle.window_start END`,
      [rule.key, now, windowStartLimit],
    );
  }
}

/** Forgets a key (a successful login resets its IP+username counter). */
export async function throttleReset(db: DataSource | EntityManager, key: string): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [key]);
}

/** Removes windows long over, and account episodes over for an hour (called now and then; rows are tiny). */
export async function purgeThrottle(db: DataSource | EntityManager): Promise<void> {
  const hourAgo = new Date(clock.now().getTime() - 3600_000);
  await db.query('DELETE FROM login_throttle WHERE window_start < $1 AND (blocked_until IS NULL OR blocked_until < $1)', [hourAgo]);
}

/**
 * The per-account rule (issue 19): `threshold` failures for one account within `windowMs`, from
 * any address, block it for `firstBlockMs`; each further failure of the same episode blocks it
 * twice as long as the block before, up to `maxBlockMs`. An episode ends `windowMs` after its last
 * block. Blocks stay short so that nobody can keep the owner out for long (see docs/account-security.md).
 */
export const ACCOUNT_LOCK = { threshold: 10, windowMs: 15 * 60_000, firstBlockMs: 60_000, maxBlockMs: 15 * 60_000 } as const;

/** The counter of one account key (`acct:<user id>`, or `acct?:<identifier>` when no account matches). */
export interface AccountLockState {
  hits: number;
  windowStart: Date;
  blockedUntil: Date | null;
  lockouts: number;
}

/** Length of the `n`-th block of an episode (1 min, 2, 4, 8, then 15 at most). */
export function accountBlockMs(n: number, rule = ACCOUNT_LOCK): number {
  return Math.min(rule.firstBlockMs * 2 ** Math.max(0, n - 1), rule.maxBlockMs);
}

/**
 * The counter after one more failure at `now` (`prev` null: the first one), and whether this
 * failure started a lockout episode.
 */
export function nextAccountLockState(prev: AccountLockState | null, now: Date, rule = ACCOUNT_LOCK): AccountLockState & { episodeStarted: boolean } {
  const t = now.getTime();
  const quietSince = prev && prev.lockouts > 0 && prev.blockedUntil ? prev.blockedUntil.getTime() : prev?.windowStart.getTime();
  const base: AccountLockState = quietSince === undefined || t - quietSince >= rule.windowMs
    ? { hits: 1, windowStart: now, blockedUntil: null, lockouts: 0 }
    : { ...prev!, hits: prev!.hits + 1 };
  if (base.lockouts > 0) {
    return { ...base, lockouts: base.lockouts + 1, blockedUntil: new Date(t + accountBlockMs(base.lockouts + 1, rule)), episodeStarted: false };
  }
  if (base.hits >= rule.threshold) return { ...base, lockouts: 1, blockedUntil: new Date(t + accountBlockMs(1, rule)), episodeStarted: true };
  return { ...base, episodeStarted: false };
}

const minutesLeft = (ms: number): number => (ms > 0 ? Math.max(1, Math.ceil(ms / 60_000)) : 0);

/** Minutes the account key is still blocked for (rounded up), or 0. */
export async function accountLockWait(db: DataSource | EntityManager, key: string): Promise<number> {
  const [row] = await db.query('SELECT blocked_until FROM login_throttle WHERE key = $1', [key]);
  return row?.blocked_until ? minutesLeft(new Date(row.blocked_until).getTime() - clock.now().getTime()) : 0;
}

/**
 * Counts a failure on an account key, in the caller's transaction (the row is locked, so two
 * processes never lose a count). Tells whether this failure started a lockout episode (the one
 * time the owner is mailed).
 */
export async function accountLockFailure(m: EntityManager, key: string): Promise<{ episodeStarted: boolean }> {
  const now = clock.now();
  await m.query('INSERT INTO login_throttle (key, hits, window_start, lockouts) VALUES ($1, 0, $2, 0) ON CONFLICT (key) DO NOTHING', [key, now]);
  const [row] = await m.query('SELECT hits, window_start, blocked_until, lockouts FROM login_throttle WHERE key = $1 FOR UPDATE', [key]);
  const prev: AccountLockState | null = row.hits > 0
    ? { hits: row.hits, windowStart: new Date(row.window_start), blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null, lockouts: row.lockouts }
    : null;
  const next = nextAccountLockState(prev, now);
  await m.query('UPDATE login_throttle SET hits = $2, window_start = $3, blocked_until = $4, lockouts = $5 WHERE key = $1',
    [key, next.hits, next.windowStart, next.blockedUntil, next.lockouts]);
  return { episodeStarted: next.episodeStarted };
}

/**
 * After a right password: forgets the account's failures, unless a lockout episode is running
 * (the owner got in from a known device; the attacker keeps their wait). `always` also ends an
 * episode (a new password makes past guesses worthless).
 */
export async function accountLockSuccess(db: DataSource | EntityManager, key: string, always = false): Promise<void> {
  await db.query(`DELETE FROM login_throttle WHERE key = $1${always ? '' : ' AND lockouts = 0'}`, [key]);
}
