import { z } from 'zod';
import type { FieldError } from '../../kernel/http/forms';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';

const text = (max: number) => z.string().trim().max(max, { error: 'validation.too_long' });
const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });
// A checkbox comes after its hidden "0" twin, so the last value wins.
const checkbox = z.preprocess((v) => { const last = Array.isArray(v) ? v[v.length - 1] : v; return last === '1' || last === 'on' || last === true; }, z.boolean());
const idList = z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive({ error: 'validation.choice' })));
const optionalId = z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), z.coerce.number().int().positive().nullable());

/** The user form (`user[...]`) of the administration; passwords are checked by {@link checkPasswords}. */
export const userSchema = z.object({
  username: required(180).regex(/^[\p{L}\p{N}._@-]+$/u, { error: 'users.validation.username_chars' }),
  email: required(180).pipe(z.email({ error: 'validation.email' })),
  firstName: required(100),
  lastName: required(100),
  civility: z.enum(['', 'mr', 'mrs', 'ms'], { error: 'validation.choice' }).default(''),
  phone: text(30).default(''),
  mobile: text(30).default(''),
  locale: z.enum(SUPPORTED_LOCALES, { error: 'validation.choice' }),
  roles: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(60))),
  supervisorId: optionalId,
  hierarchyRole: z.string().max(60).default(''),
  hierarchyItemIds: idList,
  serviceIds: idList,
  enabled: checkbox,
  actionProcessedMail: checkbox,
  vgpProcessedMail: checkbox,
  plainPassword: z.string().max(200, { error: 'validation.too_long' }).default(''),
  plainPasswordConfirm: z.string().max(200, { error: 'validation.too_long' }).default(''),
  version: z.coerce.number().int().min(0).default(0),
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
  q: z.string().trim().max(100).catch(''),
  activated: z.enum(['', '1', '0']).catch(''),
  role: z.string().max(60).catch(''),
  service: z.string().regex(/^\d*$/).catch(''),
});
