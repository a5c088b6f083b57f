import path from 'node:path';
import ejs from 'ejs';
import { loadConfig, ROOT_DIR } from '../../kernel/config';
import { translator } from '../../kernel/i18n/i18n';
import { formatDate } from '../../kernel/i18n/format';
import { defineJobHandler } from '../../kernel/jobs';
import { createMailer, type Mailer } from '../../kernel/mail';
import { absoluteUrl } from '../../kernel/http/urls';

/** Job that mails the supervisor an event now waiting for them. */
export const SUPERVISOR_MAIL_JOB = 'event_supervisor_mail';

let mailer: Mailer | undefined;

/** The mailer of the event module (recording in development and tests), created on first use. */
export function eventMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

const TEMPLATE = path.join(ROOT_DIR, 'views', 'event', 'mail_supervisor.ejs');

/** Handler of the {@link SUPERVISOR_MAIL_JOB} jobs, contributed by the module. */
export const supervisorMailHandler = defineJobHandler<{ eventId: number; tenantId: number }>(SUPERVISOR_MAIL_JOB, async (payload, ctx) => {
  const [e] = await ctx.dataSource.query(
    `SELECT e.id, e.subject, e.event_date, e.status, e.kind, t.name AS type_name, su.email, su.locale, su.first_name, su.enabled,
            cr.first_name AS cr_first, cr.last_name AS cr_last
       FROM event e JOIN app_user su ON su.id = e.supervisor_id
       LEFT JOIN event_type t ON t.id = e.event_type_id
       LEFT JOIN app_user cr ON cr.id = e.creator_id
      WHERE e.id = $1 AND e.tenant_id = $2 AND e.deleted_at IS NULL`, [payload.eventId, payload.tenantId]);
  // Sent back, validated or deleted meanwhile: nothing is waiting any more.
  if (!e || e.status !== 'WAITING_SUPERVISOR' || !e.enabled || !e.email) return;
  const t = translator(e.locale);
  const url = absoluteUrl('event_show', { id: e.id });
  const html = await ejs.renderFile(TEMPLATE, {
    t, url, subject: e.subject, date: formatDate(e.event_date), kind: e.kind === 'custom' && e.type_name ? e.type_name : t(`event.kinds.${e.kind}`),
    firstName: e.first_name, creator: `${e.cr_first ?? ''} ${e.cr_last ?? ''}`.trim(),
  });
  await eventMailer().send({ to: e.email, subject: t('event.mail.subject', { subject: e.subject }), html });
});
