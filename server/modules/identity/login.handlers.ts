import type { NextFunction, Request, Response } from 'express';
import { recordAudit } from '../../kernel/audit/audit';
import type { SessionEndNote } from '../../kernel/auth/passport';
import { checkNewPassword, passwordMinLength } from '../../kernel/auth/password-policy';
import { markLogin, type SessionTiming } from '../../kernel/auth/sessions';
import { accountLockSuccess, loginRules, throttleHit, throttleReset, throttleWait } from '../../kernel/auth/throttle';
import { clock } from '../../kernel/clock';
import { csrfToken } from '../../kernel/http/csrf';
import { renderView } from '../../kernel/http/render';
import { translator } from '../../kernel/i18n/i18n';
import { accountFailure, accountKey, accountWait, throttledMessage } from './account-lock';
import { checkCredentials, findLoginCandidate, issueLoginCode, secondFactorOf, verifyLoginCode, verifyUserTotp, type LoginAccount } from './account-security.service';
import { identitySms, toE164 } from './identity.channels';
import { rememberDevice } from './known-device';
import { changePassword } from './password.service';
import { touchLogin } from './identity.service';

/** A login past its password, waiting for its second factor or a new password. */
export interface PendingLogin {
  userId: number;
  username: string;
  tenantId: number;
  mobile: string | null;
  credentialsExpired: boolean;
  target: string;
  startedAt: number;
  method?: 'sms' | 'totp';
  secondFactorDone?: boolean;
  wrongCodes: number;
}

/** A pending login is dropped after this long. */
const PENDING_TTL_MS = 15 * 60 * 1000;
/** Wrong second-factor codes before the login starts over. */
const MAX_WRONG_CODES = 5;

type Message = string | { key: string; params: Record<string, unknown> };
type SessionBag = { pendingLogin?: PendingLogin } & SessionEndNote & SessionTiming;
const bag = (req: Request): SessionBag => req.session as unknown as SessionBag;

/**
 * The page to open after login when it is one of this application's: the target is resolved
 * against `baseUrl` the way a browser resolves a `Location` header (`/\\host`, tabs and `//host`
 * included), and only a path of the same origin is kept; anything else gives `fallback`.
 */
export function safeTarget(target: unknown, fallback: string, baseUrl: string): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  let url: URL;
  try {
    const base = new URL(baseUrl);
    url = new URL(target, base);
    if (url.origin !== base.origin) return fallback;
  } catch {
    return fallback;
  }
  const local = `${url.pathname}${url.search}${url.hash}`;
  // A normalised path may start with `//` again (`/.//host`): a browser would read a host there.
  return /^\/[^/\\]/.test(local) || local === '/' ? local : fallback;
}

/** Renders a page of the sign-in card (login, code, forgotten password...). */
export async function renderAuthPage(req: Request, res: Response, view: string, locals: Record<string, unknown>, status = 200): Promise<void> {
  csrfToken(req);
  const all = { error: null, notice: null, ...locals };
  const body = await renderView(res, view, all);
  const html = await renderView(res, 'identity/auth', { ...all, body });
  res.status(status).type('html').send(html);
}

async function renderLogin(req: Request, res: Response, error?: Message, notice?: Message): Promise<void> {
  await renderAuthPage(req, res, 'identity/login', {
    title: req.t('login.title'),
    error,
    notice,
    lastUsername: typeof req.body?._username === 'string' ? req.body._username : '',
    target: safeTarget(req.query.target ?? req.body?._target, '', req.ctx.config.baseUrl),
  });
}

/** `GET /login`; says why the previous session ended, if it timed out. */
export async function loginForm(req: Request, res: Response): Promise<void> {
  if (req.authUser) return res.redirect(req.ctx.routes.path('home'));
  const s = bag(req);
  const ended = s.endedBy;
  if (ended) delete s.endedBy;
  await renderLogin(req, res, undefined, ended ? (ended === 'idle' ? 'account.session.idle' : 'account.session.absolute') : undefined);
}

const REFUSALS: Record<string, string> = {
  invalid: 'login.errors.invalid', disabled: 'login.errors.disabled', expired: 'account.login.expired', locked: 'account.login.locked',
};

/**
 * `POST /login`: throttling first (per address, then per account: the password is not even
 * checked when blocked), then the credentials and the account states, then the second factor and
 * the expired password.
 */
