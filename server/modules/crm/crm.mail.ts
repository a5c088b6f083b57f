import type { DataSource } from 'typeorm';
import { translator } from '../../kernel/i18n/i18n';
import { identityMailer } from '../identity/identity.channels';
import { createResetToken } from '../identity/password.service';

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Mails a contact whose account was just created a link to choose his password (the identity
 * module's single-use reset link). `linkOf` turns the token into an absolute URL.
 * @returns false when nothing could be sent (no account, or the mail failed)
 */
export async function sendContactWelcome(db: DataSource, login: string, linkOf: (token: string) => string): Promise<boolean> {
  try {
    const request = await createResetToken(db, login);
    if (!request) return false;
    const t = translator(request.locale);
    const link = linkOf(request.token);
    await identityMailer().send({
      to: request.email,
      subject: t('crm.mail.subject'),
      html: `<p>${escapeHtml(t('crm.mail.hello', { name: request.name }))}</p>`
        + `<p>${escapeHtml(t('crm.mail.body', { login }))}</p>`
        + `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        + `<p>${escapeHtml(t('crm.mail.expiry'))}</p>`,
    });
    return true;
  } catch (err) {
    // The account exists either way: the user is told the mail did not leave.
    console.error('[crm] welcome mail', err);
    return false;
  }
}
