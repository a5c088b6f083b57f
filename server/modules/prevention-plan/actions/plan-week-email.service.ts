import path from 'node:path';
import ejs from 'ejs';
import type { DataSource, EntityManager } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import type { Db } from '../../../kernel/db/sql';
import { formatDate } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { enqueue, enqueueOnce, defineJobHandler } from '../../../kernel/jobs';
import { VIEWS_DIR } from '../../../kernel/http/render';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { can } from '../../../kernel/rights/registry';
import { loadScope } from '../../action-plan/action-scope';
import { absoluteUrl } from '../../../kernel/http/urls';
import { addDaysIso } from './plan-actions.service';
import { mailRecipientSql, subscribedUser } from '../core/plan-creation-mail';
import { EXPIRING_DAYS, visibleSql } from '../core/plan-list.service';
import { planMailer } from '../core/plan-mail';

/** The weekly job: queues every recap, then schedules itself for the next Monday. */
export const WEEK_EMAIL_JOB = 'pdp.week_email';
/** One recap mail (one recipient of one company). */
export const WEEK_EMAIL_USER_JOB = 'pdp.week_email_user';
/** Holders of this right receive the weekly recap and may send it on demand. */
export const WEEK_EMAIL_RIGHT = 'pdp.weekly_recap';
/** Sections of the recap, in order. */
export const WEEK_SECTIONS = ['starting', 'in_operation', 'expiring', 'late'] as const;
export type WeekSection = (typeof WEEK_SECTIONS)[number];
/** Rows listed per section (the total says how many there are). */
export const SECTION_LIMIT = 50;
/** The recap leaves on Monday at 07:00, Paris time. */
const SEND_HOUR_PARIS = 7;

/** A plan line of the recap. */
export interface RecapPlan { id: number; pdpNumber: string; subject: string; place: string | null; startDate: string | null; endDate: string | null; status: string }

/** What one user's recap holds: the week, then each section's first rows and total. */
export interface WeekRecap {
  today: string;
  weekStart: string;
  weekEnd: string;
  sections: Record<WeekSection, { rows: RecapPlan[]; total: number }>;
}

/** Monday of the week of `iso` (`YYYY-MM-DD`). */
export function mondayOf(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return addDaysIso(iso, -((day + 6) % 7));
}

const PARIS_PARTS = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

/** The instant of `iso` at `hour` o'clock in Paris (CET or CEST, whichever holds that day). */
function parisTime(iso: string, hour: number): Date {
  const [y, m, d] = iso.split('-').map(Number);
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, hour - offset));
    const parts = Object.fromEntries(PARIS_PARTS.formatToParts(candidate).map((p) => [p.type, p.value]));
    if (Number(parts.hour) === hour) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d, hour - 1));
}

/** The next Monday 07:00 (Paris) strictly after `now`. */
export function nextWeekEmailRun(now: Date = clock.now()): Date {
  let monday = mondayOf(todayIso(now));
  let at = parisTime(monday, SEND_HOUR_PARIS);
  if (at.getTime() <= now.getTime()) {
    monday = addDaysIso(monday, 7);
    at = parisTime(monday, SEND_HOUR_PARIS);
  }
  return at;
}

const EMPTY = (): WeekRecap['sections'] => ({ starting: { rows: [], total: 0 }, in_operation: { rows: [], total: 0 }, expiring: { rows: [], total: 0 }, late: { rows: [], total: 0 } });

/**
 * The recap as `user` sees it on `today`: plans starting this week (Monday to Sunday, not
 * expired), plans in operation, plans in operation ending within 30 days, late plans (end date
 * past, not expired). Only the current plans (not archived, not in the trash) he may see (the
 * list's rule); nothing without `pdp.view`.
 */
