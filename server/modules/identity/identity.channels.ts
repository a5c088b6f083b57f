import { loadConfig } from '../../kernel/config';
import { createMailer, type Mailer } from '../../kernel/mail';
import { createSmsSender, type SmsSender } from '../../kernel/sms';

let mailer: Mailer | undefined;
let sms: SmsSender | undefined;

/** The mailer of the identity module (recording in development and tests), created on first use. */
export function identityMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/** The SMS sender of the identity module (recording in development and tests), created on first use. */
export function identitySms(): SmsSender {
  sms ??= createSmsSender(loadConfig());
  return sms;
}

/** French mobile numbers typed by users ("06 12 34 56 78") in E.164; null when unusable. */
export function toE164(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  let n = mobile.replace(/[\s.()-]/g, '');
  if (n.startsWith('00')) n = `+${n.slice(2)}`;
  if (/^0\d{9}$/.test(n)) n = `+33${n.slice(1)}`;
  return /^\+\d{8,15}$/.test(n) ? n : null;
}
