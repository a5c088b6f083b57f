import type { DataSource } from 'typeorm';
import { clock } from '../../kernel/clock';
import { decodePngDataUrl, isBlankPng, pngHeader } from './png';

/** Largest signature image accepted (decoded PNG bytes). */
export const MAX_SIGNATURE_BYTES = 500 * 1024;
/** Largest canvas accepted, in pixels (a signature pad on a wide, high-density screen). */
const MAX_SIDE = 4096;

/** Why a signature image is refused. */
export type SignatureRefusal = 'empty' | 'not_png' | 'too_large';

/** Checks an image sent by the signature pad: a PNG data URL, under 500 KB, not an empty drawing. */
export function checkSignatureImage(image: unknown): { ok: true; png: Buffer } | { ok: false; reason: SignatureRefusal } {
  if (image === undefined || image === null || (typeof image === 'string' && image.trim() === '')) return { ok: false, reason: 'empty' };
  // Base64 makes 4 characters of 3 bytes: refuse oversize input before decoding it.
  if (typeof image === 'string' && image.length > Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4 + 64) return { ok: false, reason: 'too_large' };
  const png = decodePngDataUrl(image);
  if (!png) return { ok: false, reason: 'not_png' };
  if (png.length > MAX_SIGNATURE_BYTES) return { ok: false, reason: 'too_large' };
  const { width, height } = pngHeader(png);
  if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) return { ok: false, reason: 'not_png' };
  if (isBlankPng(png)) return { ok: false, reason: 'empty' };
  return { ok: true, png };
}

/** The user's saved signature as a data URL, or null. */
export async function signatureDataUrl(db: DataSource, tenantId: number, userId: number): Promise<string | null> {
  const [row] = await db.query('SELECT png FROM user_signature WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]);
  return row ? `data:image/png;base64,${Buffer.from(row.png).toString('base64')}` : null;
}

/** Saves (replaces) the user's signature. */
export async function saveSignature(db: DataSource, tenantId: number, userId: number, png: Buffer): Promise<void> {
  await db.query(
    `INSERT INTO user_signature (tenant_id, user_id, png, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, png = EXCLUDED.png, updated_at = EXCLUDED.updated_at`,
    [tenantId, userId, png, clock.now()]);
}
