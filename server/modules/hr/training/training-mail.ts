import { loadConfig } from '../../../kernel/config';
import { createMailer, type Mailer } from '../../../kernel/mail';

let mailer: Mailer | undefined;

/**
 * The mailer of every training mail (session notifications, expiry alerts): recording in
 * development and tests, so tests read `trainingMailer().sent()`.
 */
export function trainingMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}
