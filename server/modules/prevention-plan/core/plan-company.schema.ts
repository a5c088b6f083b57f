import { z } from 'zod';
import { checkbox, email, oneOf, optionalId as kernelOptionalId, siret, text, version } from '../../../kernel/http/fields';
import { PLAN_COMPANY_KINDS } from './plan-company.entity';

/** The form name of a company block on a plan. */
export const COMPANY_FORM = 'plan_company';

// A select's "none" option is sent as 0.
const optionalId = z.preprocess((v) => (v === '0' ? null : v), kernelOptionalId());

/**
 * Types and lengths of the company block. The business rules (name, address and manager
 * required, tiers of the CRM, parent of a subcontractor) need the database: the service checks them.
 */
export const companySchema = z.object({
  kind: oneOf(PLAN_COMPANY_KINDS, { fallback: 'EE' }),
  parent: optionalId,
  tiers: optionalId,
  /** « Nouvelle entreprise » : the company, its address and its manager are created in the CRM on save. */
  newTiers: checkbox,
  siret: siret({ error: 'plan-company.validation.siret' }),
  /** The new manager's function in the CRM (new company only). */
  contactFunction: optionalId,
  name: text(255),
  director: text(255),
  substitutes: text(2000),
  tiersAddress: optionalId,
  addressName: text(255),
  address: text(1000),
  zipCode: text(20),
  city: text(150),
  country: text(100),
  contact: optionalId,
  lastName: text(150),
  firstName: text(150),
  phone: text(50),
  mobile: text(50),
  email: email(180),
  version,
});
export type CompanyInput = z.infer<typeof companySchema>;
