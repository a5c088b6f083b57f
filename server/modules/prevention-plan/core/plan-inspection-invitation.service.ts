import path from 'node:path';
import ejs from 'ejs';
import type { EntityManager } from 'typeorm';
import { clock, parisInstant } from '../../../kernel/clock';
import { loadConfig } from '../../../kernel/config';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { recordHistory } from '../../../kernel/history/history.service';
import type { FieldError } from '../../../kernel/http/forms';
import { VIEWS_DIR } from '../../../kernel/http/render';
import { formatDate, formatDateTime } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { displayName, type AuthUser } from '../../../kernel/rights/auth-user';
import { userInTenant } from '../../../kernel/tenancy';
import { PLAN_HISTORY_SUBJECT } from './plan-company.service';
import type { InvitationInput } from './plan-inspection-invitation.schema';
import { planMailer } from './plan-mail';
import { holdsRightSql } from '../../../kernel/rights/holds-right-sql';

/** The right of the users an invitation may be sent to. */
export const INVITATION_RIGHT = 'pdp.inspection_invitations';
/** The invitation leaves at least 72 hours before the inspection (seed 002 §5 and §9). */
export const INVITATION_NOTICE_HOURS = 72;
/** The CSE is informed at least 3 days before the inspection. */
export const CSE_NOTICE_DAYS = 3;
/** History transition of a sent invitation. */
export const INVITATION_TRANSITION = 'inspection_invitation';

/** Its label in the plan's history (contributed by the inspection part). */
export const INVITATION_HISTORY_LABELS: Record<string, string> = { [INVITATION_TRANSITION]: 'plan-inspection.history.inspection_invitation' };

const HOUR = 3_600_000;

/** What the invitation reads of the plan. */
export interface InvitationPlan {
  id: number;
  tenantId: number;
  pdpNumber: string;
  subject: string;
  startDate: string | null;
  prerunInspectionDate: string | null;
  prerunInspectionTime: string | null;
  meetingPoint: string | null;
}

/** A company of the plan an invitation may go to (its contact on the plan). */
export interface CompanyRecipient { id: number; kind: string; name: string; contactName: string; email: string }
/** A user of the company holding {@link INVITATION_RIGHT}. */
export interface UserRecipient { id: number; name: string; email: string; locale: string }

/** Everything both steps need: the plan, its representatives and who may be invited. */
export interface InvitationContext {
  plan: InvitationPlan;
  /** Participants per kind (user company, outside companies) and number of EE companies. */
  representatives: { user: number; outside: number; eeCompanies: number };
  companies: CompanyRecipient[];
  users: UserRecipient[];
  /** The last invitation sent, to prefill the facilities and the CSE. */
  last: { facilities: string; cseName: string | null; cseEmail: string | null } | null;
}

