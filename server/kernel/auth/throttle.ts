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

/** Removes windows long over (called now and then; rows are tiny). */
export async function purgeThrottle(db: DataSource | EntityManager): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE window_start < $1', [new Date(clock.now().getTime() - 3600_000)]);
}
