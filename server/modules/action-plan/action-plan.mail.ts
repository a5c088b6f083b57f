import path from 'node:path';
import ejs from 'ejs';
import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../kernel/clock';
import { loadConfig } from '../../kernel/config';
import { formatDate } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { enqueue, defineJobHandler } from '../../kernel/jobs';
import { createMailer, type Mailer } from '../../kernel/mail';
import { VIEWS_DIR } from '../../kernel/http/render';
import { userInTenant } from '../../kernel/tenancy';
import { PENDING_STATUSES } from './action-plan.policy';
import { holdsRightSql } from '../../kernel/rights/holds-right-sql';

/** Job of one mail about an action. */
export const ACTION_MAIL_JOB = 'action_plan.mail';
/** Job of one deadline reminder. */
export const ACTION_REMINDER_JOB = 'action_plan.reminder';

/** Kinds of mail the module sends. */
export type ActionMailKind = 'assigned' | 'returned' | 'processed';
/** Reminders: 7 days before, the day before, and the day after the deadline (late). */
export type ReminderKind = 'd7' | 'd1' | 'late';
const REMINDER_OFFSETS: Record<ReminderKind, number> = { d7: -7, d1: -1, late: 1 };
/** Reminders leave at 06:00 UTC (07:00 or 08:00 in Paris) on their day. */
const REMINDER_HOUR_UTC = 6;

/** Path of the action page, as the route table declares it (mails need absolute links, outside a request). */
export const ACTION_SHOW_PATH = '/action-plan/{id}';

let mailer: Mailer | undefined;

/** The mailer of the action plan (recording in development and tests), created on first use. */
export function actionPlanMailer(): Mailer {
  mailer ??= createMailer(loadConfig());
  return mailer;
}

/** Queues a mail about an action with the caller's transaction (it leaves only if the change commits). */
export async function enqueueActionMail(m: EntityManager, input: { tenantId: number; actionId: number; kind: ActionMailKind; userId: number }): Promise<void> {
  await enqueue(m, ACTION_MAIL_JOB, { actionId: input.actionId, kind: input.kind, userId: input.userId }, { tenantId: input.tenantId });
}

function addDays(isoDate: string, days: number): Date {
  const [y, mo, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d + days, REMINDER_HOUR_UTC));
}

/**
 * Queues the deadline reminders of an action sent to its assignee: 7 days before, the day
 * before and the day after the deadline. Reminders whose moment has passed are not queued.
 * Each job carries the deadline and assignee it was made for: a later change makes it stale
 * (skipped), and the change queues its own.
 */
export async function scheduleReminders(m: EntityManager, action: { id: number; tenantId: number; status: string; deadline: string | null; assigneeId: number | null }): Promise<void> {
  if (!action.deadline || !action.assigneeId || !PENDING_STATUSES.includes(action.status) || action.status === 'DRAFT') return;
  const now = clock.now().getTime();
  for (const [kind, offset] of Object.entries(REMINDER_OFFSETS) as Array<[ReminderKind, number]>) {
    const runAt = addDays(action.deadline, offset);
    if (runAt.getTime() < now) continue;
    await enqueue(m, ACTION_REMINDER_JOB, { actionId: action.id, kind, deadline: action.deadline, assigneeId: action.assigneeId }, { tenantId: action.tenantId, runAt });
  }
}

interface MailAction {
  id: number;
  tenant_id: number;
  status: string;
  comments: string;
  level: string;
  deadline: string | null;
  assignee_id: number | null;
  creator_id: number;
  hierarchy_item_id: number | null;
  service_id: number | null;
  reminders_sent: string[];
  assignee_name: string | null;
  creator_name: string | null;
  archived: boolean;
  deleted_at: Date | null;
}

async function readAction(db: DataSource | EntityManager, tenantId: number, id: number, lock = false): Promise<MailAction | null> {
  const [row] = await db.query(
    `SELECT a.id, a.tenant_id, a.status, a.comments, a.level, a.deadline::text AS deadline, a.assignee_id, a.creator_id, a.hierarchy_item_id, a.service_id,
            a.reminders_sent, a.archived, a.deleted_at,
            NULLIF(trim(ua.first_name || ' ' || ua.last_name), '') AS assignee_name, NULLIF(trim(uc.first_name || ' ' || uc.last_name), '') AS creator_name
       FROM action a LEFT JOIN app_user ua ON ua.id = a.assignee_id LEFT JOIN app_user uc ON uc.id = a.creator_id
      WHERE a.id = $1 AND a.tenant_id = $2 ${lock ? 'FOR UPDATE OF a' : ''}`, [id, tenantId]);
  return row ?? null;
}

async function recipient(db: DataSource | EntityManager, tenantId: number, userId: number): Promise<{ email: string; locale: string; action_processed_mail: boolean } | null> {
  const [u] = await db.query(`SELECT u.email, u.locale, u.action_processed_mail FROM app_user u WHERE u.id = $1 AND u.enabled AND ${userInTenant('u', '$2')}`, [userId, tenantId]);
  return u && u.email ? u : null;
}

/**
 * Holders of `action.supervision_mail` in the company whose scope holds the action (attached
 * to nothing, to its hierarchy item or an item above it, or to its service; an action attached
 * to nothing concerns everyone).
 */
