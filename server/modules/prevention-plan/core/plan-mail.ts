import { loadConfig } from '../../../kernel/config';
import { createMailer, type Mailer } from '../../../kernel/mail';

let mailer: Mailer | undefined;

/**
 * The one mailer of every prevention-plan mail (signing links, invitations, recaps, creation
 * mails): recording in development and tests, so tests read `planMailer().sent()`.
 */
export function planMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}
