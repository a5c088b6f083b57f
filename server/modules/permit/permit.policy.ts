import { sameSigner, type SignerIdentity } from '../user-signature/same-signer';

/** A signature already given on a permit, as the duty rule reads it. */
export interface GivenPermitSignature { step: string; signerName: string; userId: number | null }

/**
 * Separation of duties (docs/separation-of-duties.md): each signature of a control step comes
 * from a different person, so nobody signs a step twice under two qualities (issuer and welder,
 * say). The translation key of why `signer` may not sign `step`, or null.
 */
export function secondSignatureRefusal(given: GivenPermitSignature[], step: string, signer: SignerIdentity): string | null {
  return given.some((g) => g.step === step && sameSigner({ userId: g.userId, name: g.signerName }, signer)) ? 'permit.duties.same_signer' : null;
}
