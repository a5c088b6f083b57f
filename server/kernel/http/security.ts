import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A fresh CSP nonce per response, exposed to templates as `nonce`. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.nonce = crypto.randomBytes(16).toString('base64');
  next();
};

/** Helmet with a nonce-based CSP: no inline script without the nonce, `base-uri 'none'`, `object-src 'none'`. */
export function securityHeaders(production: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`],
        // Bootstrap, flatpickr and leaflet position elements with inline styles.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: production,
    crossOriginEmbedderPolicy: false,
  });
}
