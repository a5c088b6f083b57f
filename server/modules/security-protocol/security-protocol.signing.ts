import { checkSigningSubject, type SigningSubject } from '../signing/signing-subject';

/**
 * Where the shared signing core finds a security protocol: its rows, companies, signatures and
 * internal signer. The carrier and the handler sign; a subcontractor signs while the toggle
 * "subcontractor signature" is on (as on plans); the host is the tenant's side and signs through
 * the responsible (internal signature).
 */
export const PDS_SIGNING: SigningSubject = checkSigningSubject({
  type: 'security_protocol',
  table: 'security_protocol',
  fk: 'protocol_id',
  companyTable: 'security_protocol_company',
  signatureTable: 'security_protocol_signature',
  signingKinds: ['carrier', 'handler'],
  toggledKinds: ['subcontractor'],
  internalSignerColumn: 'responsible_id',
  substituteTable: 'security_protocol_substitute',
  rightPrefix: 'pds',
});
