import { Secret, TOTP } from 'otpauth';

/** Seconds in one TOTP time step (RFC 6238 default). */
export const TOTP_STEP_SECONDS = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** Steps accepted on each side of the current one (clock drift of the phone). */
export const TOTP_WINDOW = 1;

/** The TOTP generator of a base32 secret (SHA-1, 6 digits, 30 s: what every authenticator app reads). */
function totpOf(secret: string, account = '', issuer = 'Vigie'): TOTP {
  return new TOTP({ issuer, label: account, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS, secret: Secret.fromBase32(secret.toUpperCase().replace(/[\s=]/g, '')) });
}

/** A new random secret (160 bits, base32), as authenticator apps expect. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step of an instant. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a base32 secret at an instant. */
export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * Checks a code against the steps around `at` (±{@link TOTP_WINDOW}); returns the matching
 * step, or null. A step not after `lastUsedStep` is refused (no replay).
 */
export function verifyTotp(secret: string, code: string, at: Date, lastUsedStep: number | null = null): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const delta = totpOf(secret).validate({ token: typed, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The `otpauth://` URI an authenticator app reads (typed by hand or from a QR code). */
export function otpauthUri(secret: string, account: string, issuer = 'Vigie'): string {
  return totpOf(secret, account, issuer).toString();
}
