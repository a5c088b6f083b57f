import { Secret } from 'otpauth';
import { generateTotpSecret, otpauthUri, totpCode, verifyTotp } from './totp';

// RFC 6238 appendix B: SHA-1 key "12345678901234567890".
const RFC_SECRET = Secret.fromUTF8('12345678901234567890').base32;

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors (last six digits)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('accepts the step before and after, refuses further and replays', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const at = new Date('2030-01-01T10:00:00Z');
    const code = totpCode(secret, at);
    expect(verifyTotp(secret, code, new Date(at.getTime() + 30_000))).not.toBeNull();
    expect(verifyTotp(secret, code, new Date(at.getTime() - 30_000))).not.toBeNull();
    expect(verifyTotp(secret, code, new Date(at.getTime() + 61_000))).toBeNull();
    expect(verifyTotp(secret, code, new Date(at.getTime() - 31_000))).toBeNull();
    const step = verifyTotp(secret, code, at)!;
    expect(step).toBe(Math.floor(at.getTime() / 30_000));
    expect(verifyTotp(secret, code, at, step)).toBeNull();
    expect(verifyTotp(secret, code, at, step - 1)).toBe(step);
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull();
    expect(verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(step);
  });

  it('builds the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'camille@example.fr')).toBe('otpauth://totp/Vigie:camille%40example.fr?issuer=Vigie&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30');
  });
});
