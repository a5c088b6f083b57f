import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';
import { parseFrenchDate } from '../../kernel/i18n/format';
import { TIERS_STATES } from './tiers.entity';

// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const text = (max: number) => z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(max, { error: 'validation.too_long' }));
const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number({ error: 'validation.choice' }).int({ error: 'validation.choice' }).positive({ error: 'validation.choice' }).max(2_147_483_647, { error: 'validation.choice' }).nullable());
const idList = z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v.filter((x) => x !== '') : [v]),
  z.array(z.coerce.number({ error: 'validation.choice' }).int({ error: 'validation.choice' }).positive({ error: 'validation.choice' }).max(2_147_483_647, { error: 'validation.choice' })));
const email = text(180).refine((s) => s === '' || z.email().safeParse(s).success, { error: 'validation.email' });
const phone = text(30).refine((s) => s === '' || /^[+()\d][\d\s.()+-]{1,29}$/.test(s), { error: 'crm.validation.phone' });
const version = z.coerce.number().int().min(0).default(0);

/** A number typed the French way ("1 500 000,50"), blank for none. */
const amount = (errorKey: string) => z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.') : v),
  z.union([z.literal(''), z.undefined(), z.string().regex(/^\d{1,13}(\.\d{1,2})?$/, { error: errorKey })]),
).transform((v) => (v ? v : null));

/** A whole number in a range, blank for none. */
const wholeNumber = (min: number, max: number, errorKey: string) => z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
  z.union([z.literal(''), z.undefined(), z.string().regex(/^\d{1,9}$/, { error: errorKey })]),
).transform((v) => (v ? Number(v) : null)).refine((n) => n === null || (n >= min && n <= max), { error: errorKey });

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
  siret: text(20).transform((s) => s.replace(/\s/g, ''))
    .refine((s) => s === '' || /^\d{14}$/.test(s), { error: 'crm.validation.siret' }),
  legalForm: text(60),
  creationYear: wholeNumber(1800, 2100, 'crm.validation.year'),
  staffCount: wholeNumber(0, 10_000_000, 'crm.validation.staff_count'),
  capital: amount('crm.validation.amount'),
  averageTurnover: amount('crm.validation.amount'),
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
  birthDate: text(10).refine((s) => s === '' || (/^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null), { error: 'crm.validation.date' }),
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
  q: z.string().trim().max(100).catch(''),
  state: z.enum(['', ...TIERS_STATES]).catch(''),
});

/** Filters of the contact list. */
export const contactFilterSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  former: z.enum(['', '1']).catch(''),
});

/** The form attaching a contact to one more company (`crm_contact_link[...]`). */
export const contactLinkSchema = z.object({
  tiersId: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : v),
    z.coerce.number({ error: 'validation.selection' }).int({ error: 'validation.choice' }).positive({ error: 'validation.choice' }).max(2_147_483_647, { error: 'validation.choice' })),
  functionId: optionalId,
  proPhone: phone,
  proMobile: phone,
  proEmail: email,
});
export type ContactLinkInput = z.infer<typeof contactLinkSchema>;
