import path from 'node:path';
import ejs from 'ejs';
import { z } from 'zod';
import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { loadConfig } from '../../../kernel/config';
import { VIEWS_DIR } from '../../../kernel/http/render';
import { formatDate, formatDateTime } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { enqueueOnce, defineJobHandler } from '../../../kernel/jobs';
import { intSetting } from '../../../kernel/settings/settings';
import { userInTenant } from '../../../kernel/tenancy';
import { nextExpiryRun } from '../../signing/expiry.job';
import { addDays } from './training-dates';
import { trainingMailer } from './training-mail';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';

/** The daily job telling employees of their sessions `session_notification_days` ahead. */
export const SESSION_NOTIFY_JOB = 'hr.session_notify';
/** The daily job telling HR managers of formations entering their alert window. */
export const FORMATION_ALERT_JOB = 'hr.formation_expiry_alert';

const SESSION_SHOW_PATH = '/rh/sessions/{id}';
const MONITORING_PATH = '/rh/formation-monitoring';

/** What a notification run did. */
export interface NotifyReport { sent: number; failed: number }

async function renderMail(view: string, locals: Record<string, unknown>): Promise<string> {
  return ejs.renderFile(path.join(VIEWS_DIR, 'hr', 'training', 'mail', `${view}.ejs`), { formatDate, formatDateTime, ...locals }, { async: false });
}

/**
 * Tells every registered employee of a session starting within the company's
 * `session_notification_days` (and not started) about it, once. A person without a usable address,
 * or whose mail fails, is marked `notification_failed` (the session page says so) and the others
 * still get theirs; the session's `notified_at` is set once all its people were handled.
 */