/** Loads the context of the invitation form; null when the plan is gone. */
export async function invitationContext(db: Db, tenantId: number, planId: number): Promise<InvitationContext | null> {
  const [plan] = rowsOf<InvitationPlan>(await db.query(
    `SELECT p.id, p.tenant_id AS "tenantId", p.pdp_number AS "pdpNumber", p.subject, to_char(p.start_date, 'YYYY-MM-DD') AS "startDate",
            to_char(p.prerun_inspection_date, 'YYYY-MM-DD') AS "prerunInspectionDate", to_char(p.prerun_inspection_time, 'HH24:MI') AS "prerunInspectionTime",
            p.meeting_point AS "meetingPoint"
       FROM prevention_plan p WHERE p.id = $1 AND p.tenant_id = $2 AND p.deleted_at IS NULL`, [planId, tenantId]));
  if (!plan) return null;
  const [reps] = await db.query(
    `SELECT (SELECT count(*)::int FROM plan_inspection_participant x WHERE x.plan_id = $1 AND x.tenant_id = $2 AND x.kind = 'user') AS "user",
            (SELECT count(*)::int FROM plan_inspection_participant x WHERE x.plan_id = $1 AND x.tenant_id = $2 AND x.kind = 'outside') AS outside,
            (SELECT count(*)::int FROM plan_company pc WHERE pc.plan_id = $1 AND pc.tenant_id = $2 AND pc.kind = 'EE') AS "eeCompanies"`, [planId, tenantId]);
  const companies = rowsOf<CompanyRecipient>(await db.query(
    `SELECT pc.id, pc.kind, pc.name, TRIM(CONCAT_WS(' ', COALESCE(pc.first_name, c.first_name), COALESCE(pc.last_name, c.last_name))) AS "contactName",
            COALESCE(NULLIF(TRIM(pc.email), ''), NULLIF(TRIM(c.email), '')) AS email
       FROM plan_company pc LEFT JOIN contact c ON c.id = pc.contact_id AND c.tenant_id = pc.tenant_id
      WHERE pc.plan_id = $1 AND pc.tenant_id = $2
      ORDER BY CASE pc.kind WHEN 'EU' THEN 0 WHEN 'EE' THEN 1 ELSE 2 END, lower(pc.name), pc.id`, [planId, tenantId]));
  const users = rowsOf<UserRecipient>(await db.query(
    `SELECT u.id, COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.username) AS name, u.email, u.locale
       FROM app_user u
      WHERE u.enabled AND NOT u.locked AND TRIM(COALESCE(u.email, '')) <> '' AND ${userInTenant('u', '$1')}
        AND ${holdsRightSql('u', '$1', '$2')}
      ORDER BY lower(u.last_name), lower(u.first_name), u.id`, [tenantId, INVITATION_RIGHT]));
  const [last] = rowsOf<{ facilities: string; cseName: string | null; cseEmail: string | null }>(await db.query(
    `SELECT i.facilities, e.name AS "cseName", e.email AS "cseEmail"
       FROM plan_inspection_invitation i LEFT JOIN plan_inspection_invitee e ON e.invitation_id = i.id AND e.kind = 'cse'
      WHERE i.plan_id = $1 AND i.tenant_id = $2 ORDER BY i.sent_at DESC, i.id DESC LIMIT 1`, [planId, tenantId]));
  return {
    plan: { ...plan, id: Number(plan.id), tenantId: Number(plan.tenantId) },
    representatives: { user: Number(reps.user), outside: Number(reps.outside), eeCompanies: Number(reps.eeCompanies) },
    companies: companies.map((c) => ({ ...c, id: Number(c.id), email: c.email ?? '' })),
    users: users.map((u) => ({ ...u, id: Number(u.id) })),
    last: last ?? null,
  };
}

