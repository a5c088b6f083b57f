import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { clock } from '../../kernel/clock';
import { hashToken } from './password.service';

/** Cookie naming the browser; its token is random, only its SHA-256 is stored (`login_device`). */
const COOKIE = 'vigie.device';
const COOKIE_VALUE = /(?:^|;\s*)vigie\.device=([A-Za-z0-9_-]{43})(?:;|$)/;
/** A browser unused for this long is no longer known. */
export const DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

/** The device token this browser sent, or null. */
export function deviceToken(req: Request): string | null {
  return COOKIE_VALUE.exec(req.get('Cookie') ?? '')?.[1] ?? null;
}

/** Did the user complete a login (or a password reset) from this browser in the last 180 days? */
export async function isKnownDevice(db: DataSource, userId: number, req: Request): Promise<boolean> {
  const token = deviceToken(req);
  if (!token) return false;
  const [row] = await db.query('SELECT 1 FROM login_device WHERE user_id = $1 AND token_hash = $2 AND last_login_at > $3',
    [userId, hashToken(token), new Date(clock.now().getTime() - DEVICE_TTL_MS)]);
  return !!row;
}

/**
 * Marks this browser as the user's (a new token when it has none) and sets its cookie on the
 * response. `forgetOthers` first drops the user's other browsers (after a password reset).
 */
export async function rememberDevice(req: Request, res: Response, userId: number, forgetOthers = false): Promise<void> {
  const token = deviceToken(req) ?? randomBytes(32).toString('base64url');
  const db = req.ctx.db;
  await db.transaction(async (m) => {
    if (forgetOthers) await m.query('DELETE FROM login_device WHERE user_id = $1', [userId]);
    await m.query(
      `INSERT INTO login_device (user_id, token_hash, last_login_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, token_hash) DO UPDATE SET last_login_at = EXCLUDED.last_login_at`,
      [userId, hashToken(token), clock.now()],
    );
  });
  res.cookie(COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.ctx.config.env === 'production', maxAge: DEVICE_TTL_MS, path: '/' });
}
