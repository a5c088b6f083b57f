import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { csrfToken } from '../../kernel/http/csrf';
import { renderScreen } from '../../kernel/http/render';
import { switchedFrom } from '../account-access/switch-session';
import { checkSignatureImage, saveSignature, signatureDataUrl } from './user-signature.service';

const REFUSAL_STATUS = { empty: 422, not_png: 400, too_large: 413 } as const;

/** The labels the signature island shows, in the user's language. */
export function signatureLabels(req: Request): Record<string, string> {
  const keys = ['canvas', 'clear', 'save', 'saved', 'empty_hint', 'current', 'none', 'error', 'name', 'name_required', 'state_empty', 'state_drawn', 'state_cleared'];
  return Object.fromEntries(keys.map((k) => [k, req.t(`signature.island.${k}`)]));
}

/** `GET /account/signature`: the screen where a user draws and saves their signature. */
export async function editSignature(req: Request, res: Response): Promise<void> {
  const routes = req.ctx.routes;
  await renderScreen(req, res, 'user-signature/edit', {
    title: req.t('signature.title'),
    switched: switchedFrom(req) !== null,
    islandProps: {
      saveUrl: switchedFrom(req) === null ? routes.path('eobs_user_signature_save_signature') : undefined,
      imageUrl: routes.path('eobs_user_signature_get_image'),
      csrfToken: csrfToken(req),
      granted: switchedFrom(req) === null,
      addGranted: switchedFrom(req) === null,
      labels: signatureLabels(req),
    },
  });
}

/** `GET /account/signature/image`: JSON `{image}`, the saved signature as a PNG data URL or null. */
export async function getImage(req: Request, res: Response): Promise<void> {
  const me = req.authUser!;
  res.json({ image: await signatureDataUrl(req.ctx.db, me.tenantId, me.id) });
}

/**
 * `POST /account/signature` (JSON `{image}` with X-CSRF-Token): saves the drawing. An empty
 * drawing changes nothing. Refused while using someone else's account: a signature is personal.
 */
export async function saveImage(req: Request, res: Response): Promise<void> {
  if (switchedFrom(req) !== null) throw new HttpError(403, 'signature.errors.switched');
  const checked = checkSignatureImage(req.body?.image);
  if (!checked.ok) {
    res.status(REFUSAL_STATUS[checked.reason]).json({ message: req.t(`signature.errors.${checked.reason}`) });
    return;
  }
  const me = req.authUser!;
  await saveSignature(req.ctx.db, me.tenantId, me.id, checked.png);
  res.json({ message: req.t('signature.saved') });
}
