import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { enqueue, enqueueOnce, defineJobHandler } from '../../../kernel/jobs';
import { formatDate } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { intSetting } from '../../../kernel/settings/settings';
import { mailRecipientSql } from '../../prevention-plan';
import { absoluteUrl } from '../../../kernel/http/urls';
import { healthMailer } from './health-mail';
import { personName } from '../../../kernel/person-name';

/** The daily job: queues one alert job per company. */
export const MEDICAL_ALERT_JOB = 'hr.medical_checkup_alert';
/** The alert of one company (job `tenant_id` set). */
export const MEDICAL_ALERT_TENANT_JOB = 'hr.medical_checkup_alert_tenant';
/** Holders of this right (HR managers, the check-ups' administrators) receive the alerts. */
export const MEDICAL_ALERT_RIGHT = 'hr.manage_employees';

/** A check-up whose next date entered its alert window. */
export interface DueCheckup { id: number; employeeName: string; typeName: string; nextDate: string; overdue: boolean }

/**
 * The company's check-ups not yet alerted whose next date is within the alert delay (the type's,
 * else `medical_alert_days`) or passed: only each present employee's most recent check-up counts.
 */
export async function dueCheckups(db: DataSource, tenantId: number): Promise<DueCheckup[]> {
  const today = todayIso();
  const fallback = await intSetting(db, tenantId, 'medical_alert_days');
  const rows = await db.query(
    `SELECT c.id, e.first_name, e.last_name, t.name AS type_name, c.next_date::text AS next_date, c.next_date < $2::date AS overdue
       FROM (SELECT DISTINCT ON (employee_id) * FROM employee_medical_checkup WHERE tenant_id = $1 ORDER BY employee_id, checkup_date DESC, id DESC) c
       JOIN employee e ON e.id = c.employee_id AND e.deleted_at IS NULL AND (e.exit_date IS NULL OR e.exit_date >= $2::date)
       JOIN medical_checkup_type t ON t.id = c.type_id
      WHERE c.alert_sent_at IS NULL AND c.next_date <= $2::date + coalesce(t.alert_days, $3)
      ORDER BY c.next_date, e.last_name, e.first_name, c.id`, [tenantId, today, fallback]);
  return rows.map((r: Record<string, any>) => ({ id: r.id, employeeName: personName(r.first_name, r.last_name), typeName: r.type_name, nextDate: r.next_date, overdue: r.overdue }));
}

/**
 * Mails every HR manager of the company (enabled, with an address, holding `hr.manage_employees`
 * through a role other than super_admin) the check-ups entering their alert window, in his
 * language, then marks them alerted so each is announced once. Nothing is marked while nobody
 * can receive it. Returns how many mails left.
 */
export async function sendMedicalAlerts(db: DataSource, tenantId: number): Promise<number> {
  const due = await dueCheckups(db, tenantId);
  if (!due.length) return 0;
  const recipients: Array<{ email: string; locale: string | null }> = await db.query(
    `SELECT u.email, u.locale FROM app_user u WHERE ${mailRecipientSql('u', '$1', '$2')} ORDER BY u.id`, [tenantId, MEDICAL_ALERT_RIGHT]);
  if (!recipients.length) return 0;
  const link = absoluteUrl('rh_medical_checkup_index');
  for (const r of recipients) {
    const t = translator(r.locale ?? 'fr');
    const lines = due.map((c) => `- ${c.employeeName} – ${c.typeName} – ${t(c.overdue ? 'hr-health.alert.line_overdue' : 'hr-health.alert.line_due', { date: formatDate(c.nextDate) })}`);
    const text = [t('hr-health.alert.intro', { count: due.length }), '', ...lines, '', t('hr-health.alert.open'), link].join('\n');
    const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
    const html = `<p>${esc(t('hr-health.alert.intro', { count: due.length }))}</p><ul>${lines.map((l) => `<li>${esc(l.slice(2))}</li>`).join('')}</ul><p><a href="${esc(link)}">${esc(t('hr-health.alert.open'))}</a></p>`;
    await healthMailer().send({ to: r.email, subject: t('hr-health.alert.subject', { count: due.length }), text, html });
  }
  await db.query('UPDATE employee_medical_checkup SET alert_sent_at = $1 WHERE id = ANY($2::int[]) AND tenant_id = $3', [clock.now(), due.map((c) => c.id), tenantId]);
  return recipients.length;
}

/** Tomorrow at 06:00 (server time): when the daily job runs next. */
export function nextMedicalAlertRun(now: Date = clock.now()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(6, 0, 0, 0);
  return next;
}

/** Handler of the {@link MEDICAL_ALERT_TENANT_JOB} jobs, contributed by the module. */
export const medicalAlertTenantHandler = defineJobHandler(MEDICAL_ALERT_TENANT_JOB, async (_payload, ctx) => {
  if (ctx.job.tenantId != null) await sendMedicalAlerts(ctx.dataSource, ctx.job.tenantId);
});

/** Handler of the {@link MEDICAL_ALERT_JOB} jobs, contributed by the module. */
export const medicalAlertHandler = defineJobHandler(MEDICAL_ALERT_JOB, async (_payload, ctx) => {
  // One job per company with a recorded check-up and HR on: a failing company is retried alone.
  await ctx.dataSource.transaction(async (m) => {
    const tenants: Array<{ tenant_id: number }> = await m.query(
      `SELECT DISTINCT c.tenant_id FROM employee_medical_checkup c
        WHERE coalesce((SELECT ft.enabled FROM feature_toggle ft WHERE ft.tenant_id = c.tenant_id AND ft.code = 'module_hr'), true) ORDER BY 1`);
    for (const r of tenants) await enqueue(m, MEDICAL_ALERT_TENANT_JOB, {}, { tenantId: Number(r.tenant_id) });
    await enqueueOnce(m, MEDICAL_ALERT_JOB, {}, { runAt: nextMedicalAlertRun(clock.now()) });
  });
});

/** Queues the daily job once (start-up); each run queues the next one. */
export async function scheduleMedicalAlerts(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, MEDICAL_ALERT_JOB, {}, { runAt: nextMedicalAlertRun(clock.now()) });
}
