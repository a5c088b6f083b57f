/** Who gave a drawn signature: their account when they signed as themself, and the name written under it. */
export interface SignerIdentity {
  userId: number | null;
  name: string;
}

/** A name reduced for comparing people: no accents, case or punctuation, words in any order. */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).sort().join(' ');
}

/**
 * Do two signatures come from the same person? Two known accounts decide; otherwise the names
 * do (« Hélène Faure » and « FAURE helene » are one person).
 */
export function sameSigner(a: SignerIdentity, b: SignerIdentity): boolean {
  if (a.userId !== null && b.userId !== null) return Number(a.userId) === Number(b.userId);
  const key = nameKey(a.name);
  return key !== '' && key === nameKey(b.name);
}
