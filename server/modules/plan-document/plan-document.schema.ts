import { z } from 'zod';
import { checkbox, isFrenchDate, requiredId, requiredText as required, text, version } from '../../kernel/http/fields';
import type { FieldError } from '../../kernel/http/forms';
import { parseFrenchDate } from '../../kernel/i18n/format';
import { DOCUMENT_ADDED_BY } from './document-type.entity';

/** Form names (Symfony style `<form>[<field>]`). */
export const DOCUMENT_TYPE_FORM = 'document_type';
export const DOCUMENT_FORM = 'plan_document';
export const ASK_FORM = 'document_ask';

const id = requiredId({ error: 'validation.selection', required: 'validation.selection' });

/**
 * An optional `DD/MM/YYYY` date, checked by {@link checkDates} (its message key carries the module
 * name, which `parseForm` would not pass through).
 */
const optionalDate = text(10);

/** The document type form of the admin list (the blank file comes as an upload beside it). */
export const documentTypeSchema = z.object({
  label: required(180),
  addedBy: z.enum(DOCUMENT_ADDED_BY as [string, ...string[]], { error: 'validation.choice' }),
  nominative: checkbox,
  editableModel: checkbox,
  mandatoryAllPlans: checkbox,
  mandatoryContacts: checkbox,
  mandatoryCompanies: checkbox,
  toSign: checkbox,
  active: checkbox,
  removeBlankFile: checkbox,
  version,
});
export type DocumentTypeInput = z.infer<typeof documentTypeSchema>;

/** `plan:12`, `plan_company:5`, `plan_staff:9`: whom a document of a plan belongs to. */
const owner = z.string({ error: 'validation.selection' }).trim()
  .regex(/^(plan|plan_company|plan_staff):\d{1,10}$/, { error: 'validation.selection' })
  .transform((s) => { const [kind, n] = s.split(':'); return { kind: kind as 'plan' | 'plan_company' | 'plan_staff', id: Number(n) }; });

/** A new document (or a new version of one) on a plan; its files come as uploads beside it. */
export const documentSchema = z.object({
  owner,
  documentTypeId: id,
  validFrom: optionalDate,
  expiresOn: optionalDate,
  comment: text(255),
});
export type DocumentInput = z.infer<typeof documentSchema>;

/** Editing a document: its dates and comment (a new file is a new version, through "add"). */
export const documentEditSchema = z.object({
  validFrom: optionalDate,
  expiresOn: optionalDate,
  comment: text(255),
  version,
});
export type DocumentEditInput = z.infer<typeof documentEditSchema>;

/** Asking an outside company of the plan for a document, by mail to its manager. */
export const askSchema = z.object({
  planCompanyId: id,
  documentTypeId: id,
  message: text(2000),
});
export type AskInput = z.infer<typeof askSchema>;

/** The validity dates of a document form, as ISO days, or the errors of each field. */
export function checkDates(values: Record<string, unknown>): { validFrom: string | null; expiresOn: string | null; errors: Record<string, FieldError> } {
  const errors: Record<string, FieldError> = {};
  const read = (field: 'validFrom' | 'expiresOn'): string | null => {
    const raw = typeof values[field] === 'string' ? (values[field] as string).trim() : '';
    if (raw === '') return null;
    const date = isFrenchDate(raw) ? parseFrenchDate(raw) : null;
    if (!date) { errors[field] = 'plan-document.validation.date'; return null; }
    return date.toISOString().slice(0, 10);
  };
  const validFrom = read('validFrom');
  const expiresOn = read('expiresOn');
  if (validFrom && expiresOn && expiresOn < validFrom) errors.expiresOn = 'plan-document.validation.expiry_before_start';
  return { validFrom, expiresOn, errors };
}
