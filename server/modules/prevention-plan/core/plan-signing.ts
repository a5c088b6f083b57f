import { checkSigningSubject, type SigningSubject } from '../../signing/signing-subject';

/** Where a prevention plan's companies and signatures live, for the shared signing core. */
export const PLAN_SIGNING: SigningSubject = checkSigningSubject({
  type: 'prevention_plan',
  table: 'prevention_plan',
  fk: 'plan_id',
  companyTable: 'plan_company',
  signatureTable: 'plan_signature',
  signingKinds: ['EE'],
  // Subcontractors sign while the company's toggle "subcontractor signature" is on (default).
  toggledKinds: ['ST'],
  internalSignerColumn: 'ordering_customer_id',
  substituteTable: 'plan_substitute',
  rightPrefix: 'pdp',
});
