import path from 'node:path';
import ejs from 'ejs';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../kernel/config';
import { RouteTable } from '../../kernel/http/route-table';
import { VIEWS_DIR } from '../../kernel/http/render';
import { formatDateTime } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { planMailer } from './plan-mail';
import type { LinkPlan, MadeLink } from './plan-sign-link.service';

let table: RouteTable | undefined;

/**
 * Path of one of the link routes, for the job that runs without a request: built from this
 * part's own route table, so route names stay the only way to make a URL.
 */
export async function signLinkPath(name: string, params: Record<string, string | number> = {}): Promise<string> {
  if (!table) {
    const { PLAN_SIGN_LINK_ROUTES } = await import('./plan-sign-link.routes');
    const t = new RouteTable();
    t.add(PLAN_SIGN_LINK_ROUTES);
    table = t;
  }
  return table.path(name, params);
}

/** The absolute signing URL of a token (base URL of the configuration). */
export async function signLinkUrl(token: string): Promise<string> {
  return `${loadConfig().baseUrl.replace(/\/$/, '')}${await signLinkPath('pdp_sign_link', { token })}`;
}

/**
 * Mails one link to the company's contact: in the language of his account when he has one,
 * French otherwise (the language of the plan).
 */
export async function sendSignLinkMail(ds: DataSource, plan: LinkPlan, link: MadeLink): Promise<void> {
  let locale = 'fr';
  if (link.company.contactUserId) {
    const [u] = await ds.query('SELECT locale FROM app_user WHERE id = $1', [link.company.contactUserId]);
    if (u?.locale) locale = u.locale;
  }
  const t = translator(locale);
  const vars = {
    number: plan.pdpNumber, subject: plan.subject ?? '', company: link.company.name, sender: plan.tenantName,
    expires: formatDateTime(link.expiresAt), round: plan.round,
  };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'plan-sign-link', 'mail.ejs'), {
    t, vars, name: link.company.contactName, url: await signLinkUrl(link.token), amendment: plan.round > 0,
  }, { async: false });
  await planMailer().send({ to: link.company.email!.trim(), subject: t('plan-sign-link.mail.subject', vars), html });
}
