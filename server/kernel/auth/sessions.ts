import type { DataSource, EntityManager } from 'typeorm';

/** A session ends after this much inactivity. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** A session ends this long after the login, active or not. */
export const ABSOLUTE_TIMEOUT_MS = 10 * 3600 * 1000;
/** The last-seen instant is written at most this often (not one session write per request). */
const TOUCH_EVERY_MS = 60 * 1000;

/** The timing fields kept in an authenticated session. */
export interface SessionTiming {
  /** Epoch ms of the login. */
  authAt?: number;
  /** Epoch ms of the last request seen. */
  seenAt?: number;
}

/** Why a session is over, or null while it is alive. */
export function sessionExpiry(timing: SessionTiming, now: Date): 'idle' | 'absolute' | null {
  const t = now.getTime();
  if (timing.authAt !== undefined && t - timing.authAt >= ABSOLUTE_TIMEOUT_MS) return 'absolute';
  if (timing.seenAt !== undefined && t - timing.seenAt >= IDLE_TIMEOUT_MS) return 'idle';
  return null;
}

/** Stamps a fresh login. */
export function markLogin(timing: SessionTiming, now: Date): void {
  timing.authAt = now.getTime();
  timing.seenAt = now.getTime();
}

/** Records activity (sessions from before these fields start counting now). */
export function touchSession(timing: SessionTiming, now: Date): void {
  const t = now.getTime();
  if (timing.authAt === undefined) timing.authAt = t;
  if (timing.seenAt === undefined || t - timing.seenAt >= TOUCH_EVERY_MS) timing.seenAt = t;
}

/**
 * Ends every session of a user (rows of the `session` table), including logins still waiting
 * for their second factor or a password change and sessions where they had taken over another
 * account; `exceptSid` keeps the caller's own session.
 * Call it when an account is disabled, and after a password reset or change. Returns the count.
 */
export async function killUserSessions(db: DataSource | EntityManager, userId: number, exceptSid?: string): Promise<number> {
  const result = await db.query(
    `DELETE FROM "session"
      WHERE (sess->'passport'->>'user' = $1 OR sess->'pendingLogin'->>'userId' = $1 OR sess->>'switchedFrom' = $1)
        AND ($2::varchar IS NULL OR sid <> $2)`,
    [String(userId), exceptSid ?? null],
  );
  // node-postgres through TypeORM answers [rows, count] for DELETE.
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
