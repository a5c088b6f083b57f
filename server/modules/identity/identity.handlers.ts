import type { Request, Response } from 'express';
import { recordAudit } from '../../kernel/audit/audit';
import { generateTotpSecret, otpauthUri } from '../../kernel/auth/totp';
import { loadConfig } from '../../kernel/config';
import { addFlash } from '../../kernel/http/flash';
import { HttpError } from '../../kernel/http/errors';
import { parseForm, type FieldError } from '../../kernel/http/forms';
import { renderScreen } from '../../kernel/http/render';
import { SUPPORTED_LOCALES } from '../../kernel/i18n/i18n';
import { createStorage, promoteUpload } from '../../kernel/storage';
import { saveStagedUpload, uploadFiles } from '../../kernel/uploads';
import { disableTotp, enableTotp } from './account-security.service';
import { CIVILITIES, profileSchema } from './identity.schema';
import { saveProfile, searchUsers, setUserPhoto } from './identity.service';
import { confirmCurrentPassword } from './current-password';
import { loadToggles } from '../../kernel/toggles/toggles';

/** Images accepted as a profile photo. */
const PHOTO_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
const storage = createStorage(loadConfig());

/** Parses the profile photo (`photo`, one image up to 5 Mo) with the product's checks. */
export const parseProfilePhoto = uploadFiles({ storage, field: 'photo', maxFiles: 1, maxBytes: 5 * 1024 * 1024, allowed: PHOTO_TYPES });

export { loginForm, loginCheck, logout } from './login.handlers';

/** `POST /company/{company}` (`mf_company_set`): switches the active company. */
export function companySet(req: Request, res: Response): void {
  const company = Number(req.routeParams.company);
  const user = req.authUser!;
  if (!user.tenants.some((t) => t.id === company)) throw new HttpError(403, 'errors.forbidden.message');
  (req.session as unknown as { tenantId?: number }).tenantId = company;
  addFlash(req, 'success', 'company.switched', { name: user.tenants.find((t) => t.id === company)!.name });
  res.redirect(req.ctx.routes.path('home'));
}

async function renderProfile(req: Request, res: Response, values: Record<string, unknown>, errors: Record<string, unknown> = {}, alert?: string): Promise<void> {
  const [u] = await req.ctx.db.query('SELECT previous_login_at, photo_file_id, tenant_id FROM app_user WHERE id = $1', [req.authUser!.id]);
  const [totp] = await req.ctx.db.query('SELECT 1 FROM user_totp WHERE user_id = $1', [req.authUser!.id]);
  const toggles = await loadToggles(req.ctx.db, u.tenant_id);
  await renderScreen(req, res, 'identity/_profile_form', {
    title: req.t('profile.title'), values, errors, alert, locales: SUPPORTED_LOCALES, previousLoginAt: u?.previous_login_at ?? null,
    civilities: CIVILITIES, photoFileId: u?.photo_file_id ?? null, totpEnabled: !!totp, offerTotp: !!totp || toggles.two_factor,
  });
}

async function currentValues(req: Request): Promise<Record<string, unknown>> {
  const [u] = await req.ctx.db.query('SELECT first_name, last_name, email, locale, civility, phone, mobile, version FROM app_user WHERE id = $1', [req.authUser!.id]);
  return { firstName: u.first_name, lastName: u.last_name, email: u.email, locale: u.locale, civility: u.civility ?? '', phone: u.phone ?? '', mobile: u.mobile ?? '', version: u.version };
}

/** `GET /profile/edit`: the profile form (modal fragment or page). */
export async function profileEdit(req: Request, res: Response): Promise<void> {
  await renderProfile(req, res, await currentValues(req));
}

/**
 * `POST /profile/edit`: 201 saved, 200 re-rendered with errors (a new e-mail or mobile asks for
 * the current password), 409 stale.
 */
export async function profileUpdate(req: Request, res: Response): Promise<void> {
  const form = parseForm(profileSchema, req.body, 'profile');
  // The typed password is never sent back into the page.
  const typed = { ...form.values, currentPassword: '' };
  if (!form.ok) return renderProfile(req, res, typed, form.errors);
  const userId = req.authUser!.id;
  let saved = await saveProfile(req.ctx.db, userId, form.data, false);
  if (!saved.ok && saved.reason === 'password_needed') {
    const refusal = await confirmCurrentPassword(req, form.data.currentPassword, 'account.profile.password_needed');
    if (refusal) return renderProfile(req, res, typed, { currentPassword: refusal });
    saved = await saveProfile(req.ctx.db, userId, form.data, true);
  }
  if (!saved.ok && saved.reason === 'email_taken') return renderProfile(req, res, typed, { email: 'validation.email_taken' });
  if (!saved.ok) {
    res.status(409).json({ message: req.t('errors.stale') });
    return;
  }
  if (saved.changes.length) await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { changes: saved.changes } }).catch(() => undefined);
  addFlash(req, 'success', 'profile.saved');
  res.status(201).json({ message: req.t('profile.saved') });
}

