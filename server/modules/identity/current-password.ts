import type { Request } from 'express';
import type { FieldError } from '../../kernel/http/forms';
import { isCurrentPassword } from './password.service';

/**
 * Checks the current password a signed-in user typed to confirm a sensitive change (e-mail,
 * mobile, password, authenticator app): null when it is right, else the French error of the field.
 */
export async function confirmCurrentPassword(req: Request, password: string, missing: FieldError = 'validation.required'): Promise<FieldError | null> {
  if (!password) return missing;
  return (await isCurrentPassword(req.ctx.db, req.authUser!.id, password)) ? null : 'account.password.current_invalid';
}
