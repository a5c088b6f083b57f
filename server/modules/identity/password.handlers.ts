import type { Request, Response } from 'express';
import { recordAudit } from '../../kernel/audit/audit';
import { checkNewPassword, passwordMinLength } from '../../kernel/auth/password-policy';
import { accountLockSuccess, throttleHit, throttleWait } from '../../kernel/auth/throttle';
import { addFlash } from '../../kernel/http/flash';
import { renderScreen } from '../../kernel/http/render';
import { translator } from '../../kernel/i18n/i18n';
import { identityMailer } from './identity.channels';
import { renderAuthPage } from './login.handlers';
import { accountKey } from './account-lock';
import { confirmCurrentPassword } from './current-password';
import { rememberDevice } from './known-device';
import { changePassword, createResetToken, resetPassword, resetTokenUser } from './password.service';

/** Forgotten-password requests allowed per minute and IP. */
const RESET_REQUESTS_PER_MINUTE = 5;

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function field(req: Request, form: string, name: string): string {
  const raw = (req.body?.[form] ?? {}) as Record<string, unknown>;
  return typeof raw[name] === 'string' ? (raw[name] as string) : '';
}

/** `GET /password/forgotten`: asks for a username or e-mail. */
export async function forgottenForm(req: Request, res: Response): Promise<void> {
  await renderAuthPage(req, res, 'identity/forgotten', { title: req.t('account.forgotten.title'), sent: false, value: '' });
}

/**
 * `POST /password/forgotten`: mails a link when an account matches; the page always says the
 * same thing, so it tells nobody which accounts exist.
 */
export async function forgottenSend(req: Request, res: Response): Promise<void> {
  const identifier = field(req, 'forgotten', 'identifier').slice(0, 180);
  const rules = [{ key: `reset:${req.ip ?? 'unknown'}`, limit: RESET_REQUESTS_PER_MINUTE }];
  if (identifier.trim() && (await throttleWait(req.ctx.db, rules)) === 0) {
    await throttleHit(req.ctx.db, rules);
    const request = await createResetToken(req.ctx.db, identifier);
    if (request) {
      const t = translator(request.locale);
      const link = `${req.ctx.config.baseUrl.replace(/\/$/, '')}${req.ctx.routes.path('password_reset', { token: request.token })}`;
      await identityMailer().send({
        to: request.email,
        subject: t('account.forgotten.mail_subject'),
        html: `<p>${escapeHtml(t('account.forgotten.mail_hello', { name: request.name }))}</p>`
          + `<p>${escapeHtml(t('account.forgotten.mail_body'))}</p>`
          + `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          + `<p>${escapeHtml(t('account.forgotten.mail_ignore'))}</p>`,
      });
    }
  }
  await renderAuthPage(req, res, 'identity/forgotten', { title: req.t('account.forgotten.title'), sent: true, value: '' });
}

/** `GET /password/reset/{token}`: the new-password form, or the "link no longer valid" message. */
export async function resetForm(req: Request, res: Response): Promise<void> {
  const userId = await resetTokenUser(req.ctx.db, req.routeParams.token);
  await renderAuthPage(req, res, 'identity/reset', {
    title: req.t('account.reset.title'), valid: userId !== null, token: req.routeParams.token, errors: {}, minLength: await passwordMinLength(req.ctx.db, { userId }),
  });
}

/** `POST /password/reset/{token}`: sets the password, spends the link, ends the user's sessions. */
export async function resetSave(req: Request, res: Response): Promise<void> {
  const token = req.routeParams.token;
  const userId = await resetTokenUser(req.ctx.db, token);
  const minLength = await passwordMinLength(req.ctx.db, { userId });
  const page = (locals: Record<string, unknown>) => renderAuthPage(req, res, 'identity/reset', { title: req.t('account.reset.title'), token, errors: {}, minLength, ...locals });
  if (userId === null) return page({ valid: false });
  const newPassword = field(req, 'password', 'newPassword');
  const errors = checkNewPassword(newPassword, field(req, 'password', 'confirmation'), minLength);
  if (Object.keys(errors).length) return page({ valid: true, errors });
  if ((await resetPassword(req.ctx.db, token, newPassword)) === null) return page({ valid: false });
  // Past guesses are worthless against the new password, and this browser proved the mailbox.
  await accountLockSuccess(req.ctx.db, accountKey({ id: userId }, ''), true);
  await rememberDevice(req, res, userId, true);
  await recordAudit(req.ctx.db, { event: 'account_change', req, userId, detail: { change: 'password_reset' } }).catch(() => undefined);
  addFlash(req, 'success', 'account.reset.done');
  res.redirect(req.ctx.routes.path('login'));
}

async function renderChangeForm(req: Request, res: Response, errors: Record<string, unknown> = {}): Promise<void> {
  await renderScreen(req, res, 'identity/_change_password_form', { title: req.t('account.password.change_title'), errors, values: {}, minLength: await passwordMinLength(req.ctx.db, { tenantId: req.authUser!.tenantId }) });
}

/** `GET /profile/password`: the change-password form (modal or page). */
export async function changePasswordForm(req: Request, res: Response): Promise<void> {
  await renderChangeForm(req, res);
}

/** `POST /profile/password`: 201 changed (other sessions ended), 200 with the French errors. */
export async function changePasswordSave(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const current = field(req, 'password', 'current');
  const newPassword = field(req, 'password', 'newPassword');
  const minLength = await passwordMinLength(req.ctx.db, { tenantId: user.tenantId });
  if (!current) return renderChangeForm(req, res, { current: 'validation.required' });
  const errors = checkNewPassword(newPassword, field(req, 'password', 'confirmation'), minLength);
  if (Object.keys(errors).length) return renderChangeForm(req, res, errors);
  const refusal = await confirmCurrentPassword(req, current);
  if (refusal) return renderChangeForm(req, res, { current: refusal });
  await changePassword(req.ctx.db, user.id, newPassword, req.sessionID);
  await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { change: 'password' } }).catch(() => undefined);
  addFlash(req, 'success', 'account.password.changed');
  res.status(201).json({ message: req.t('account.password.changed') });
}
