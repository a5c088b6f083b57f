import { randomBytes, randomUUID } from 'node:crypto';
import { clock } from '../clock';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Throws unless `key` is a relative, slash-separated key of plain segments:
 * no `..`, no absolute path, no backslash, nothing a path could escape with.
 */
export function assertSafeKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new Error('Clé de stockage invalide.');
  if (key.startsWith('/') || key.includes('\\') || key.includes('\0')) throw new Error(`Clé de stockage invalide : ${key}`);
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.' || !SEGMENT.test(segment)) throw new Error(`Clé de stockage invalide : ${key}`);
  }
}

/** Lower-case ASCII slug of a user-given name: accents folded, anything else becomes `-`. */
export function safeSlug(text: string, max = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-+\./g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug.slice(0, max).replace(/[-.]+$/g, '');
}

/**
 * A fresh key under the tenant: `t/<tenantId>/<yyyy>/<mm>/<uuid>-<safe>`, where `<safe>` is the
 * slug of `parts` (usually the original file name, so the extension survives). The month comes
 * from `clock.now()` (UTC).
 */
export function tenantKey(tenantId: number, ...parts: string[]): string {
  if (!Number.isInteger(tenantId) || tenantId <= 0) throw new Error(`Identifiant de société invalide : ${tenantId}`);
  const now = clock.now();
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const safe = safeSlug(parts.join('-'));
  const key = `t/${tenantId}/${yyyy}/${mm}/${randomUUID()}${safe ? `-${safe}` : ''}`;
  assertSafeKey(key);
  return key;
}

/** A fresh temporary key `tmp/<uuid>`, for an upload not yet attached to a committed row. */
export function tmpKey(): string {
  return `tmp/${randomUUID()}`;
}

/** A fresh random access key (32 bytes, 43 base64url characters): the only name an editor image is served by. */
export function newAccessKey(): string {
  return randomBytes(32).toString('base64url');
}
