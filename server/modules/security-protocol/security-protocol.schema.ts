import { z } from 'zod';
import { parseFrenchDate } from '../../kernel/i18n/format';
import { OPERATION_TYPES } from './security-protocol.entity';

const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

/** Free text, trimmed; '' when absent (required-ness: {@link requiredFieldErrors}). */
const text = (max: number) => z.preprocess((v) => (blank(v) ? '' : last(v)), z.string({ error: 'validation.invalid' }).trim().max(max, { error: 'validation.too_long' }));
const optionalId = z.preprocess((v) => (blank(last(v)) ? null : last(v)),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }).nullable());
const idList = z.preprocess(
  (v) => (blank(v) ? [] : (Array.isArray(v) ? v : [v]).filter((x) => !blank(x))),
  z.array(z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }), { error: 'validation.invalid' }).max(200, { error: 'validation.invalid' }),
).transform((ids) => [...new Set(ids)]);
/** Punctual ('1') / repetitive ('0') / not chosen. */
const yesNo = z.preprocess((v) => { const l = last(v); return l === '1' ? true : l === '0' ? false : null; }, z.boolean().nullable());
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = z.preprocess((v) => (blank(last(v)) ? null : String(last(v)).trim()),
  z.string().refine((s) => /^\d{2}\/\d{2}\/\d{4}$/.test(s) && parseFrenchDate(s) !== null, { error: 'security-protocol.validation.date' })
    .transform((s) => parseFrenchDate(s)!.toISOString().slice(0, 10)).nullable());

/**
 * The protocol form (`pds[...]`). Types and lengths only: the required fields of seed 002
 * section 5 are checked by {@link requiredFieldErrors} on a normal save, never on a draft.
 */
export const protocolSchema = z.object({
  pdsNumber: text(40),
  natureOfGoods: text(255),
  responsibleId: optionalId,
  substituteIds: idList,
  hierarchyItemId: optionalId,
  companyTiersId: optionalId,
  companyName: text(255),
  startDate: frenchDate,
  endDate: frenchDate,
  isPunctual: yesNo,
  frequency: text(255),
  operationType: z.preprocess((v) => (blank(last(v)) ? null : last(v)), z.enum(OPERATION_TYPES, { error: 'validation.choice' }).nullable()),
  packagingIds: idList,
  vehicleIds: idList,
  equipmentIds: idList,
  description: text(20_000),
  designation: text(20_000),
  version: z.coerce.number().int().min(0).default(0),
});
export type ProtocolInput = z.infer<typeof protocolSchema>;

/**
 * Seed 002 section 5 for a protocol: punctual or repetitive choice (a repetitive one states its
 * frequency), start and end dates, protocol number, nature of goods, responsible, operation type.
 * The transport company is a rule over the companies: see `protocolProblems`.
 */
export function requiredFieldErrors(d: ProtocolInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (field: keyof ProtocolInput, ok: boolean, key = 'validation.required') => { if (!ok && !errors[field]) errors[field] = key; };
  need('pdsNumber', !!d.pdsNumber);
  need('natureOfGoods', !!d.natureOfGoods);
  need('responsibleId', d.responsibleId != null);
  need('isPunctual', d.isPunctual != null, 'security-protocol.validation.punctual');
  if (d.isPunctual === false) need('frequency', !!d.frequency);
  need('startDate', d.startDate != null);
  need('endDate', d.endDate != null);
  if (d.startDate && d.endDate && d.endDate < d.startDate) need('endDate', false, 'security-protocol.validation.end_before_start');
  need('operationType', d.operationType != null, 'security-protocol.validation.operation_type');
  return errors;
}

/** The company block of a protocol (`pds_company[...]`): types and lengths; rules in the service. */
export const protocolCompanySchema = z.object({
  kind: z.preprocess((v) => (blank(last(v)) ? 'carrier' : last(v)), z.enum(['host', 'carrier', 'handler', 'subcontractor'], { error: 'validation.choice' })),
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
  version: z.preprocess((v) => (blank(last(v)) ? 0 : last(v)), z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' })),
});
export type ProtocolCompanyInput = z.infer<typeof protocolCompanySchema>;

/** An admin list entry (`pds_list[label]`). */
export const listItemSchema = z.object({
  label: text(255).refine((v) => v.length > 0, { error: 'validation.required' }),
});