/** Days from `a` to `b`, both `YYYY-MM-DD`. */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY` (what the form shows). */
const french = (iso: string | null) => (iso ? formatDate(iso) : '');

/** The values step 1 shows first: the plan's inspection, the last invitation's facilities. */
export function initialValues(ctx: InvitationContext): Record<string, unknown> {
  return {
    inspectionDate: french(ctx.plan.prerunInspectionDate),
    inspectionTime: ctx.plan.prerunInspectionTime ?? '',
    meetingPoint: ctx.plan.meetingPoint ?? '',
    facilities: ctx.last?.facilities ?? '',
    cseInformedDate: '',
  };
}

/**
 * The rules of step 1 (seed 002 §5, §9): representatives (at least one of the user company and
 * one per outside company), date, time and facilities required; the invitation at least 72 hours
 * before the inspection; the inspection at the latest on the plan's start day; the CSE informed
 * at least 3 days before it.
 */
export function step1Errors(ctx: InvitationContext, d: InvitationInput, now: Date = clock.now()): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const r = ctx.representatives;
  if (r.user < 1 || r.outside < Math.max(1, r.eeCompanies)) {
    errors.representatives = { key: 'plan-inspection.errors.representatives', params: { count: Math.max(1, r.eeCompanies) } };
  }
  if (!d.inspectionDate) errors.inspectionDate = 'validation.required';
  if (!d.inspectionTime) errors.inspectionTime = 'validation.required';
  if (!d.facilities) errors.facilities = 'validation.required';
  if (d.inspectionDate && ctx.plan.startDate && d.inspectionDate > ctx.plan.startDate) {
    errors.inspectionDate = { key: 'plan-inspection.errors.after_start', params: { date: formatDate(ctx.plan.startDate) } };
  }
  if (d.inspectionDate && d.inspectionTime && !errors.inspectionDate) {
    const at = parisInstant(d.inspectionDate, d.inspectionTime);
    if (at.getTime() - now.getTime() < INVITATION_NOTICE_HOURS * HOUR) {
      errors.inspectionDate = { key: 'plan-inspection.errors.notice', params: { hours: INVITATION_NOTICE_HOURS } };
    }
  }
  if (d.inspectionDate && d.cseInformedDate && daysBetween(d.cseInformedDate, d.inspectionDate) < CSE_NOTICE_DAYS) {
    errors.cseInformedDate = { key: 'plan-inspection.errors.cse_notice', params: { days: CSE_NOTICE_DAYS } };
  }
  return errors;
}

/** A recipient of the invitation. */
export interface Recipient { kind: 'company' | 'user' | 'cse'; planCompanyId: number | null; userId: number | null; name: string; email: string; locale: string }

/**
 * The rules of step 2: at least one recipient, each among those offered (a company of the plan
 * with a contact e-mail, a user holding the right); the CSE needs an e-mail, and when it is
 * informed by this invitation, 3 days before the inspection.
 */
export function step2Errors(ctx: InvitationContext, d: InvitationInput, now: Date = clock.now()): { errors: Record<string, FieldError>; recipients: Recipient[] } {
  const errors: Record<string, FieldError> = {};
  const recipients: Recipient[] = [];
  for (const id of d.companies) {
    const c = ctx.companies.find((x) => x.id === id && x.email);
    if (!c) { errors.companies = 'validation.choice'; continue; }
    recipients.push({ kind: 'company', planCompanyId: c.id, userId: null, name: c.contactName ? `${c.contactName} (${c.name})` : c.name, email: c.email, locale: 'fr' });
  }
  for (const id of d.users) {
    const u = ctx.users.find((x) => x.id === id);
    if (!u) { errors.users = 'validation.choice'; continue; }
    recipients.push({ kind: 'user', planCompanyId: null, userId: u.id, name: u.name, email: u.email, locale: u.locale || 'fr' });
  }
  if (d.cse) {
    if (!d.cseEmail) errors.cseEmail = 'validation.required';
    else recipients.push({ kind: 'cse', planCompanyId: null, userId: null, name: d.cseName || 'CSE', email: d.cseEmail, locale: 'fr' });
    if (!d.cseInformedDate && d.inspectionDate && d.inspectionTime
      && parisInstant(d.inspectionDate, d.inspectionTime).getTime() - now.getTime() < CSE_NOTICE_DAYS * 24 * HOUR) {
      errors.cse = { key: 'plan-inspection.errors.cse_notice', params: { days: CSE_NOTICE_DAYS } };
    }
  }
  if (!recipients.length && !Object.keys(errors).length) errors.recipients = 'plan-inspection.errors.no_recipient';
  return { errors, recipients };
}

/** The default message of the invitation (the user may change it in step 2). */
export function defaultMessage(t: (key: string, params?: Record<string, unknown>) => string, ctx: InvitationContext): string {
  return t('plan-inspection.mail.default_message', { number: ctx.plan.pdpNumber, subject: ctx.plan.subject });
}

/** What a mail of the invitation shows. */
export interface MailContent {
  inspectionAt: Date;
  meetingPoint: string;
  facilities: string;
  message: string;
  pdpNumber: string;
  subject: string;
  senderName: string;
  /** Link to the plan, for users of the application only. */
  url: string | null;
}

/** Renders the invitation mail in `locale`: the subject and the HTML body (also the preview of step 2). */
export async function renderInvitationMail(locale: string, content: MailContent): Promise<{ subject: string; html: string }> {
  const t = translator(locale);
  const html = await ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'inspection', 'mail.ejs'), { t, c: content, formatDateTime }, { async: false });
  return { subject: t('plan-inspection.mail.subject', { number: content.pdpNumber, subject: content.subject }), html };
}

/** Path of the plan page, as the route table declares it (mails are sent with absolute links). */
const PLAN_SHOW_PATH = '/prevention-plan/{id}';

/**
 * Sends the invitation: stores it and its recipients, moves the plan's inspection (date, time,
 * meeting point) to match, writes the plan's history, then mails each recipient. A mail that
 * fails is logged; the invitation stays sent to the others.
 */
export async function sendInvitation(db: Db, user: AuthUser, ctx: InvitationContext, d: InvitationInput, recipients: Recipient[]): Promise<{ id: number; mailed: number }> {
  const now = clock.now();
  const inspectionAt = parisInstant(d.inspectionDate!, d.inspectionTime!);
  const cseInformedAt = d.cseInformedDate ? parisInstant(d.cseInformedDate, '00:00') : recipients.some((r) => r.kind === 'cse') ? now : null;
  const message = d.message || defaultMessage(translator('fr'), ctx);
  const id = await db.transaction(async (m: EntityManager) => {
    const [row] = rowsOf<{ id: number }>(await m.query(
      `INSERT INTO plan_inspection_invitation (tenant_id, plan_id, inspection_at, meeting_point, facilities, message, cse_informed_at, sent_at, created_by_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8) RETURNING id`,
      [ctx.plan.tenantId, ctx.plan.id, inspectionAt, d.meetingPoint || null, d.facilities, message, cseInformedAt, now, user.id || null]));
    for (const r of recipients) {
      await m.query(
        `INSERT INTO plan_inspection_invitee (tenant_id, invitation_id, kind, plan_company_id, user_id, name, email) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [ctx.plan.tenantId, row.id, r.kind, r.planCompanyId, r.userId, r.name.slice(0, 255), r.email.slice(0, 255)]);
    }
    await m.query(
      `UPDATE prevention_plan SET prerun_inspection_date = $3, prerun_inspection_time = $4, meeting_point = $5, version = version + 1, updated_at = $6
        WHERE id = $1 AND tenant_id = $2`,
      [ctx.plan.id, ctx.plan.tenantId, d.inspectionDate, d.inspectionTime, d.meetingPoint || null, now]);
    await recordHistory(m, {
      tenantId: ctx.plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: ctx.plan.id, transition: INVITATION_TRANSITION,
      comment: `${formatDateTime(inspectionAt)} — ${recipients.map((r) => r.name).join(', ')}`, userId: user.id || null,
    });
    return Number(row.id);
  });
  let mailed = 0;
  const base = { inspectionAt, meetingPoint: d.meetingPoint, facilities: d.facilities, message, pdpNumber: ctx.plan.pdpNumber, subject: ctx.plan.subject, senderName: displayName(user) };
  const url = `${loadConfig().baseUrl}${PLAN_SHOW_PATH.replace('{id}', String(ctx.plan.id))}`;
  for (const r of recipients) {
    try {
      const mail = await renderInvitationMail(r.locale, { ...base, url: r.kind === 'user' ? url : null });
      await planMailer().send({ to: r.email, subject: mail.subject, html: mail.html });
      mailed++;
    } catch (err) {
      console.error('[plan-inspection] invitation mail', id, r.email, err);
    }
  }
  return { id, mailed };
}


