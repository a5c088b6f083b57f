import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { loadConfig } from '../../../kernel/config';
import { formatDate } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { absoluteUrl } from '../../../kernel/http/urls';
import { defineJobHandler, enqueue } from '../../../kernel/jobs';
import { createMailer, type Mailer } from '../../../kernel/mail';
import { personNameSql } from '../../../kernel/person-name';

/** Job of the mail telling the controller's manager that a control was validated. */
export const CONTROL_PROCESSED_MAIL_JOB = 'vgp_control.processed_mail';

let mailer: Mailer | undefined;

/** The mailer of the four-step control: recording in development and tests (`controlMailer().sent()`). */
export function controlMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/**
 * Queues, with the validating transaction, the mail to the controller's manager (the
 * `supervisor_id` of the controller's account) when the controller asked for it (`vgp_processed_mail`).
 * True when queued.
 */
export async function enqueueProcessedMail(m: EntityManager, tenantId: number, controlId: number, controllerId: number | null): Promise<boolean> {
  if (!controllerId) return false;
  const [u] = await m.query('SELECT vgp_processed_mail, supervisor_id FROM app_user WHERE id = $1', [controllerId]);
  if (!u?.vgp_processed_mail || !u.supervisor_id) return false;
  await enqueue(m, CONTROL_PROCESSED_MAIL_JOB, { controlId }, { tenantId });
  return true;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** Sends the mail of a validated control to the controller's manager; true when a mail left. */
export async function sendProcessedMail(db: DataSource, tenantId: number, controlId: number): Promise<boolean> {
  const [r] = await db.query(
    `SELECT k.id, k.state, k.control_date::text AS control_date, c.name, coalesce(${personNameSql('cu')}, cu.username) AS controller,
            cu.vgp_processed_mail, m.email, m.locale, m.enabled
       FROM vgp_control k JOIN vgp_controllable c ON c.id = k.controllable_id JOIN app_user cu ON cu.id = k.controller_id
       JOIN app_user m ON m.id = cu.supervisor_id
      WHERE k.id = $1 AND k.tenant_id = $2`, [controlId, tenantId]);
  if (!r || r.state !== 'done' || !r.vgp_processed_mail || !r.enabled || !r.email || !z.email().safeParse(r.email).success) return false;
  const t = translator(r.locale ?? 'fr');
  const vars = { name: r.name, controller: r.controller, date: formatDate(r.control_date) };
  const link = absoluteUrl('vgp_control_show', { id: r.id });
  const html = [
    `<p>${escapeHtml(t('vgp-control.mail.intro', vars))}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('vgp-control.mail.link'))}</a><br>${escapeHtml(link)}</p>`,
  ].join('\n');
  await controlMailer().send({ to: r.email, subject: t('vgp-control.mail.subject', vars), html });
  return true;
}

/** Handler of the {@link CONTROL_PROCESSED_MAIL_JOB} jobs, contributed by the part. */
export const processedMailHandler = defineJobHandler<{ controlId: number }>(CONTROL_PROCESSED_MAIL_JOB, async (payload, ctx) => {
  if (ctx.job.tenantId == null) return;
  await sendProcessedMail(ctx.dataSource, ctx.job.tenantId, payload.controlId);
});