async function supervisors(db: DataSource | EntityManager, a: MailAction): Promise<Array<{ email: string; locale: string }>> {
  return db.query(
    `WITH RECURSIVE above AS (
       SELECT id, parent_id FROM hierarchy_item WHERE id = $2 AND tenant_id = $1
       UNION SELECT p.id, p.parent_id FROM hierarchy_item p JOIN above ON p.id = above.parent_id)
     SELECT DISTINCT u.email, u.locale FROM app_user u
      WHERE u.enabled AND u.email <> '' AND ${userInTenant('u', '$1')}
        AND ${holdsRightSql('u', '$1', 'action.supervision_mail')}
        AND (($2::int IS NULL AND $3::int IS NULL)
          OR (NOT EXISTS (SELECT 1 FROM user_hierarchy_item x WHERE x.user_id = u.id AND x.tenant_id = $1)
              AND NOT EXISTS (SELECT 1 FROM user_service s WHERE s.user_id = u.id AND s.tenant_id = $1))
          OR EXISTS (SELECT 1 FROM user_hierarchy_item x JOIN above ON above.id = x.hierarchy_item_id WHERE x.user_id = u.id AND x.tenant_id = $1)
          OR EXISTS (SELECT 1 FROM user_service s WHERE s.user_id = u.id AND s.tenant_id = $1 AND s.service_id = $3))`,
    [a.tenant_id, a.hierarchy_item_id, a.service_id]);
}

async function render(kind: string, locale: string, a: MailAction): Promise<{ subject: string; html: string }> {
  const t = translator(locale);
  const url = `${loadConfig().baseUrl}${ACTION_SHOW_PATH.replace('{id}', String(a.id))}`;
  const vars = { id: a.id, deadline: formatDate(a.deadline) };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'action-plan', 'mail', 'action.ejs'), {
    t, kind, action: a, url, formatDate, intro: t(`action-plan.mail.${kind}.intro`, vars),
  }, { async: false });
  return { subject: t(`action-plan.mail.${kind}.subject`, vars), html };
}

/** Sends one queued mail about an action; a mail that no longer applies is dropped. */
export async function runActionMail(db: DataSource, tenantId: number, payload: { actionId: number; kind: ActionMailKind; userId: number }): Promise<boolean> {
  const a = await readAction(db, tenantId, payload.actionId);
  if (!a || a.deleted_at) return false;
  const to = await recipient(db, tenantId, payload.userId);
  if (!to) return false;
  if (payload.kind === 'processed' && !to.action_processed_mail) return false;
  const { subject, html } = await render(payload.kind, to.locale, a);
  await actionPlanMailer().send({ to: to.email, subject, html });
  return true;
}

/**
 * Sends one reminder if it still applies (same deadline and assignee, action still pending,
 * not archived, not already sent). The late reminder also goes to the supervisors. The row is
 * locked and the reminder marked in the same transaction, so a job run twice mails once.
 */
export async function runReminder(db: DataSource, tenantId: number, payload: { actionId: number; kind: ReminderKind; deadline: string; assigneeId: number }): Promise<boolean> {
  return db.transaction(async (m) => {
    const a = await readAction(m, tenantId, payload.actionId, true);
    if (!a || a.deleted_at || a.archived || !PENDING_STATUSES.includes(a.status) || a.status === 'DRAFT') return false;
    if (a.deadline !== payload.deadline || a.assignee_id !== payload.assigneeId) return false;
    const mark = `${payload.kind}:${payload.deadline}:${payload.assigneeId}`;
    if ((a.reminders_sent ?? []).includes(mark)) return false;
    const to = await recipient(m, tenantId, payload.assigneeId);
    const kind = `reminder_${payload.kind}`;
    if (to) {
      const { subject, html } = await render(kind, to.locale, a);
      await actionPlanMailer().send({ to: to.email, subject, html });
    }
    if (payload.kind === 'late') {
      for (const s of await supervisors(m, a)) {
        if (to && s.email === to.email) continue;
        const { subject, html } = await render('supervision_late', s.locale, a);
        await actionPlanMailer().send({ to: s.email, subject, html });
      }
    }
    await m.query('UPDATE action SET reminders_sent = array_append(reminders_sent, $3) WHERE id = $1 AND tenant_id = $2', [a.id, tenantId, mark]);
    return true;
  });
}

/** Handler of the {@link ACTION_MAIL_JOB} jobs, contributed by the module. */
export const actionMailHandler = defineJobHandler<{ actionId: number; kind: ActionMailKind; userId: number }>(ACTION_MAIL_JOB, async (payload, ctx) => {
  if (ctx.job.tenantId == null) return;
  await runActionMail(ctx.dataSource, ctx.job.tenantId, payload);
});

/** Handler of the {@link ACTION_REMINDER_JOB} jobs, contributed by the module. */
export const actionReminderHandler = defineJobHandler<{ actionId: number; kind: ReminderKind; deadline: string; assigneeId: number }>(ACTION_REMINDER_JOB, async (payload, ctx) => {
  if (ctx.job.tenantId == null) return;
  await runReminder(ctx.dataSource, ctx.job.tenantId, payload);
});
