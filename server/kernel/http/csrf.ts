import crypto from 'node:crypto';
import type { Request } from 'express';

/** Name of the CSRF field in every form; the header `X-CSRF-Token` is also accepted. */
export const CSRF_FIELD = '_csrf_token';

/** The session's synchronizer token, created on first use. */
export function csrfToken(req: Request): string {
  const session = req.session as unknown as { csrfToken?: string } | undefined;
  if (!session) return '';
  if (!session.csrfToken) session.csrfToken = crypto.randomBytes(32).toString('base64url');
  return session.csrfToken;
}

/** Checks the token sent with a state-changing request (constant-time). */
export function isValidCsrf(req: Request): boolean {
  const expected = (req.session as unknown as { csrfToken?: string })?.csrfToken;
  const sent = (req.body && typeof req.body === 'object' ? req.body[CSRF_FIELD] : undefined) ?? req.get('X-CSRF-Token');
  if (!expected || typeof sent !== 'string' || sent.length !== expected.length) return false;
  return crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}
