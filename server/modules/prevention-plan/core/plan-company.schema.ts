import { z } from 'zod';
import { PLAN_COMPANY_KINDS } from './plan-company.entity';

/** The form name of a company block on a plan. */
export const COMPANY_FORM = 'plan_company';

const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : Array.isArray(v) ? v[v.length - 1] : v), z.string().trim().max(max, { error: 'validation.too_long' }));
const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined || v === null || v === '0' ? null : v),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable(),
);

/**
 * Types and lengths of the company block. The business rules (name, address and manager
 * required, tiers of the CRM, parent of a subcontractor) need the database: the service checks them.
 */
export const companySchema = z.object({
  kind: z.preprocess((v) => (v === undefined || v === '' ? 'EE' : v), z.enum(PLAN_COMPANY_KINDS, { error: 'validation.choice' })),
  parent: optionalId,
  tiers: optionalId,
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
  email: text(180).refine((v) => v === '' || z.email().safeParse(v).success, { error: 'validation.email' }),
  version: z.preprocess((v) => (v === undefined || v === '' ? 0 : v), z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' })),
});
export type CompanyInput = z.infer<typeof companySchema>;
