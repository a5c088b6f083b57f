import crypto from 'node:crypto';
import type { Request } from 'express';

/** Name of the CSRF field in every form; the header {@link CSRF_HEADER} is also accepted. */
export const CSRF_FIELD = '_csrf_token';

/** The header the client's scripts send the token in (`islands/core/http.ts`). */
export const CSRF_HEADER = 'X-CSRF-Token';

/** The session's synchronizer token, created on first use. */
export function csrfToken(req: Request): string {
  const session = req.session as unknown as { csrfToken?: string } | undefined;
  if (!session) return '';
  if (!session.csrfToken) session.csrfToken = crypto.randomBytes(32).toString('base64url');
  return session.csrfToken;
}

/** True when `sent` is the session's token (constant-time). */
export function csrfMatches(req: Request, sent: unknown): boolean {
  const expected = (req.session as unknown as { csrfToken?: string })?.csrfToken;
  if (!expected || typeof sent !== 'string' || sent.length !== expected.length) return false;
  return crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}

/** The token sent in the {@link CSRF_HEADER} header, undefined when there is none. */
export function csrfHeader(req: Request): string | undefined {
  return req.get(CSRF_HEADER);
}

/**
 * Checks the token of a state-changing request: the header when there is one (it then decides
 * alone, and can be checked before the body is read), else the `_csrf_token` field.
 */
export function isValidCsrf(req: Request): boolean {
  const header = csrfHeader(req);
  if (header !== undefined) return csrfMatches(req, header);
  return csrfMatches(req, req.body && typeof req.body === 'object' ? req.body[CSRF_FIELD] : undefined);
}
