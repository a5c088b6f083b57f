import { z } from 'zod';
import { phone as kernelPhone, requiredEmail, requiredText as required } from '../../kernel/http/fields';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';

/** Civility codes of a user (M., Mme, Mlle). */
export const CIVILITIES = ['mr', 'mrs', 'ms'] as const;

const phone = () => kernelPhone(30, { error: 'account.profile.phone_invalid', pattern: /^[+\d][\d .()-]*$/ });

/** The profile form (`profile[...]`). */
export const profileSchema = z.object({
  firstName: required(100),
  lastName: required(100),
  email: requiredEmail(180),
  locale: z.enum(SUPPORTED_LOCALES, { error: 'validation.choice' }),
  civility: z.enum(['', ...CIVILITIES], { error: 'validation.choice' }).default(''),
  phone: phone(),
  mobile: phone(),
  version: z.coerce.number().int().min(1),
  /** Asked only when the e-mail or the mobile changes (never trimmed, never shown back). */
  currentPassword: z.string().max(4096, { error: 'validation.too_long' }).default(''),
});

export type ProfileInput = z.infer<typeof profileSchema>;
