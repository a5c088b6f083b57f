import { z } from 'zod';
import { checkbox, idList as kernelIdList, optionalId, queryEnum, queryId, queryText, requiredEmail, requiredText as required, text, version } from '../../kernel/http/fields';
import type { FieldError } from '../../kernel/http/forms';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';

const idList = kernelIdList({ error: 'validation.choice', max: null });

/** The user form (`user[...]`) of the administration; passwords are checked by {@link checkPasswords}. */
export const userSchema = z.object({
  username: required(180).refine((s) => /^[\p{L}\p{N}._@-]+$/u.test(s), { error: 'users.validation.username_chars' }),
  email: requiredEmail(180),
  firstName: required(100),
  lastName: required(100),
  civility: z.enum(['', 'mr', 'mrs', 'ms'], { error: 'validation.choice' }).default(''),
  phone: text(30),
  mobile: text(30),
  locale: z.enum(SUPPORTED_LOCALES, { error: 'validation.choice' }),
  roles: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(60))),
  supervisorId: optionalId(),
  hierarchyRole: z.string().max(60).default(''),
  hierarchyItemIds: idList,
  serviceIds: idList,
  enabled: checkbox,
  actionProcessedMail: checkbox,
  vgpProcessedMail: checkbox,
  plainPassword: z.string().max(200, { error: 'validation.too_long' }).default(''),
  plainPasswordConfirm: z.string().max(200, { error: 'validation.too_long' }).default(''),
  version,
});

export type UserInput = z.infer<typeof userSchema>;

/** Password rules: required on creation, optional on edit; long enough (setting); both fields equal. */
export function checkPasswords(input: UserInput, creating: boolean, minLength: number): Record<string, FieldError> {
  if (!creating && !input.plainPassword && !input.plainPasswordConfirm) return {};
  if (!input.plainPassword) return { plainPassword: 'validation.required' };
  if (input.plainPassword.length < minLength) return { plainPassword: { key: 'users.validation.password_short', params: { min: minLength } } };
  if (input.plainPassword !== input.plainPasswordConfirm) return { plainPasswordConfirm: 'users.validation.password_mismatch' };
  return {};
}

/** Filters of the user list. */
export const userFilterSchema = z.object({
  q: queryText(100),
  activated: queryEnum(['1', '0']),
  role: queryText(60),
  service: queryId.transform((id) => (id === null ? '' : String(id))),
});