/** An invitation as the list shows it. */
export interface InvitationRow {
  id: number;
  inspectionAt: Date;
  meetingPoint: string | null;
  facilities: string;
  message: string;
  cseInformedAt: Date | null;
  sentAt: Date;
  senderName: string;
  invitees: Array<{ kind: string; name: string; email: string }>;
}

/** The invitations sent for a plan, newest first, with their recipients. */
export async function listInvitations(db: Db, tenantId: number, planId: number): Promise<InvitationRow[]> {
  const rows = rowsOf<Omit<InvitationRow, 'invitees'>>(await db.query(
    `SELECT i.id, i.inspection_at AS "inspectionAt", i.meeting_point AS "meetingPoint", i.facilities, i.message, i.cse_informed_at AS "cseInformedAt",
            i.sent_at AS "sentAt", COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.username, '') AS "senderName"
       FROM plan_inspection_invitation i LEFT JOIN app_user u ON u.id = i.created_by_id
      WHERE i.plan_id = $1 AND i.tenant_id = $2 ORDER BY i.sent_at DESC, i.id DESC`, [planId, tenantId]));
  if (!rows.length) return [];
  const invitees = rowsOf<{ invitationId: number; kind: string; name: string; email: string }>(await db.query(
    `SELECT e.invitation_id AS "invitationId", e.kind, e.name, e.email FROM plan_inspection_invitee e
      WHERE e.tenant_id = $1 AND e.invitation_id = ANY($2::int[])
      ORDER BY CASE e.kind WHEN 'company' THEN 0 WHEN 'user' THEN 1 ELSE 2 END, e.id`, [tenantId, rows.map((r) => r.id)]));
  return rows.map((r) => ({ ...r, invitees: invitees.filter((e) => Number(e.invitationId) === Number(r.id)) }));
}
