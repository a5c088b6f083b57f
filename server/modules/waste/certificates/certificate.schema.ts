import { z } from 'zod';
import { idList, optionalId, optionalText, queryId, queryPage, queryText, requiredText, text, version } from '../../../kernel/http/fields';

/** Field names of the certificate form: `cap_certificate[<field>]`. */
export const CERTIFICATE_FORM = 'cap_certificate';

/**
 * A CAP certificate: its code (unique in the company), the site, the ordering customer, producer and
 * customer to bill (CRM companies picked with the autocomplete, the `*Label` fields keeping what was
 * typed), the carriers and wastes (several), a comment.
 */
export const certificateSchema = z.object({
  code: requiredText(60),
  siteId: optionalId(),
  orderingCustomerId: optionalId(),
  orderingCustomerLabel: text(200),
  producerId: optionalId(),
  producerLabel: text(200),
  billToId: optionalId(),
  billToLabel: text(200),
  carrierIds: idList({ error: 'validation.choice' }),
  wasteIds: idList({ error: 'validation.choice' }),
  comment: optionalText(5000),
  version,
});
/** A parsed certificate. */
export type CertificateInput = z.infer<typeof certificateSchema>;

/** The certificate list's query string: `q` searches the code, `site` keeps one site's certificates. */
export const certificateQuerySchema = z.object({ q: queryText(100), site: queryId, page: queryPage });

/** The three certificate forms (seed 001): producer, customer to bill, carrier. */
export const CAP_FORMS = ['producer', 'bill_to', 'carrier'] as const;
/** One of the certificate forms. */
export type CapForm = (typeof CAP_FORMS)[number];