export async function loginCheck(req: Request, res: Response, next: NextFunction): Promise<void> {
  const db = req.ctx.db;
  const username = String(req.body?._username ?? '').slice(0, 180);
  const rules = loginRules(req.ip ?? 'unknown', username);
  const wait = await throttleWait(db, rules);
  if (wait > 0) {
    await recordAudit(db, { event: 'login_failure', req, detail: { username, reason: 'throttled' } }).catch(() => undefined);
    return renderLogin(req, res, throttledMessage(wait));
  }
  const candidate = await findLoginCandidate(db, username);
  const owner = candidate && { id: candidate.id, tenantId: candidate.tenantId };
  const key = accountKey(owner, username);
  const accountBlocked = await accountWait(req, owner, key);
  if (accountBlocked > 0) {
    await recordAudit(db, { event: 'login_failure', req, detail: { username, reason: 'account_locked' } }).catch(() => undefined);
    return renderLogin(req, res, throttledMessage(accountBlocked));
  }
  const result = await checkCredentials(candidate, String(req.body?._password ?? ''));
  if (!result.ok) {
    await throttleHit(db, rules);
    if (result.reason === 'invalid') await accountFailure(db, owner, key);
    await recordAudit(db, { event: 'login_failure', req, detail: { username, reason: result.reason } }).catch(() => undefined);
    return renderLogin(req, res, REFUSALS[result.reason]);
  }
  await throttleReset(db, rules[0].key);
  await accountLockSuccess(db, key);
  const account: LoginAccount = result.account;
  const pending: PendingLogin = {
    userId: account.id, username: account.username, tenantId: account.tenantId, mobile: account.mobile,
    credentialsExpired: account.credentialsExpired, target: safeTarget(req.body?._target, req.ctx.routes.path('home'), req.ctx.config.baseUrl),
    startedAt: clock.now().getTime(), wrongCodes: 0,
  };
  await continueLogin(req, res, next, pending);
}

/** Moves a pending login to its next step, or completes it. */
async function continueLogin(req: Request, res: Response, next: NextFunction, pending: PendingLogin): Promise<void> {
  const db = req.ctx.db;
  if (!pending.secondFactorDone) {
    const method = await secondFactorOf(db, { id: pending.userId, tenantId: pending.tenantId });
    if (method) {
      pending.method = method;
      bag(req).pendingLogin = pending;
      if (method === 'sms') {
        const sent = await sendCode(req, pending);
        if (sent === 'no_mobile') {
          delete bag(req).pendingLogin;
          return renderLogin(req, res, 'account.two_factor.no_mobile');
        }
      }
      return res.redirect(req.ctx.routes.path('login_two_factor'));
    }
  }
  if (pending.credentialsExpired) {
    bag(req).pendingLogin = { ...pending, secondFactorDone: true };
    return res.redirect(req.ctx.routes.path('login_password_expired'));
  }
  completeLogin(req, res, next, pending);
}

/** `req.login` (the session id is regenerated), timing stamps, last login, known browser, audit, redirect. */
function completeLogin(req: Request, res: Response, next: NextFunction, pending: PendingLogin): void {
  req.login({ id: pending.userId }, (err) => {
    if (err) return next(err);
    markLogin(bag(req), clock.now());
    Promise.all([
      touchLogin(req.ctx.db, pending.userId), rememberDevice(req, res, pending.userId),
      recordAudit(req.ctx.db, { event: 'login', req, userId: pending.userId, tenantId: pending.tenantId }),
    ])
      .then(() => res.redirect(pending.target))
      .catch(next);
  });
}

async function sendCode(req: Request, pending: PendingLogin): Promise<'sent' | 'no_mobile' | 'too_soon' | 'too_many'> {
  const to = toE164(pending.mobile);
  if (!to) return 'no_mobile';
  const issued = await issueLoginCode(req.ctx.db, pending.userId, req.ctx.config.sessionSecret);
  if (!issued.ok) return issued.reason;
  const [u] = await req.ctx.db.query('SELECT locale FROM app_user WHERE id = $1', [pending.userId]);
  await identitySms().send(to, translator(u?.locale ?? 'fr')('account.two_factor.sms', { code: issued.code }));
  return 'sent';
}

/** The pending login of this session when still fresh; else null (and it is dropped). */
function freshPending(req: Request): PendingLogin | null {
  const s = bag(req);
  const p = s.pendingLogin;
  if (!p) return null;
  if (clock.now().getTime() - p.startedAt > PENDING_TTL_MS) {
    delete s.pendingLogin;
    return null;
  }
  return p;
}

function maskedMobile(mobile: string | null): string {
  const n = toE164(mobile) ?? '';
  return n.length > 4 ? `${'•'.repeat(Math.max(0, n.length - 4))}${n.slice(-2)}` : '';
}

async function renderCodePage(req: Request, res: Response, pending: PendingLogin, error?: Message, notice?: Message): Promise<void> {
  await renderAuthPage(req, res, 'identity/two_factor', {
    title: req.t('account.two_factor.title'), error, notice, method: pending.method, mobile: maskedMobile(pending.mobile),
  });
}

