import path from 'node:path';
import ejs from 'ejs';
import { loadConfig } from '../../kernel/config';
import { VIEWS_DIR } from '../../kernel/http/render';
import { translator } from '../../kernel/i18n/i18n';
import { createMailer, type Mailer, type SentMail } from '../../kernel/mail';

let mailer: Mailer | undefined;

/** The mailer of the plan documents (recording in development and tests), created on first use. */
export function planDocumentMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/** What a request for a document says. */
export interface AskMail {
  to: string;
  locale: string;
  planNumber: string;
  planSubject: string;
  companyName: string;
  managerName: string | null;
  typeLabel: string;
  message: string;
  senderName: string;
  /** Absolute link to the upload form, the company and the type already chosen. */
  uploadPath: string;
  /** Absolute link to the blank file or the plan's model, if the type has one. */
  blankPath: string | null;
}

/** Sends the request for a document to the company's manager. */
export async function sendAskMail(mail: AskMail): Promise<SentMail> {
  const t = translator(mail.locale);
  const base = loadConfig().baseUrl;
  const vars = { type: mail.typeLabel, number: mail.planNumber, subject: mail.planSubject, company: mail.companyName, sender: mail.senderName };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'plan-document', 'mail', 'ask.ejs'), {
    t, mail, vars, uploadUrl: `${base}${mail.uploadPath}`, blankUrl: mail.blankPath ? `${base}${mail.blankPath}` : null,
  }, { async: false });
  return planDocumentMailer().send({ to: mail.to, subject: t('plan-document.mail.ask.subject', vars), html });
}
