import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';

const required = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.too_long' });

/** Civility codes of a user (M., Mme, Mlle). */
export const CIVILITIES = ['mr', 'mrs', 'ms'] as const;

const phone = () => z.string().trim().max(30, { error: 'validation.too_long' })
  .regex(/^[+\d][\d .()-]*$|^$/, { error: 'account.profile.phone_invalid' }).default('');

/** The profile form (`profile[...]`). */
export const profileSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  email: required(180).pipe(z.email({ error: 'validation.email' })),
  locale: z.enum(SUPPORTED_LOCALES, { error: 'validation.choice' }),
  civility: z.enum(['', ...CIVILITIES], { error: 'validation.choice' }).default(''),
  phone: phone(),
  mobile: phone(),
  version: z.coerce.number().int().min(1),
  /** Asked only when the e-mail or the mobile changes (never trimmed, never shown back). */
  currentPassword: z.string().max(4096, { error: 'validation.too_long' }).default(''),
});

export type ProfileInput = z.infer<typeof profileSchema>;
