import { z } from 'zod';
import {
  email, frenchDate as kernelDate, idList as kernelIdList, oneOf, optionalId as kernelOptionalId, optionalOneOf, queryDate, queryEnum, queryId, queryText,
  requiredText, text, version, yesNo,
} from '../../kernel/http/fields';
import { OPERATION_TYPES, PROTOCOL_STATUSES } from './security-protocol.entity';

const optionalId = kernelOptionalId();
const idList = kernelIdList();
/** `DD/MM/YYYY` -> `YYYY-MM-DD`, or null when blank. */
const frenchDate = kernelDate({ error: 'security-protocol.validation.date' });

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
  operationType: optionalOneOf(OPERATION_TYPES),
  packagingIds: idList,
  vehicleIds: idList,
  equipmentIds: idList,
  description: text(20_000),
  designation: text(20_000),
  version,
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
  kind: oneOf(['host', 'carrier', 'handler', 'subcontractor'], { fallback: 'carrier' }),
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
  email: email(180),
  version,
});
export type ProtocolCompanyInput = z.infer<typeof protocolCompanySchema>;

/** An admin list entry (`pds_list[label]`). */
export const listItemSchema = z.object({
  label: requiredText(255),
});

/** The list filters (query string); a bad value falls back, never an error. Dates as typed (`DD/MM/YYYY`). */
export const protocolFilterSchema = z.object({
  q: queryText(200),
  status: queryEnum(PROTOCOL_STATUSES),
  item: queryId,
  from: queryDate,
  to: queryDate,
  archived: queryEnum(['yes', 'all'], 'no'),
});
