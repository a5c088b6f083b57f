import { loadConfig } from '../../../kernel/config';
import { createMailer, type Mailer } from '../../../kernel/mail';

let mailer: Mailer | undefined;

/** The mailer of the health part (check-up alerts): recording in development and tests (`healthMailer().sent()`). */
export function healthMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

