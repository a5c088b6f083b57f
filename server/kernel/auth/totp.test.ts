import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUri, totpCode, verifyTotp } from './totp';

// RFC 6238 appendix B: SHA-1 key "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    const key = base32Decode(RFC_SECRET);
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe('07081804');
    expect(hotp(key, Math.floor(1234567890 / 30), 8)).toBe('89005924');
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
  });

  it('accepts the step before and after, refuses further and replays', () => {
    const secret = generateTotpSecret();
    const at = new Date('2030-01-01T10:00:00Z');
    const code = totpCode(secret, at);
    expect(verifyTotp(secret, code, new Date(at.getTime() + 30_000))).not.toBeNull();
    expect(verifyTotp(secret, code, new Date(at.getTime() - 30_000))).not.toBeNull();
    expect(verifyTotp(secret, code, new Date(at.getTime() + 61_000))).toBeNull();
    const step = verifyTotp(secret, code, at)!;
    expect(verifyTotp(secret, code, at, step)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull();
  });

  it('round-trips base32 and builds the otpauth URI', () => {
    const buf = Buffer.from('Vigie sécurité');
    expect(base32Decode(base32Encode(buf)).equals(buf)).toBe(true);
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'camille@example.fr')).toBe('otpauth://totp/Vigie:camille%40example.fr?secret=JBSWY3DPEHPK3PXP&issuer=Vigie&algorithm=SHA1&digits=6&period=30');
  });
});
