import { z } from 'zod';
import { decimal, optionalId, queryPage, queryText, requiredFrenchDate, requiredId, requiredText, text, version } from '../../../kernel/http/fields';

/** Field names of the voucher form: `waste_voucher[<field>]`. */
export const VOUCHER_FORM = 'waste_voucher';

/** Largest weight of one voucher, in tonnes. */
export const MAX_WEIGHT_T = 99_999.999;

/**
 * A waste voucher: number, collection date, waste, container, weight in tonnes (> 0, at most three
 * decimals), the site it leaves, its carrier and consignee (CRM companies picked with the autocomplete).
 */
export const voucherSchema = z.object({
  number: requiredText(60),
  collectionDate: requiredFrenchDate({ error: 'waste.validation.date' }),
  wasteId: requiredId(),
  containerId: optionalId(),
  weight: decimal(0.001, MAX_WEIGHT_T, { scale: 3, required: 'validation.required', error: 'waste.validation.weight' }),
  siteId: requiredId(),
  carrierId: optionalId(),
  carrierLabel: text(200),
  consigneeId: optionalId(),
  consigneeLabel: text(200),
  version,
});
/** A parsed voucher. */
export type VoucherInput = z.infer<typeof voucherSchema>;

/** The voucher list's query string. */
export const voucherQuerySchema = z.object({ q: queryText(100), page: queryPage });
