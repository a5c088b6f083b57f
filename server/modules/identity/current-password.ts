import type { Request } from 'express';
import { recordAudit } from '../../kernel/audit/audit';
import type { FieldError } from '../../kernel/http/forms';
import { accountFailure, accountKey, accountWait, throttledMessage, type LockOwner } from './account-lock';
import { isCurrentPassword } from './password.service';

/**
 * Checks the current password a signed-in user typed to confirm a sensitive change (e-mail,
 * mobile, password, authenticator app): null when it is right, else the French error of the field.
 * It is guarded like a login (a stolen session must not become a password oracle): not checked
 * while the account is locked, except from a known browser, and a wrong one counts as a failure.
 */
export async function confirmCurrentPassword(req: Request, password: string, missing: FieldError = 'validation.required'): Promise<FieldError | null> {
  if (!password) return missing;
  const user = req.authUser!;
  const owner: LockOwner = { id: user.id, tenantId: user.tenantId };
  const key = accountKey(owner, user.username);
  const wait = await accountWait(req, owner, key);
  if (wait > 0) {
    await recordAudit(req.ctx.db, { event: 'login_failure', req, detail: { username: user.username, reason: 'account_locked' } }).catch(() => undefined);
    return throttledMessage(wait);
  }
  if (await isCurrentPassword(req.ctx.db, user.id, password)) return null;
  await accountFailure(req.ctx.db, owner, key);
  return 'account.password.current_invalid';
}