async function renderPhoto(req: Request, res: Response, errors: Record<string, unknown> = {}): Promise<void> {
  const [u] = await req.ctx.db.query('SELECT photo_file_id FROM app_user WHERE id = $1', [req.authUser!.id]);
  await renderScreen(req, res, 'identity/_photo_form', { title: req.t('account.profile.photo_change'), errors, photoFileId: u?.photo_file_id ?? null });
}

/** `GET /profile/photo`: the photo form (modal or page). */
export async function profilePhotoForm(req: Request, res: Response): Promise<void> {
  await renderPhoto(req, res);
}

/**
 * `POST /profile/photo`: stores the photo in the user's home company (shown in the top bar
 * through `file_manager_show`); 201, or 200 with the upload refusal in French.
 */
export async function profilePhoto(req: Request, res: Response): Promise<void> {
  const error = req.uploadErrors?.[0];
  const staged = req.uploads?.[0];
  if (error || !staged) {
    return renderPhoto(req, res, { photo: error ? { key: error.key, params: error.params } : 'validation.required' });
  }
  const user = req.authUser!;
  const [home] = await req.ctx.db.query('SELECT tenant_id FROM app_user WHERE id = $1', [user.id]);
  const file = await req.ctx.db.transaction(async (m) => {
    const saved = await saveStagedUpload(m, staged, { tenantId: home.tenant_id, userId: user.id });
    await m.query('UPDATE app_user SET photo_file_id = $2 WHERE id = $1', [user.id, saved.id]);
    return saved;
  });
  await promoteUpload(storage, staged.tmpKey, file.storageKey);
  addFlash(req, 'success', 'account.profile.photo_saved');
  res.status(201).json({ message: req.t('account.profile.photo_saved') });
}

/** `POST /profile/photo/remove`: removes the photo; 200. */
export async function profilePhotoRemove(req: Request, res: Response): Promise<void> {
  await setUserPhoto(req.ctx.db, req.authUser!.id, null);
  addFlash(req, 'success', 'account.profile.photo_removed');
  res.status(200).json({ message: req.t('account.profile.photo_removed') });
}

type TotpSession = { totpSetupSecret?: string };

async function renderTotp(req: Request, res: Response, errors: Record<string, FieldError> = {}, values: Record<string, unknown> = {}): Promise<void> {
  const user = req.authUser!;
  const [row] = await req.ctx.db.query('SELECT enabled_at FROM user_totp WHERE user_id = $1', [user.id]);
  const s = req.session as unknown as TotpSession;
  if (!row && !s.totpSetupSecret) s.totpSetupSecret = generateTotpSecret();
  const secret = row ? null : s.totpSetupSecret!;
  await renderScreen(req, res, 'identity/_totp_form', {
    title: req.t('account.totp.title'), errors, values, enabledAt: row?.enabled_at ?? null,
    secret, secretGroups: secret ? secret.match(/.{1,4}/g)!.join(' ') : '', uri: secret ? otpauthUri(secret, user.email || user.username) : '',
  });
}

const totpField = (req: Request, name: string): string => {
  const v = (req.body?.totp as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v.slice(0, 4096) : '';
};

/** `GET /profile/authenticator`: enrol an authenticator app (secret and otpauth URI), or see it is on. */
export async function totpForm(req: Request, res: Response): Promise<void> {
  await renderTotp(req, res);
}

/**
 * `POST /profile/authenticator`: enrols the app of this session's setup once the current password
 * and a code of the app are right (the password also guards replacing an app enrolled meanwhile
 * from another session); 201, or 200 with the error and the code kept.
 */
export async function totpEnable(req: Request, res: Response): Promise<void> {
  const s = req.session as unknown as TotpSession;
  const code = totpField(req, 'code').slice(0, 20);
  const refusal = await confirmCurrentPassword(req, totpField(req, 'password'));
  if (refusal) return renderTotp(req, res, { password: refusal }, { code });
  if (!s.totpSetupSecret || !(await enableTotp(req.ctx.db, req.authUser!.id, s.totpSetupSecret, code))) {
    return renderTotp(req, res, { code: 'account.two_factor.invalid' });
  }
  delete s.totpSetupSecret;
  await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { changes: ['totp_enabled'] } }).catch(() => undefined);
  addFlash(req, 'success', 'account.totp.enabled');
  res.status(201).json({ message: req.t('account.totp.enabled') });
}

/** `POST /profile/authenticator/disable`: removes the app after the password is given again. */
export async function totpDisable(req: Request, res: Response): Promise<void> {
  const refusal = await confirmCurrentPassword(req, totpField(req, 'password'));
  if (refusal) return renderTotp(req, res, { password: refusal });
  await disableTotp(req.ctx.db, req.authUser!.id);
  await recordAudit(req.ctx.db, { event: 'account_change', req, detail: { changes: ['totp_disabled'] } }).catch(() => undefined);
  addFlash(req, 'success', 'account.totp.disabled');
  res.status(201).json({ message: req.t('account.totp.disabled') });
}

/** `GET /users/autocomplete?q=`: colleagues of the active company, for autocomplete fields. */
export async function userAutocomplete(req: Request, res: Response): Promise<void> {
  const term = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
  res.json(term.trim().length < 2 ? [] : await searchUsers(req.ctx.db, req.authUser!.tenantId, term));
}
