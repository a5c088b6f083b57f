import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's minimum memory/time settings.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** Checks a password against its hash; a malformed hash is a mismatch. */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
