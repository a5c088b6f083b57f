import type { Request, Response } from 'express';
import { todayIso } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { renderScreen, renderView } from '../../kernel/http/render';
import { saved } from '../../kernel/http/respond';
import { formatDate } from '../../kernel/i18n/format';
import { addDaysIso, planMailer, mondayOf } from '../prevention-plan';
import { workOrdersBetween, type RecapRow } from './work-order-list.service';

/** One company of the recap: its contact and its work orders of the week. */
export interface RecapCompany { key: string; name: string; contactName: string | null; email: string | null; rows: RecapRow[] }

/** This week's (Monday to Sunday) live work orders the user sees, grouped by company. */
export async function weekRecap(req: Request): Promise<{ from: string; to: string; companies: RecapCompany[] }> {
  const from = mondayOf(todayIso());
  const to = addDaysIso(from, 6);
  const companies = new Map<string, RecapCompany>();
  for (const r of await workOrdersBetween(req.ctx.db, req.authUser!, from, to)) {
    const key = String(r.planCompanyId ?? 'none');
    const c = companies.get(key) ?? { key, name: r.companyName ?? req.t('work-order.week_email.no_company'), contactName: r.contactName, email: r.contactEmail, rows: [] };
    c.rows.push(r);
    companies.set(key, c);
  }
  return { from, to, companies: [...companies.values()] };
}

/** `GET /work-order/week-email` (work_order_week_email): what each company's contact will receive this week. */
export async function weekEmail(req: Request, res: Response): Promise<void> {
  const recap = await weekRecap(req);
  await renderScreen(req, res, 'work-order/week_email', {
    title: req.t('work-order.week_email.title'), hideTitle: true, recap, period: { from: formatDate(recap.from), to: formatDate(recap.to) },
  });
}

/**
 * `POST /work-order/week-email/confirm` (work_order_week_email_confirm): sends each company's
 * contact (with an address) the list of his company's work orders of the week. 201 with how many
 * mails left, 409 when nobody can receive it.
 */
export async function weekEmailConfirm(req: Request, res: Response): Promise<void> {
  const recap = await weekRecap(req);
  const period = { from: formatDate(recap.from), to: formatDate(recap.to) };
  const targets = recap.companies.filter((c) => c.email);
  if (!targets.length) {
    res.status(409).json({ message: req.t('work-order.week_email.no_recipient') });
    return;
  }
  const base = loadConfig().baseUrl.replace(/\/$/, '');
  const links = (r: RecapRow) => `${base}${req.ctx.routes.path('work_order_show', { id: r.id })}`;
  for (const c of targets) {
    const html = await renderView(res, 'work-order/mail/week_email', { company: c, period, link: links });
    const text = [req.t('work-order.week_email.mail_intro', { company: c.name, ...period }), '',
      ...c.rows.map((r) => `- ${r.number} – ${r.nature ?? ''} – ${formatDate(r.startDate)} → ${formatDate(r.endDate)} – ${req.t(`work-order.states.${r.state}`)}`)].join('\n');
    await planMailer().send({ to: c.email!, subject: req.t('work-order.week_email.mail_subject', period), html, text });
  }
  saved(req, res, 'work-order.flash.week_email_sent', { count: targets.length }, req.ctx.routes.path('work_order_week_email'));
}