export async function notifySessions(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<NotifyReport> {
  const now = clock.now();
  const today = todayIso(now);
  const report: NotifyReport = { sent: 0, failed: 0 };
  const tenants: Array<{ tenant_id: number }> = await db.query(`SELECT DISTINCT s.tenant_id FROM training_session s JOIN session_employee se ON se.session_id = s.id
    WHERE s.deleted_at IS NULL AND s.start_at > $1 AND se.notified_at IS NULL AND NOT se.notification_failed AND ($2::int[] IS NULL OR s.tenant_id = ANY($2::int[]))`,
  [now, opts.tenantIds ?? null]);
  const base = loadConfig().baseUrl.replace(/\/$/, '');
  for (const { tenant_id: tenantId } of tenants) {
    const days = await intSetting(db, tenantId, 'session_notification_days');
    const lastDay = addDays(today, days);
    const due = await db.query(`SELECT se.id, se.session_id, e.first_name, e.last_name, e.email, coalesce(u.locale, 'fr') AS locale,
          s.start_at, s.end_at, s.location, f.name AS formation_name, tr.name AS trainer_name
        FROM session_employee se JOIN training_session s ON s.id = se.session_id JOIN formation f ON f.id = s.formation_id
        JOIN employee e ON e.id = se.employee_id LEFT JOIN app_user u ON u.id = e.user_id LEFT JOIN trainer tr ON tr.id = s.trainer_id
       WHERE s.tenant_id = $1 AND s.deleted_at IS NULL AND s.start_at > $2 AND (s.start_at AT TIME ZONE 'Europe/Paris')::date <= $3::date
         AND se.notified_at IS NULL AND NOT se.notification_failed ORDER BY s.id, se.id`, [tenantId, now, lastDay]);
    const sessions = new Set<number>();
    for (const r of due) {
      sessions.add(r.session_id);
      const ok = await sendNotification(r, `${base}${SESSION_SHOW_PATH.replace('{id}', String(r.session_id))}`);
      if (ok) report.sent++; else report.failed++;
      await db.query(ok ? 'UPDATE session_employee SET notified_at = $2 WHERE id = $1' : 'UPDATE session_employee SET notification_failed = TRUE WHERE id = $1', ok ? [r.id, now] : [r.id]);
    }
    if (sessions.size) await db.query('UPDATE training_session SET notified_at = $2 WHERE id = ANY($1::int[])', [[...sessions], now]);
  }
  return report;
}

async function sendNotification(r: any, link: string): Promise<boolean> {
  const email = typeof r.email === 'string' ? r.email.trim() : '';
  if (!email || !z.email().safeParse(email).success) return false;
  const t = translator(r.locale);
  const vars = { formation: r.formation_name, date: formatDateTime(r.start_at) };
  try {
    const html = await renderMail('session_notification', { t, row: r, link, vars, name: `${r.first_name ?? ''} ${r.last_name}`.trim() });
    await trainingMailer().send({ to: email, subject: t('hr-training.mail.notify.subject', vars), html });
    return true;
  } catch {
    // A refused address or a transport failure is this person's failure only.
    return false;
  }
}

/**
 * Tells the HR managers (users with `hr.formations`, or super admins) of each company about the
 * formations held by present employees that enter their alert window today or earlier and were not
 * announced yet (latest record of each employee and formation only; a renewed one is not announced).
 * One mail per manager; the records are then marked. Returns how many records were announced.
 */
export async function alertExpiringFormations(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<number> {
  const now = clock.now();
  const today = todayIso(now);
  const tenants: Array<{ tenant_id: number }> = await db.query(`SELECT DISTINCT ef.tenant_id FROM employee_formation ef
    WHERE ef.alerted_at IS NULL AND ef.expires_on >= $1::date AND ($2::int[] IS NULL OR ef.tenant_id = ANY($2::int[]))`, [today, opts.tenantIds ?? null]);
  const base = loadConfig().baseUrl.replace(/\/$/, '');
  let announced = 0;
  for (const { tenant_id: tenantId } of tenants) {
    const alertDays = await intSetting(db, tenantId, 'formation_alert_days');
    const rows = await db.query(`SELECT ef.id, ef.expires_on::text AS expires_on, e.first_name, e.last_name, f.name AS formation_name
        FROM employee_formation ef JOIN employee e ON e.id = ef.employee_id JOIN formation f ON f.id = ef.formation_id
       WHERE ef.tenant_id = $1 AND ef.alerted_at IS NULL AND ef.expires_on >= $2::date AND ef.expires_on - coalesce(f.alert_days, $3::int) <= $2::date
         AND e.deleted_at IS NULL AND (e.exit_date IS NULL OR e.exit_date >= $2::date)
         AND NOT EXISTS (SELECT 1 FROM employee_formation o WHERE o.employee_id = ef.employee_id AND o.formation_id = ef.formation_id AND o.id <> ef.id
                           AND (o.expires_on IS NULL OR o.expires_on > ef.expires_on))
       ORDER BY ef.expires_on, e.last_name, e.first_name, ef.id`, [tenantId, today, alertDays]);
    if (!rows.length) continue;
    const managers: Array<{ email: string; locale: string }> = await db.query(`SELECT DISTINCT u.email, u.locale FROM app_user u
      WHERE u.enabled AND u.email <> '' AND ${userInTenant('u', '$1')}
        AND ${holdsRightSql('u', '$1', 'hr.formations')}`, [tenantId]);
    if (!managers.length) continue;
    for (const m of managers) {
      const t = translator(m.locale);
      const html = await renderMail('formation_alert', { t, rows, link: `${base}${MONITORING_PATH}?status=expiring` });
      await trainingMailer().send({ to: m.email, subject: t('hr-training.mail.alert.subject', { count: rows.length }), html });
    }
    await db.query('UPDATE employee_formation SET alerted_at = $2 WHERE id = ANY($1::int[])', [rows.map((r: any) => r.id), now]);
    announced += rows.length;
  }
  return announced;
}

/** Handler of the {@link SESSION_NOTIFY_JOB} jobs, contributed by the module. */
export const sessionNotifyHandler = defineJobHandler<{ tenantIds?: number[] }>(SESSION_NOTIFY_JOB, async (payload, ctx) => {
  await notifySessions(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, SESSION_NOTIFY_JOB, {}, { runAt: nextExpiryRun(ctx.now ?? clock.now()) });
});

/** Handler of the {@link FORMATION_ALERT_JOB} jobs, contributed by the module. */
export const formationAlertHandler = defineJobHandler<{ tenantIds?: number[] }>(FORMATION_ALERT_JOB, async (payload, ctx) => {
  await alertExpiringFormations(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, FORMATION_ALERT_JOB, {}, { runAt: nextExpiryRun(ctx.now ?? clock.now()) });
});

/** Queues both daily jobs once (start-up); each then schedules itself every day at 00:05. */
export async function scheduleTrainingJobs(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, SESSION_NOTIFY_JOB, {});
  await enqueueOnce(db.manager, FORMATION_ALERT_JOB, {});
}
