import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { loadConfig } from '../../../kernel/config';
import { formatDate } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { enqueue, defineJobHandler } from '../../../kernel/jobs';
import { createMailer, type Mailer } from '../../../kernel/mail';
import { workingDaysBetween } from './working-days';
import { absoluteUrl } from '../../../kernel/http/urls';

/** Job of the mail telling an employee that their leave request was approved or refused. */
export const LEAVE_DECISION_MAIL_JOB = 'hr-time.leave_decision_mail';

/** A decision the employee is told about. */
export type LeaveDecision = 'approved' | 'refused';

/** What the job carries: the request and the decision it was queued for. */
export interface LeaveDecisionPayload { leaveId: number; decision: LeaveDecision }

let mailer: Mailer | undefined;

/**
 * The mailer of every leave mail: recording in development and tests, so tests read
 * `leaveMailer().sent()`.
 */
export function leaveMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/**
 * Queues, with the caller's transaction, the mail telling the employee of the decision: it leaves
 * only if the decision is committed.
 */
export async function enqueueLeaveDecisionMail(m: EntityManager, input: { tenantId: number; leaveId: number; decision: LeaveDecision }): Promise<void> {
  await enqueue(m, LEAVE_DECISION_MAIL_JOB, { leaveId: input.leaveId, decision: input.decision }, { tenantId: input.tenantId });
}


const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
// Named entities: the plain-text part (`htmlToText`) turns them back into characters.
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]);

interface DecisionRow {
  type: string;
  start_date: string;
  end_date: string;
  state: string;
  decision_comment: string | null;
  first_name: string | null;
  last_name: string;
  email: string | null;
  locale: string | null;
}

/**
 * Sends the decision mail of a request if it still applies (the request is in the state the job
 * was queued for). Address: the employee's e-mail, else that of the enabled user linked to the
 * employee; none (or an unusable one) sends nothing. Language: the linked user's locale, else French.
 * True when a mail left.
 */
export async function sendLeaveDecisionMail(db: DataSource, tenantId: number, payload: LeaveDecisionPayload): Promise<boolean> {
  const [r]: DecisionRow[] = await db.query(
    `SELECT r.type, r.start_date::text AS start_date, r.end_date::text AS end_date, r.state, r.decision_comment, e.first_name, e.last_name,
            coalesce(NULLIF(trim(e.email), ''), CASE WHEN u.enabled THEN NULLIF(trim(u.email), '') END) AS email, u.locale
       FROM paid_leave_request r JOIN employee e ON e.id = r.employee_id LEFT JOIN app_user u ON u.id = e.user_id
      WHERE r.id = $1 AND r.tenant_id = $2 AND e.deleted_at IS NULL`, [payload.leaveId, tenantId]);
  if (!r || r.state !== payload.decision) return false;
  const email = r.email ?? '';
  if (!email || !z.email().safeParse(email).success) return false;
  const t = translator(r.locale ?? 'fr');
  const vars = { from: formatDate(r.start_date), to: formatDate(r.end_date) };
  const days = workingDaysBetween(r.start_date, r.end_date);
  const link = absoluteUrl('rh_paid_leave_request_index');
  const refused = payload.decision === 'refused';
  // The separator after a label differs between languages (« Type : » in French, "Type:" in English).
  const line = (label: string, value: string) => `<li>${t('hr-time.leave.mail.line', { label: `<strong>${escapeHtml(label)}</strong>`, value: escapeHtml(value) })}</li>`;
  const html = [
    `<p>${escapeHtml(t('hr-time.leave.mail.hello', { name: `${r.first_name ?? ''} ${r.last_name}`.trim() }))}</p>`,
    `<p>${escapeHtml(t(`hr-time.leave.mail.intro_${payload.decision}`, vars))}</p>`,
    '<ul>',
    line(t('hr-time.leave.fields.type'), t(`hr-time.leave.types.${r.type}`)),
    line(t('hr-time.leave.mail.period'), t('hr-time.leave.period_value', vars)),
    line(t('hr-time.leave.working_days'), String(days)),
    line(t('hr-time.leave.mail.decision'), t(`hr-time.leave.states.${payload.decision}`)),
    refused && r.decision_comment ? line(t('hr-time.leave.fields.decisionComment'), r.decision_comment) : '',
    '</ul>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('hr-time.leave.mail.link'))}</a><br>${escapeHtml(link)}</p>`,
  ].join('\n');
  await leaveMailer().send({ to: email, subject: t(`hr-time.leave.mail.subject_${payload.decision}`, vars), html });
  return true;
}

/** Handler of the {@link LEAVE_DECISION_MAIL_JOB} jobs, contributed by the module. */
export const leaveDecisionMailHandler = defineJobHandler<LeaveDecisionPayload>(LEAVE_DECISION_MAIL_JOB, async (payload, ctx) => {
  if (ctx.job.tenantId == null) return;
  await sendLeaveDecisionMail(ctx.dataSource, ctx.job.tenantId, payload);
});
