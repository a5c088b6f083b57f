import { loadConfig } from '../../../kernel/config';
import { createMailer, type Mailer } from '../../../kernel/mail';

let mailer: Mailer | undefined;

/** The mailer of the signed history (yearly reminders): recording in development and tests (`historyMailer().sent()`). */
export function historyMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}
