import path from 'node:path';
import ejs from 'ejs';
import type { DataSource, EntityManager } from 'typeorm';
import { loadAuthUser } from '../../../kernel/auth/load-user';
import { formatDate } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { enqueue, defineJobHandler } from '../../../kernel/jobs';
import { VIEWS_DIR } from '../../../kernel/http/render';
import type { AuthUser } from '../../../kernel/rights/auth-user';
import { userInTenant } from '../../../kernel/tenancy';
import { loadPlanRef, loadPlanSubject } from './plan-access';
import { absoluteUrl } from '../../../kernel/http/urls';
import { planMailer } from './plan-mail';
import { mayOnPlan } from './prevention-plan.policy';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';

/** Job of one creation mail (one recipient, one plan). */
export const PLAN_CREATION_MAIL_JOB = 'pdp.creation_mail';
/** The right that subscribes a user to the creation mails. */
export const CREATION_MAIL_RIGHT = 'pdp.creation_emails';

/**
 * SQL condition: the user row `alias` is an enabled account with an e-mail address, of the
 * company `$tenant`, holding `right` there through a role other than super_admin. A mail right is a
 * subscription: super_admin holds every right, and would otherwise receive every mail of every plan.
 */
export function mailRecipientSql(alias: string, tenantParam: string, rightParam: string): string {
  return `${alias}.enabled AND coalesce(${alias}.email, '') <> '' AND ${userInTenant(alias, tenantParam)}
    AND ${holdsRightSql(alias, tenantParam, rightParam, 'excluded')}`;
}

/**
 * Queues, with the caller's transaction, one creation mail for each holder of
 * `pdp.creation_emails` in the company but the creator: they leave only if the plan is committed.
 */
export async function enqueuePlanCreationMails(m: EntityManager, input: { tenantId: number; planId: number; creatorId: number }): Promise<number> {
  const rows: Array<{ id: number }> = await m.query(
    `SELECT u.id FROM app_user u WHERE ${mailRecipientSql('u', '$1', '$2')} AND u.id <> $3 ORDER BY u.id`,
    [input.tenantId, CREATION_MAIL_RIGHT, input.creatorId]);
  for (const r of rows) {
    await enqueue(m, PLAN_CREATION_MAIL_JOB, { planId: input.planId, userId: Number(r.id) }, { tenantId: input.tenantId });
  }
  return rows.length;
}

/** The recipient as he is when the mail leaves: still enabled, of the company, subscribed (see {@link mailRecipientSql}). */
export async function subscribedUser(db: DataSource, tenantId: number, userId: number, right: string): Promise<AuthUser | null> {
  const [row] = await db.query(`SELECT 1 FROM app_user u WHERE u.id = $3 AND ${mailRecipientSql('u', '$1', '$2')}`, [tenantId, right, userId]);
  if (!row) return null;
  const user = await loadAuthUser(db, userId, tenantId);
  return user && user.tenantId === tenantId ? user : null;
}

/**
 * Sends one creation mail if it still applies: the plan exists (not in the trash) and the
 * recipient, still subscribed, may see it (the mail says what the plan page would).
 */
export async function sendPlanCreationMail(db: DataSource, tenantId: number, payload: { planId: number; userId: number }): Promise<boolean> {
  const user = await subscribedUser(db, tenantId, payload.userId, CREATION_MAIL_RIGHT);
  if (!user) return false;
  const ref = await loadPlanRef(db, tenantId, payload.planId);
  if (!ref || !mayOnPlan(user, 'view', await loadPlanSubject(db, user, ref))) return false;
  const [p] = await db.query(
    `SELECT p.pdp_number, p.subject, to_char(p.start_date, 'YYYY-MM-DD') AS start_iso, to_char(p.end_date, 'YYYY-MM-DD') AS end_iso,
            coalesce(hi.name, ti.name, p.intervention_address) AS place,
            coalesce(NULLIF(trim(coalesce(oc.first_name, '') || ' ' || coalesce(oc.last_name, '')), ''), oc.username) AS customer,
            coalesce(NULLIF(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.username) AS creator
       FROM prevention_plan p
       LEFT JOIN hierarchy_item hi ON hi.id = p.hierarchy_item_id
       LEFT JOIN tiers ti ON ti.id = p.host_tiers_id
       LEFT JOIN app_user oc ON oc.id = p.ordering_customer_id
       LEFT JOIN app_user cb ON cb.id = p.created_by_id
      WHERE p.id = $1 AND p.tenant_id = $2`, [payload.planId, tenantId]);
  const t = translator(user.locale);
  const vars = { number: p.pdp_number, subject: p.subject || t('prevention-plan.no_subject') };
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'actions', 'mail', 'creation.ejs'), {
    t, vars, plan: p, formatDate, url: absoluteUrl('pdp_show', { id: payload.planId }),
  }, { async: false });
  await planMailer().send({ to: user.email, subject: t('plan-actions.creation_mail.subject', vars), html });
  return true;
}

/** Handler of the {@link PLAN_CREATION_MAIL_JOB} jobs, contributed by the module. */
export const planCreationMailHandler = defineJobHandler<{ planId: number; userId: number }>(PLAN_CREATION_MAIL_JOB, async (payload, ctx) => {
  if (ctx.job.tenantId == null) return;
  await sendPlanCreationMail(ctx.dataSource, ctx.job.tenantId, payload);
});
