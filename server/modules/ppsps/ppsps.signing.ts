import { checkSigningSubject, type SigningSubject } from '../signing/signing-subject';

/**
 * The PPSPS as the shared signing core sees it (docs/ppsps.md "Signatures"). The contract holder
 * (ET), the project manager (MOE), the safety coordinator (SPS) and the subcontractors (ST) sign;
 * the project owner (MOA) receives the PPSPS but does not sign it. The correspondent signs
 * internally (or one of his substitutes).
 */
export const PPSPS_SIGNING: SigningSubject = checkSigningSubject({
  type: 'ppsps',
  table: 'ppsps',
  fk: 'ppsps_id',
  companyTable: 'ppsps_company',
  signatureTable: 'ppsps_signature',
  signingKinds: ['ET', 'MOE', 'SPS', 'ST'],
  internalSignerColumn: 'correspondent_id',
  substituteTable: 'ppsps_substitute',
  rightPrefix: 'ppsps',
});
