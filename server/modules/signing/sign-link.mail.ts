import path from 'node:path';
import ejs from 'ejs';
import type { DataSource } from 'typeorm';
import { VIEWS_DIR } from '../../kernel/http/render';
import { formatDateTime } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { signLinkSubject } from './sign-link-subjects';
import { linkTexts } from './sign-link.texts';
import type { LinkDocument, MadeLink } from './sign-link.service';
import { absoluteUrl } from '../../kernel/http/urls';

/** The absolute signing URL of a token (base URL of the configuration). */
export function signLinkUrl(token: string): string {
  return absoluteUrl('pdp_sign_link', { token });
}

/**
 * Mails one link to the company's contact, through the mailer of the document's type: in the
 * language of his account when he has one, French otherwise (the language of the document).
 */
export async function sendSignLinkMail(ds: DataSource, doc: LinkDocument, link: MadeLink): Promise<void> {
  const s = signLinkSubject(doc.subjectType);
  if (!s) throw new Error(`Lien de signature : type de document inconnu « ${doc.subjectType} »`);
  let locale = 'fr';
  if (link.company.contactUserId) {
    const [u] = await ds.query('SELECT locale FROM app_user WHERE id = $1', [link.company.contactUserId]);
    if (u?.locale) locale = u.locale;
  }
  const t = translator(locale);
  const lt = linkTexts(t, s);
  const vars = {
    number: doc.number, subject: doc.title ?? '', company: link.company.name, sender: doc.tenantName,
    expires: formatDateTime(link.expiresAt), round: doc.round,
  };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'plan-sign-link', 'mail.ejs'), {
    lt, vars, name: link.company.contactName, url: signLinkUrl(link.token), amendment: doc.round > 0,
  }, { async: false });
  await s.mailer().send({ to: link.company.email!.trim(), subject: lt('mail.subject', vars), html });
}
