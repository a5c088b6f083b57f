import path from 'node:path';
import ejs from 'ejs';
import { loadConfig } from '../../kernel/config';
import { VIEWS_DIR } from '../../kernel/http/render';
import { formatDate } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { createMailer, type Mailer, type SentMail } from '../../kernel/mail';

let mailer: Mailer | undefined;

/** The mailer of the plan documents (recording in development and tests), created on first use. */
export function planDocumentMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/** What a request for documents says (one type asked, or the portal link alone). */
export interface AskMail {
  to: string;
  locale: string;
  planNumber: string;
  planSubject: string;
  companyName: string;
  managerName: string | null;
  /** The type asked, or null when the company is sent its portal link alone (« Lien de dépôt »). */
  typeLabel: string | null;
  message: string;
  senderName: string;
  /** Path of the company's portal page (tokened, no account needed). */
  portalPath: string;
  /** Until when the link works. */
  expiresAt: Date;
  /** Path of the blank file or the plan's model through the portal, if the type has one. */
  blankPath: string | null;
}

/** Sends the company's manager its portal link, with the document asked if any. */
export async function sendAskMail(mail: AskMail): Promise<SentMail> {
  const t = translator(mail.locale);
  const base = loadConfig().baseUrl;
  const vars = { type: mail.typeLabel ?? '', number: mail.planNumber, subject: mail.planSubject, company: mail.companyName, sender: mail.senderName, date: formatDate(mail.expiresAt) };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'plan-document', 'mail', 'ask.ejs'), {
    t, mail, vars, portalUrl: `${base}${mail.portalPath}`, blankUrl: mail.blankPath ? `${base}${mail.blankPath}` : null,
  }, { async: false });
  const subject = mail.typeLabel ? t('plan-document.mail.ask.subject', vars) : t('plan-document.mail.portal.subject', vars);
  return planDocumentMailer().send({ to: mail.to, subject, html });
}
