import { defineModule } from '../../kernel/module';
import { contribute } from '../../kernel/extension';
import { jobHandlers } from '../../kernel/jobs';
import { fileReferences } from '../../kernel/storage';
import { accountChangeMailHandler, lockoutMailHandler } from './account-mail';
import {
  companySet, parseProfilePhoto, profileEdit, profilePhoto, profilePhotoForm, profilePhotoRemove, profileUpdate, totpDisable, totpEnable, totpForm, userAutocomplete,
} from './identity.handlers';
import { expiredPasswordForm, expiredPasswordSave, loginCheck, loginForm, logout, twoFactorCheck, twoFactorForm, twoFactorResend } from './login.handlers';
import { changePasswordForm, changePasswordSave, forgottenForm, forgottenSend, resetForm, resetSave } from './password.handlers';
import { USER_PHOTO_FILE_REFERENCE, userPhoto } from './user-photo';

const TOKEN = { token: '[A-Za-z0-9_-]{43}' };

/** Login (throttling, account states, second factor), logout, passwords, company switch and the user's own profile. */
export const identityModule = defineModule({
  name: 'identity',
  routes: [
    { name: 'login', method: 'GET', path: '/login', right: 'public', handler: loginForm },
    { name: 'login_check', method: 'POST', path: '/login', right: 'public', handler: loginCheck },
    { name: 'login_two_factor', method: 'GET', path: '/login/verification', right: 'public', handler: twoFactorForm },
    { name: 'login_two_factor_check', method: 'POST', path: '/login/verification', right: 'public', handler: twoFactorCheck },
    { name: 'login_two_factor_resend', method: 'POST', path: '/login/verification/resend', right: 'public', handler: twoFactorResend },
    { name: 'login_password_expired', method: 'GET', path: '/login/password-expired', right: 'public', handler: expiredPasswordForm },
    { name: 'login_password_expired_save', method: 'POST', path: '/login/password-expired', right: 'public', handler: expiredPasswordSave },
    { name: 'password_forgotten', method: 'GET', path: '/password/forgotten', right: 'public', handler: forgottenForm },
    { name: 'password_forgotten_send', method: 'POST', path: '/password/forgotten', right: 'public', handler: forgottenSend },
    { name: 'password_reset', method: 'GET', path: '/password/reset/{token}', right: 'public', handler: resetForm, requirements: TOKEN },
    { name: 'password_reset_save', method: 'POST', path: '/password/reset/{token}', right: 'public', handler: resetSave, requirements: TOKEN },
    { name: 'logout', method: 'POST', path: '/logout', right: 'authenticated', handler: logout },
    { name: 'mf_company_set', method: 'POST', path: '/company/{company}', right: 'authenticated', handler: companySet, requirements: { company: '\\d+' } },
    { name: 'user_profile_edit', method: 'GET', path: '/profile/edit', right: 'authenticated', handler: profileEdit },
    { name: 'user_autocomplete', method: 'GET', path: '/users/autocomplete', right: 'authenticated', handler: userAutocomplete },
    { name: 'user_profile_update', method: 'POST', path: '/profile/edit', right: 'authenticated', handler: profileUpdate },
    { name: 'user_profile_photo_edit', method: 'GET', path: '/profile/photo', right: 'authenticated', handler: profilePhotoForm },
    { name: 'user_profile_photo', method: 'POST', path: '/profile/photo', right: 'authenticated', handler: profilePhoto, bodyParsers: [parseProfilePhoto] },
    { name: 'user_profile_photo_remove', method: 'POST', path: '/profile/photo/remove', right: 'authenticated', handler: profilePhotoRemove },
    { name: 'user_photo', method: 'GET', path: '/users/{id}/photo', right: 'authenticated', handler: userPhoto },
    { name: 'user_change_password', method: 'GET', path: '/profile/password', right: 'authenticated', handler: changePasswordForm },
    { name: 'user_change_password_save', method: 'POST', path: '/profile/password', right: 'authenticated', handler: changePasswordSave },
    { name: 'user_totp', method: 'GET', path: '/profile/authenticator', right: 'authenticated', handler: totpForm },
    { name: 'user_totp_enable', method: 'POST', path: '/profile/authenticator', right: 'authenticated', handler: totpEnable },
    { name: 'user_totp_disable', method: 'POST', path: '/profile/authenticator/disable', right: 'authenticated', handler: totpDisable },
  ],
  contributes: [
    contribute(jobHandlers, accountChangeMailHandler, lockoutMailHandler),
    contribute(fileReferences, USER_PHOTO_FILE_REFERENCE),
  ],
});
