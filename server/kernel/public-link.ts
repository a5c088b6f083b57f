import crypto from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { throttleHit, throttleWait } from './auth/throttle';
import { clock } from './clock';

/**
 * The mechanics shared by every link mailed to someone without an account (signing links, the
 * outside companies' document portal): a random token that only the mail carries, stored as its
 * SHA-256, an expiry instant and a revocation; plus a throttle of wrong tokens per address.
 */

/** Tokens are base64url; anything longer is not one of ours (and is never hashed). */
export const MAX_PUBLIC_TOKEN_LENGTH = 200;
/** Unknown tokens one address may try per minute before every public link answers 429. */
export const PUBLIC_LINK_MISSES_PER_MINUTE = 20;

/** SHA-256 (hex) of a token or a file. */
export function sha256Hex(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** A fresh random token (256 bits, URL-safe). */
export function newPublicToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The hash to look a token up by, or null for a text that cannot be a token. */
export function publicTokenHash(token: string): string | null {
  return token && token.length <= MAX_PUBLIC_TOKEN_LENGTH ? sha256Hex(token) : null;
}

/** Whether a link is revoked, expired (at its expiry instant exactly: expired) or still usable. */
export function publicLinkState(link: { expiresAt: Date | string; revokedAt: Date | string | null }, now: Date = clock.now()): 'valid' | 'revoked' | 'expired' {
  if (link.revokedAt) return 'revoked';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : 'valid';
}

/** The expiry instant `days` after `from`. */
export function publicLinkExpiry(days: number, from: Date = clock.now()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

type Db = DataSource | EntityManager;
const missKey = (scope: string, ip: string) => `plink:${scope}:${ip}`;

/** Minutes the address must wait before trying a token of `scope` again (0: it may). */
export function publicLinkWait(db: Db, scope: string, ip: string): Promise<number> {
  return throttleWait(db, [{ key: missKey(scope, ip), limit: PUBLIC_LINK_MISSES_PER_MINUTE }]);
}

/** Counts an unknown token tried by the address. */
export function publicLinkMiss(db: Db, scope: string, ip: string): Promise<void> {
  return throttleHit(db, [{ key: missKey(scope, ip), limit: PUBLIC_LINK_MISSES_PER_MINUTE }]);
}
