import path from 'node:path';
import ejs from 'ejs';
import { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { VIEWS_DIR } from '../../kernel/http/render';
import { formatDateTime } from '../../kernel/i18n/format';
import { translator } from '../../kernel/i18n/i18n';
import { enqueue, defineJobHandler } from '../../kernel/jobs';
import { identityMailer } from './identity.channels';
import { absoluteUrl } from '../../kernel/http/urls';

/** Job of the mail telling the owner that a sensitive part of their account changed. */
export const ACCOUNT_CHANGE_MAIL_JOB = 'identity.account_change_mail';
/** Job of the mail telling the owner that logins to their account are being held back. */
export const LOCKOUT_MAIL_JOB = 'identity.lockout_mail';

/** What an account-change mail may list. */
export type AccountChange = 'email' | 'mobile' | 'password' | 'totp_enabled' | 'totp_disabled';

interface ChangePayload { userId: number; to: string; changes: AccountChange[]; at: string }
interface LockoutPayload { userId: number; at: string }

/**
 * Queues, with the caller's transaction, the mail telling `to` (the address the account had
 * before the change) what changed: it leaves only if the change commits.
 */
export async function enqueueAccountChangeMail(m: EntityManager, input: { userId: number; tenantId: number; to: string; changes: AccountChange[]; at: Date }): Promise<void> {
  if (!input.changes.length) return;
  const payload: ChangePayload = { userId: input.userId, to: input.to, changes: input.changes, at: input.at.toISOString() };
  await enqueue(m, ACCOUNT_CHANGE_MAIL_JOB, { ...payload }, { tenantId: input.tenantId });
}

/** Queues the lockout mail of an account, with the caller's transaction. */
export async function enqueueLockoutMail(m: EntityManager, input: { userId: number; tenantId: number; at: Date }): Promise<void> {
  await enqueue(m, LOCKOUT_MAIL_JOB, { userId: input.userId, at: input.at.toISOString() }, { tenantId: input.tenantId });
}


interface Owner { email: string; locale: string; name: string }

async function owner(db: DataSource, userId: number): Promise<Owner | null> {
  const [u] = await db.query('SELECT email, locale, first_name, last_name, username FROM app_user WHERE id = $1', [userId]);
  if (!u) return null;
  return { email: u.email ?? '', locale: u.locale ?? 'fr', name: `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || u.username };
}

const usable = (address: string): boolean => !!address && z.email().safeParse(address).success;

async function render(view: string, locals: Record<string, unknown>): Promise<string> {
  return ejs.renderFile(path.join(VIEWS_DIR, 'identity', 'mail', `${view}.ejs`), locals, { async: false });
}

/** Sends an account-change mail in the owner's language; false when there is no usable address. */
export async function sendAccountChangeMail(db: DataSource, payload: ChangePayload): Promise<boolean> {
  const who = await owner(db, payload.userId);
  if (!who || !usable(payload.to)) return false;
  const t = translator(who.locale);
  const html = await render('account_change', { t, name: who.name, date: formatDateTime(payload.at), changes: payload.changes });
  await identityMailer().send({ to: payload.to, subject: t('account.notice.subject'), html });
  return true;
}

/** Sends the lockout mail in the owner's language, with the link to choose a new password. */
export async function sendLockoutMail(db: DataSource, payload: LockoutPayload): Promise<boolean> {
  const who = await owner(db, payload.userId);
  if (!who || !usable(who.email)) return false;
  const t = translator(who.locale);
  const html = await render('lockout', { t, name: who.name, date: formatDateTime(payload.at), link: absoluteUrl('password_forgotten') });
  await identityMailer().send({ to: who.email, subject: t('account.lockout.subject'), html });
  return true;
}

/** Handler of the {@link ACCOUNT_CHANGE_MAIL_JOB} jobs, contributed by the module. */
export const accountChangeMailHandler = defineJobHandler<ChangePayload>(ACCOUNT_CHANGE_MAIL_JOB, async (payload, ctx) => { await sendAccountChangeMail(ctx.dataSource, payload); });
/** Handler of the {@link LOCKOUT_MAIL_JOB} jobs, contributed by the module. */
export const lockoutMailHandler = defineJobHandler<LockoutPayload>(LOCKOUT_MAIL_JOB, async (payload, ctx) => { await sendLockoutMail(ctx.dataSource, payload); });