/** `GET /login/verification`: the code page. */
export async function twoFactorForm(req: Request, res: Response): Promise<void> {
  const pending = freshPending(req);
  if (!pending || pending.secondFactorDone || !pending.method) return res.redirect(req.ctx.routes.path('login'));
  await renderCodePage(req, res, pending);
}

/** `POST /login/verification`: checks the SMS or authenticator code; the session is authenticated only now. */
export async function twoFactorCheck(req: Request, res: Response, next: NextFunction): Promise<void> {
  const pending = freshPending(req);
  if (!pending || pending.secondFactorDone || !pending.method) return res.redirect(req.ctx.routes.path('login'));
  const code = String(req.body?._code ?? '').slice(0, 20);
  const ok = pending.method === 'totp'
    ? await verifyUserTotp(req.ctx.db, pending.userId, code)
    : await verifyLoginCode(req.ctx.db, pending.userId, code, req.ctx.config.sessionSecret);
  if (!ok) {
    pending.wrongCodes += 1;
    await throttleHit(req.ctx.db, loginRules(req.ip ?? 'unknown', pending.username));
    const owner = { id: pending.userId, tenantId: pending.tenantId };
    await accountFailure(req.ctx.db, owner, accountKey(owner, pending.username));
    await recordAudit(req.ctx.db, { event: 'login_failure', req, userId: pending.userId, detail: { username: pending.username, reason: 'two_factor' } }).catch(() => undefined);
    if (pending.wrongCodes >= MAX_WRONG_CODES) {
      delete bag(req).pendingLogin;
      return renderLogin(req, res, 'account.two_factor.too_many');
    }
    return renderCodePage(req, res, pending, 'account.two_factor.invalid');
  }
  await continueLogin(req, res, next, { ...pending, secondFactorDone: true });
}

/** `POST /login/verification/resend`: a new SMS code, at most one a minute and five an hour. */
export async function twoFactorResend(req: Request, res: Response): Promise<void> {
  const pending = freshPending(req);
  if (!pending || pending.secondFactorDone || pending.method !== 'sms') return res.redirect(req.ctx.routes.path('login'));
  const sent = await sendCode(req, pending);
  if (sent === 'sent') return renderCodePage(req, res, pending, undefined, 'account.two_factor.resent');
  return renderCodePage(req, res, pending, sent === 'too_soon' ? 'account.two_factor.too_soon' : 'account.two_factor.too_many_codes');
}

/** `GET /login/password-expired`: the password must be changed before going on. */
export async function expiredPasswordForm(req: Request, res: Response): Promise<void> {
  const pending = freshPending(req);
  if (!pending || !pending.credentialsExpired) return res.redirect(req.ctx.routes.path('login'));
  await renderAuthPage(req, res, 'identity/password_expired', { title: req.t('account.password.expired_title'), errors: {}, minLength: await passwordMinLength(req.ctx.db, { userId: pending.userId }) });
}

/** `POST /login/password-expired`: sets the new password, then completes the login. */
export async function expiredPasswordSave(req: Request, res: Response, next: NextFunction): Promise<void> {
  const pending = freshPending(req);
  if (!pending || !pending.credentialsExpired || !pending.secondFactorDone) return res.redirect(req.ctx.routes.path('login'));
  const form = (req.body?.password ?? {}) as Record<string, unknown>;
  const newPassword = typeof form.newPassword === 'string' ? form.newPassword : '';
  const confirmation = typeof form.confirmation === 'string' ? form.confirmation : '';
  const minLength = await passwordMinLength(req.ctx.db, { userId: pending.userId });
  const errors = checkNewPassword(newPassword, confirmation, minLength);
  if (Object.keys(errors).length) {
    return renderAuthPage(req, res, 'identity/password_expired', { title: req.t('account.password.expired_title'), errors, minLength });
  }
  await changePassword(req.ctx.db, pending.userId, newPassword, req.sessionID);
  await recordAudit(req.ctx.db, { event: 'account_change', req, userId: pending.userId, detail: { change: 'password_expired' } }).catch(() => undefined);
  completeLogin(req, res, next, { ...pending, credentialsExpired: false });
}

/** `POST /logout`: ends the session server-side. */
export function logout(req: Request, res: Response, next: NextFunction): void {
  const userId = req.authUser?.id;
  req.logout((err) => {
    if (err) return next(err);
    req.session.destroy(() => {
      void recordAudit(req.ctx.db, { event: 'logout', req, userId }).catch(() => undefined);
      res.clearCookie('vigie.sid');
      res.redirect(req.ctx.routes.path('login'));
    });
  });
}
