import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { accountLockFailure, accountLockWait } from '../../kernel/auth/throttle';
import { clock } from '../../kernel/clock';
import { enqueueLockoutMail } from './account-mail';
import { isKnownDevice } from './known-device';

/** The account an attempt is about, when the identifier names one. */
export interface LockOwner { id: number; tenantId: number }

/**
 * The per-account lockout key of an attempt: the account's when the identifier names one (its
 * username and e-mail share it), else the typed identifier's own, so an unknown name is held back
 * the same way and nothing tells which accounts exist.
 */
export function accountKey(owner: Pick<LockOwner, 'id'> | null, identifier: string): string {
  return owner ? `acct:${owner.id}` : `acct?:${identifier.trim().toLowerCase().slice(0, 200)}`;
}

/** Symfony's login-throttling message (one minute, or several). */
export function throttledMessage(minutes: number): { key: string; params: Record<string, unknown> } {
  return { key: minutes === 1 ? 'account.login.throttled_minute' : 'account.login.throttled_minutes', params: { minutes } };
}

/**
 * Minutes this request must wait before the account's password may be checked, or 0. A browser
 * the owner already logged in from never waits: failures caused by someone else do not keep the
 * owner out.
 */
export async function accountWait(req: Request, owner: LockOwner | null, key: string): Promise<number> {
  if (owner && (await isKnownDevice(req.ctx.db, owner.id, req))) return 0;
  return accountLockWait(req.ctx.db, key);
}

/** Counts a wrong password (or code) for the account; the owner is mailed when a lockout episode starts. */
export async function accountFailure(db: DataSource, owner: LockOwner | null, key: string): Promise<void> {
  await db.transaction(async (m) => {
    const { episodeStarted } = await accountLockFailure(m, key);
    if (episodeStarted && owner) await enqueueLockoutMail(m, { userId: owner.id, tenantId: owner.tenantId, at: clock.now() });
  });
}
