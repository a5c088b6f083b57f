import type { Request } from 'express';
import { clock } from '../../kernel/clock';
import { formatDateTime } from '../../kernel/i18n/format';
import { signatureLabels } from './user-signature.handlers';
import { checkSignatureImage, signatureDataUrl } from './user-signature.service';

/** The shared signature form partial (views/partials/_signature-form.ejs). */
export const SIGNATURE_FORM_VIEW = 'partials/_signature-form';

/** What a signer's form shows and where it posts. */
export interface SignatureFormOptions {
  action: string;
  title: string;
  intro?: string;
  /** Name prefilled in the name field. */
  signerName?: string;
  /** Ask the signer's name (required when asked). */
  nameEnabled: boolean;
  /** May use the pad at all / may add a signature (spec: widgets receive granted and addGranted). */
  granted?: boolean;
  addGranted?: boolean;
  /** Hidden fields posted back with the signature (e.g. the workflow comment). */
  hidden?: Record<string, string>;
  /** Offer the logged-in user's saved signature (when he signs for himself). */
  offerSaved?: boolean;
  errors?: SignatureFormErrors;
  /** Values typed before an error, kept. */
  values?: { name?: string; useSaved?: boolean };
}

/** Errors of a refused signature, by field. */
export interface SignatureFormErrors {
  image?: string;
  name?: string;
  form?: string;
}

/** A signature accepted by {@link parseSignatureForm}. */
export interface SignatureInputData {
  image: string;
  name: string;
  hasWatermark: boolean;
  usedSaved: boolean;
}

/** Locals of the signature form for `req`'s user. */
export async function signatureFormLocals(req: Request, opts: SignatureFormOptions): Promise<Record<string, unknown>> {
  const user = req.authUser;
  const savedImage = opts.offerSaved && user ? await signatureDataUrl(req.ctx.db, user.tenantId, user.id) : null;
  const granted = opts.granted !== false;
  return {
    action: opts.action,
    title: opts.title,
    intro: opts.intro ?? '',
    hidden: opts.hidden ?? {},
    savedImage,
    useSaved: Boolean(savedImage && opts.values?.useSaved),
    errors: opts.errors ?? {},
    signedAtLabel: formatDateTime(clock.now()),
    islandProps: {
      inputName: 'signature[image]',
      nameEnabled: opts.nameEnabled,
      nameInputName: 'signature[name]',
      name: opts.values?.name ?? opts.signerName ?? '',
      granted,
      addGranted: granted && opts.addGranted !== false,
      height: 180,
      labels: signatureLabels(req),
    },
  };
}

/** Does the request carry a signature form (as opposed to the first click on a button)? */
export function hasSignatureForm(req: Request): boolean {
  const s = (req.body ?? {}).signature;
  return typeof s === 'object' && s !== null;
}

/**
 * Reads `signature[image]`, `signature[name]` and `signature[useSaved]`. The name is required
 * when `nameEnabled`; an empty drawing is refused unless the saved signature is used. Nothing
 * is kept on an error: the caller re-renders the form with `errors` and the typed `values`.
 */
export async function parseSignatureForm(req: Request, opts: { nameEnabled: boolean; defaultName: string; watermark: boolean }): Promise<
  { ok: true; signature: SignatureInputData } | { ok: false; errors: SignatureFormErrors; values: { name: string; useSaved: boolean } }> {
  const raw = (req.body ?? {}).signature ?? {};
  const name = typeof raw.name === 'string' ? raw.name.trim().slice(0, 255) : '';
  const useSaved = raw.useSaved === '1' || raw.useSaved === 'on' || raw.useSaved === true;
  const values = { name, useSaved };
  const errors: SignatureFormErrors = {};
  if (opts.nameEnabled && !name) errors.name = req.t('validation.required');
  let image: string | null = null;
  if (useSaved && req.authUser) {
    image = await signatureDataUrl(req.ctx.db, req.authUser.tenantId, req.authUser.id);
    if (!image) errors.image = req.t('signature.errors.empty');
  } else {
    const checked = checkSignatureImage(raw.image);
    if (checked.ok) image = `data:image/png;base64,${checked.png.toString('base64')}`;
    else errors.image = req.t(`signature.errors.${checked.reason}`);
  }
  if (errors.name || errors.image || !image) return { ok: false, errors, values };
  return { ok: true, signature: { image, name: opts.nameEnabled ? name : opts.defaultName, hasWatermark: opts.watermark, usedSaved: useSaved } };
}
