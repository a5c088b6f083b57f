import { z } from 'zod';
import {
  checkbox, email as kernelEmail, idList as kernelIdList, isFrenchDate, money, optionalId as kernelOptionalId, optionalInteger, phone as kernelPhone,
  queryEnum, queryText, requiredId, requiredText as required, siret, text, version,
} from '../../kernel/http/fields';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';
import { TIERS_STATES } from './tiers.entity';

const optionalId = kernelOptionalId({ error: 'validation.choice' });
const idList = kernelIdList({ error: 'validation.choice', max: null });
const email = kernelEmail(180);
const phone = kernelPhone(30, { error: 'crm.validation.phone', pattern: /^[+()\d][\d\s.()+-]{1,29}$/ });

/** The company form (`crm_company[...]`), seed 002 "Company (CRM)". */
export const tiersSchema = z.object({
  name: required(180),
  director: text(180),
  email,
  phone,
  website: text(255).refine((s) => s === '' || /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(s), { error: 'crm.validation.website' }),
  isProvider: checkbox,
  intraVatNumber: text(20).transform((s) => s.replace(/\s/g, '').toUpperCase())
    .refine((s) => s === '' || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(s), { error: 'crm.validation.intra_vat' }),
  state: z.enum(TIERS_STATES, { error: 'validation.choice' }),
  apeCode: text(10).transform((s) => s.replace(/\s/g, '').toUpperCase())
    .refine((s) => s === '' || /^\d{2}\.?\d{2}[A-Z]$/.test(s), { error: 'crm.validation.ape' }),
  siret: siret({ error: 'crm.validation.siret' }),
  legalForm: text(60),
  creationYear: optionalInteger(1800, 2100, { error: 'crm.validation.year' }),
  staffCount: optionalInteger(0, 10_000_000, { error: 'crm.validation.staff_count' }),
  capital: money({ error: 'crm.validation.amount' }),
  averageTurnover: money({ error: 'crm.validation.amount' }),
  activityIds: idList,
  domainIds: idList,
  activityDescription: text(5000),
  referentId: optionalId,
  vatRateId: optionalId,
  version,
});
export type TiersInput = z.infer<typeof tiersSchema>;

/** The address form (`crm_address[...]`). */
export const addressSchema = z.object({
  name: text(150),
  address: required(255),
  zipCode: text(20).refine((s) => s === '' || /^[0-9A-Za-z -]{2,10}$/.test(s), { error: 'crm.validation.zip' }),
  city: text(120),
  country: text(80),
  isHeadOffice: checkbox,
  isBilling: checkbox,
  isMainBilling: checkbox,
  isDelivery: checkbox,
  isMainDelivery: checkbox,
  version,
});
export type AddressInput = z.infer<typeof addressSchema>;

/** The contact form (`crm_contact[...]`): the person, and his link to one company. */
export const contactSchema = z.object({
  civility: z.enum(['', 'mr', 'mrs', 'ms'], { error: 'validation.choice' }).default(''),
  lastName: required(100),
  firstName: required(100),
  birthDate: text(10).refine((s) => s === '' || isFrenchDate(s), { error: 'crm.validation.date' }),
  address: text(255),
  phone,
  mobile: phone,
  email,
  locale: z.enum(SUPPORTED_LOCALES, { error: 'validation.choice' }).default('fr'),
  withUserAccount: checkbox,
  isOldEmployee: checkbox,
  tiersId: optionalId,
  functionId: optionalId,
  proPhone: phone,
  proMobile: phone,
  proEmail: email,
  version,
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The function (qualification) form (`crm_function[...]`). */
export const functionSchema = z.object({ name: required(150), isManager: checkbox, version });
export type FunctionInput = z.infer<typeof functionSchema>;

/** The activity form (`crm_activity[...]`). */
export const activitySchema = z.object({ name: required(150), version });
export type ActivityInput = z.infer<typeof activitySchema>;

/** The VAT rate form (`vat_rate[...]`): label, percent (French decimal comma accepted), default flag. */
export const vatRateSchema = z.object({
  label: required(100),
  rate: z.preprocess((v) => (typeof v === 'string' ? v.replace(/[\s%]/g, '').replace(',', '.') : v),
    z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).regex(/^\d{1,3}(\.\d{1,2})?$/, { error: 'crm.validation.rate' }))
    .refine((s) => Number(s) <= 100, { error: 'crm.validation.rate' }),
  isDefault: checkbox,
  version,
});
export type VatRateInput = z.infer<typeof vatRateSchema>;

/** Filters of the company list. */
export const tiersFilterSchema = z.object({
  q: queryText(100),
  state: queryEnum(TIERS_STATES),
});

/** Filters of the contact list. */
export const contactFilterSchema = z.object({
  q: queryText(100),
  former: queryEnum(['1']),
});

/** The form attaching a contact to one more company (`crm_contact_link[...]`). */
export const contactLinkSchema = z.object({
  tiersId: requiredId({ required: 'validation.selection', error: 'validation.choice' }),
  functionId: optionalId,
  proPhone: phone,
  proMobile: phone,
  proEmail: email,
});
export type ContactLinkInput = z.infer<typeof contactLinkSchema>;