export async function weekRecap(db: Db, user: AuthUser, today = todayIso()): Promise<WeekRecap> {
  const weekStart = mondayOf(today);
  const weekEnd = addDaysIso(weekStart, 6);
  const recap: WeekRecap = { today, weekStart, weekEnd, sections: EMPTY() };
  if (!can(user, 'pdp.view')) return recap;
  const scope = await loadScope(db, user);
  const conditions: Record<WeekSection, string> = {
    starting: `p.status <> 'expired' AND p.start_date BETWEEN $2::date AND $3::date`,
    in_operation: `p.status = 'in_operation'`,
    expiring: `p.status = 'in_operation' AND p.end_date BETWEEN $4::date AND $4::date + ${EXPIRING_DAYS}`,
    late: `p.status <> 'expired' AND p.end_date < $4::date`,
  };
  for (const section of WEEK_SECTIONS) {
    const params: unknown[] = [user.tenantId, weekStart, weekEnd, today];
    // Every section names its dates; the guard types the parameters a section does not use.
    const where = `p.tenant_id = $1 AND ($2::date, $3::date, $4::date) IS NOT NULL AND p.deleted_at IS NULL AND NOT p.archived
      AND ${visibleSql(user, scope, params)} AND ${conditions[section]}`;
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM prevention_plan p WHERE ${where}`, params);
    const rows: Array<Record<string, any>> = await db.query(
      `SELECT p.id, p.pdp_number, p.subject, p.status, coalesce(hi.name, ti.name, p.intervention_address) AS place,
              to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso
         FROM prevention_plan p LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id LEFT JOIN tiers ti ON ti.id = p.host_tiers_id
        WHERE ${where} ORDER BY ${section === 'starting' ? 'p.start_date' : 'p.end_date'} NULLS LAST, p.pdp_number LIMIT ${SECTION_LIMIT}`, params);
    recap.sections[section] = {
      total: Number(n),
      rows: rows.map((r) => ({ id: r.id, pdpNumber: r.pdp_number, subject: r.subject, place: r.place, startDate: r.start_iso, endDate: r.end_iso, status: r.status })),
    };
  }
  return recap;
}

/** A recipient of the recap. */
export interface WeekRecipient { id: number; name: string; email: string }

/** Who receives the recap in the company: enabled accounts with an address whose roles hold `pdp.weekly_recap`. */
export async function weekEmailRecipients(db: Db, tenantId: number): Promise<WeekRecipient[]> {
  const rows: Array<Record<string, any>> = await db.query(
    `SELECT u.id, u.email, coalesce(NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) AS name
       FROM app_user u WHERE ${mailRecipientSql('u', '$1', '$2')} ORDER BY u.last_name, u.first_name, u.id`, [tenantId, WEEK_EMAIL_RIGHT]);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email }));
}

/** Queues, with the caller's transaction, the recap of every recipient of one company; returns how many. */
export async function queueWeekEmails(m: EntityManager, tenantId: number): Promise<number> {
  const recipients = await weekEmailRecipients(m, tenantId);
  const week = mondayOf(todayIso());
  for (const r of recipients) await enqueue(m, WEEK_EMAIL_USER_JOB, { userId: r.id, week }, { tenantId });
  return recipients.length;
}

/**
 * Queues the recap of every recipient of every company whose prevention-plan module is on (one
 * query for all companies, a user of several companies gets one recap per company), once per
 * week: a second weekly job (two processes started together) finds the week already queued.
 */
async function queueAllWeekEmails(m: EntityManager, week: string): Promise<number> {
  await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [WEEK_EMAIL_JOB]);
  const [done] = await m.query(`SELECT 1 FROM job WHERE name = $1 AND payload->>'week' = $2 AND payload ? 'weekly' LIMIT 1`, [WEEK_EMAIL_USER_JOB, week]);
  if (done) return 0;
  const rows: Array<{ tenant_id: number; id: number }> = await m.query(
    `SELECT x.tenant_id, u.id FROM app_user u
       JOIN LATERAL (SELECT u.tenant_id UNION SELECT ut.tenant_id FROM user_tenant ut WHERE ut.user_id = u.id) x(tenant_id) ON true
      WHERE ${mailRecipientSql('u', 'x.tenant_id', '$1')}
        AND coalesce((SELECT ft.enabled FROM feature_toggle ft WHERE ft.tenant_id = x.tenant_id AND ft.code = 'module_prevention_plan'), true)
      ORDER BY x.tenant_id, u.id`, [WEEK_EMAIL_RIGHT]);
  for (const r of rows) await enqueue(m, WEEK_EMAIL_USER_JOB, { userId: Number(r.id), week, weekly: true }, { tenantId: Number(r.tenant_id) });
  return rows.length;
}

/** Renders one user's recap mail (subject and HTML) in his language. */
export async function renderWeekEmail(user: AuthUser, recap: WeekRecap): Promise<{ subject: string; html: string; text: string }> {
  const t = translator(user.locale);
  const links: Record<number, string> = {};
  for (const s of WEEK_SECTIONS) for (const p of recap.sections[s].rows) links[p.id] ??= absoluteUrl('pdp_show', { id: p.id });
  const vars = { from: formatDate(recap.weekStart), to: formatDate(recap.weekEnd) };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'actions', 'mail', 'week_email.ejs'), {
    t, recap, sections: WEEK_SECTIONS, links, vars, formatDate, listUrl: absoluteUrl('pdp_index'),
  }, { async: false });
  // The plain-text part lists one plan per line (a table flattened by htmlToText reads badly).
  const line = (p: RecapPlan) => `- ${p.pdpNumber} – ${p.subject || t('prevention-plan.no_subject')} – ${p.place || '—'} – ${formatDate(p.startDate) || '—'} → ${formatDate(p.endDate) || '—'} – ${t(`prevention-plan.status.${p.status}`)}`;
  const text = [
    t('plan-actions.mail.greeting'), '', t('plan-actions.week_email.mail_intro', vars),
    ...WEEK_SECTIONS.flatMap((key) => {
      const sec = recap.sections[key];
      const rows = sec.rows.length ? sec.rows.map(line) : [t('plan-actions.week_email.section_empty')];
      if (sec.total > sec.rows.length) rows.push(t('plan-actions.week_email.more', { count: sec.total - sec.rows.length }));
      return ['', `${t(`plan-actions.week_email.sections.${key}`)} (${sec.total})`, ...rows];
    }),
    '', t('plan-actions.mail.open_list'), absoluteUrl('pdp_index'), '', t('plan-actions.mail.footer'),
  ].join('\n');
  return { subject: t('plan-actions.week_email.mail_subject', vars), html, text };
}

/** Sends one recap if the recipient is still subscribed; the figures are those of the day it leaves. */
export async function sendWeekEmail(db: DataSource, tenantId: number, userId: number): Promise<boolean> {
  const user = await subscribedUser(db, tenantId, userId, WEEK_EMAIL_RIGHT);
  if (!user) return false;
  await planMailer().send({ to: user.email, ...(await renderWeekEmail(user, await weekRecap(db, user))) });
  return true;
}

/** Handler of the {@link WEEK_EMAIL_USER_JOB} jobs, contributed by the module. */
export const weekEmailUserHandler = defineJobHandler<{ userId: number }>(WEEK_EMAIL_USER_JOB, async (payload, ctx) => {
  if (ctx.job.tenantId == null) return;
  await sendWeekEmail(ctx.dataSource, ctx.job.tenantId, Number(payload.userId));
});

/** Handler of the {@link WEEK_EMAIL_JOB} jobs, contributed by the module. */
export const weekEmailHandler = defineJobHandler(WEEK_EMAIL_JOB, async (_payload, ctx) => {
  // The recaps and the next run commit together: a failed run is retried whole, never half-sent.
  await ctx.dataSource.transaction(async (m) => {
    await queueAllWeekEmails(m, mondayOf(todayIso()));
    await enqueueOnce(m, WEEK_EMAIL_JOB, {}, { runAt: nextWeekEmailRun(clock.now()) });
  });
});

/** Makes sure the weekly recap is scheduled (call once at start-up): next Monday 07:00, Paris time. */
export async function scheduleWeekEmail(ds: DataSource): Promise<void> {
  await enqueueOnce(ds.manager, WEEK_EMAIL_JOB, {}, { runAt: nextWeekEmailRun(clock.now()) });
}
