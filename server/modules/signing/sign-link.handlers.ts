import type { Request, Response } from 'express';
import { csrfToken } from '../../kernel/http/csrf';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isFragmentRequest, renderView, wantsJson } from '../../kernel/http/render';
import { saved } from '../../kernel/http/respond';
import { recordHistory } from '../../kernel/history/history.service';
import { publicLinkMiss, publicLinkWait } from '../../kernel/public-link';
import { sendStoredFile, StoredFile } from '../../kernel/storage';
import { parseSignatureForm, signatureFormLocals, type SignatureFormErrors } from '../user-signature/signature-form';
import { can } from '../../kernel/rights/registry';
import { signingGrants } from './signatures-panel';
import { signLinkSubject } from './sign-link-subjects';
import { linkKey, linkTexts } from './sign-link.texts';
import {
  findLink, linkContactName, linkPdfName, linkState, pendingDocumentCompanies, queueDocumentSignLinks, signLinkStorage, signWithLink,
  type FoundLink, type LinkState,
} from './sign-link.service';

/** Status and French message of each refusal: an unknown token is 404, a link that existed is 410 (gone). */
const REFUSALS: Record<Exclude<LinkState, 'valid'>, { status: number; key: string }> = {
  unknown: { status: 404, key: 'gone.unknown' },
  used: { status: 410, key: 'gone.used' },
  revoked: { status: 410, key: 'gone.revoked' },
  expired: { status: 410, key: 'gone.expired' },
  stale: { status: 410, key: 'gone.stale' },
  signed: { status: 410, key: 'gone.signed' },
};

const textsOf = (req: Request, link: FoundLink | null) => linkTexts(req.t, link ? signLinkSubject(link.subjectType) : null);

/** Renders a page of the public signing screens (no menu, made for a phone). */
async function renderPublic(req: Request, res: Response, view: string, locals: Record<string, unknown>, status = 200): Promise<void> {
  csrfToken(req);
  res.setHeader('Cache-Control', 'no-store');
  const body = await renderView(res, `plan-sign-link/${view}`, locals);
  const html = await renderView(res, 'plan-sign-link/layout', { ...locals, body });
  res.status(status).type('html').send(html);
}

async function renderRefusal(req: Request, res: Response, state: Exclude<LinkState, 'valid'>, link: FoundLink | null): Promise<void> {
  const refusal = REFUSALS[state];
  const lt = textsOf(req, state === 'unknown' ? null : link);
  // Only a link that existed says which document it was about.
  await renderPublic(req, res, 'gone', { title: lt('gone.title'), state, message: lt(refusal.key), lt, link: state === 'unknown' ? null : link }, refusal.status);
}

const tokenOf = (req: Request): string => String(req.routeParams.token ?? '');

/** Throttle scope of the signing links' tokens (kernel `public-link`, shared with the document portal). */
const THROTTLE_SCOPE = 'sign';

/**
 * The link of the request's token (null when unknown, counted against the address), or
 * `undefined` once the throttle page (429) was answered: too many unknown tokens this minute.
 */
async function lookup(req: Request, res: Response): Promise<FoundLink | null | undefined> {
  const ip = req.ip ?? '';
  const wait = await publicLinkWait(req.ctx.db, THROTTLE_SCOPE, ip);
  if (wait) {
    const lt = textsOf(req, null);
    res.setHeader('Retry-After', String(wait * 60));
    await renderPublic(req, res, 'gone', { title: lt('gone.title'), state: 'unknown', message: lt('gone.throttled', { count: wait }), lt, link: null }, 429);
    return undefined;
  }
  const link = await findLink(req.ctx.db, tokenOf(req));
  if (!link) await publicLinkMiss(req.ctx.db, THROTTLE_SCOPE, ip);
  return link;
}

async function renderSignPage(req: Request, res: Response, link: FoundLink, form: { errors?: SignatureFormErrors; values?: { name?: string } } = {}): Promise<void> {
  const token = tokenOf(req);
  const lt = textsOf(req, link);
  const signature = await signatureFormLocals(req, {
    action: req.ctx.routes.path('pdp_sign_link_sign', { token }),
    title: lt('page.sign_title'),
    signerName: await linkContactName(req.ctx.db, link),
    nameEnabled: true, granted: true, addGranted: true, offerSaved: false,
    errors: form.errors, values: form.values,
  });
  await renderPublic(req, res, 'sign', {
    title: lt('page.title', { number: link.number }), link, lt, signature,
    pdfUrl: req.ctx.routes.path('pdp_sign_link_pdf', { token }),
  });
}

/** `GET /sign/pdp/{token}` (pdp_sign_link, public, every document type): the document to sign, or why the link cannot be used. */
export async function signPage(req: Request, res: Response): Promise<void> {
  const link = await lookup(req, res);
  if (link === undefined) return;
  const state = await linkState(req.ctx.db, link);
  if (state !== 'valid' || !link) return renderRefusal(req, res, state === 'valid' ? 'unknown' : state, link);
  await renderSignPage(req, res, link);
}

/**
 * `POST /sign/pdp/{token}` (pdp_sign_link_sign, public, CSRF of the visitor's session like the
 * login form): the signature, kept in one transaction with the use of the link. An empty name or
 * drawing shows the form again with its error, nothing kept; a link used meanwhile (double submit)
 * answers the "already used" page.
 */
export async function signSubmit(req: Request, res: Response): Promise<void> {
  const token = tokenOf(req);
  const link = await lookup(req, res);
  if (link === undefined) return;
  const state = await linkState(req.ctx.db, link);
  if (state !== 'valid' || !link) return renderRefusal(req, res, state === 'valid' ? 'unknown' : state, link);
  // A link signs for its company, never with the saved signature of whoever is logged in on the device.
  if (req.body?.signature && typeof req.body.signature === 'object') delete req.body.signature.useSaved;
  const parsed = await parseSignatureForm(req, { nameEnabled: true, defaultName: '', watermark: true });
  if (!parsed.ok) return renderSignPage(req, res, link, { errors: parsed.errors, values: parsed.values });
  const outcome = await signWithLink(req.ctx.db, token, { name: parsed.signature.name, image: parsed.signature.image });
  if (!outcome.ok) return renderRefusal(req, res, outcome.state === 'valid' ? 'unknown' : outcome.state, await findLink(req.ctx.db, token));
  res.redirect(303, req.ctx.routes.path('pdp_sign_link_done', { token }));
}

/** `GET /sign/pdp/{token}/done` (pdp_sign_link_done, public): thanks, once the link was used. */
export async function signDone(req: Request, res: Response): Promise<void> {
  const token = tokenOf(req);
  const link = await lookup(req, res);
  if (link === undefined) return;
  const state = await linkState(req.ctx.db, link);
  if (state === 'valid') return void res.redirect(303, req.ctx.routes.path('pdp_sign_link', { token }));
  if (state !== 'used' || !link) return renderRefusal(req, res, state, link);
  const lt = textsOf(req, link);
  await renderPublic(req, res, 'done', {
    title: lt('done.title'), link, lt, pdfUrl: req.ctx.routes.path('pdp_sign_link_pdf', { token }),
  });
}

/**
 * `GET /sign/pdp/{token}/pdf` (pdp_sign_link_pdf, public): exactly the stored PDF the link was
 * made with (inline; `?download=1` to save it). Also after signing, so the signer keeps a copy of
 * what he signed; never for a revoked, expired or unknown link.
 */
export async function signPdf(req: Request, res: Response): Promise<void> {
  const link = await lookup(req, res);
  if (link === undefined) return;
  const state = await linkState(req.ctx.db, link);
  if ((state !== 'valid' && state !== 'used') || !link) return renderRefusal(req, res, state === 'valid' ? 'unknown' : state as Exclude<LinkState, 'valid'>, link);
  const file = await req.ctx.db.getRepository(StoredFile).findOneBy({ id: link.pdfFileId, tenantId: link.tenantId });
  if (!file) return renderRefusal(req, res, 'unknown', null);
  await sendStoredFile(res, signLinkStorage, file, { inline: req.query.download !== '1', downloadName: linkPdfName(link.number, link.round) });
}

/** The document a relaunch is about, resolved with the caller's own access rules (404 / 403 otherwise). */
export interface RelaunchTarget {
  id: number;
  tenantId: number;
  status: string;
  /**
   * May the user relaunch? Absent: the signing core's rule, as the signatures panel draws the
   * button — editor or internal signer of the document (`signingGrants`), or holder of `<prefix>.sign`.
   */
  mayRelaunch?: boolean;
  /** Where the user goes back (the signatures tab or panel). */
  redirect: string;
}

/** Options of {@link relaunchHandler}. */
export interface RelaunchOptions {
  /** The document type (`SigningSubject.type`). */
  type: string;
  resolve: (req: Request, id: string | number) => Promise<RelaunchTarget>;
  /** History subject of the document (defaults to the type). */
  historySubject?: string;
}

/**
 * `POST /<document>/{id}/relaunch`: new links to the companies that have not signed (their earlier
 * links stop working), for an editor of the document or a holder of `<prefix>.sign`, while the
 * document waits for the companies; history row `sign_links_relaunch`, flash « Relances envoyées ».
 */
export function relaunchHandler(o: RelaunchOptions) {
  return async (req: Request, res: Response): Promise<void> => {
    const user = req.authUser!;
    const doc = await o.resolve(req, req.routeParams.id);
    const subject = signLinkSubject(o.type);
    if (!subject) throw new HttpError(404, 'errors.not_found.title');
    const may = doc.mayRelaunch ?? ((await signingGrants(req, subject.workflow, subject.subject, doc)).granted || can(user, `${subject.subject.rightPrefix}.sign`));
    if (!may) throw new HttpError(403, 'errors.forbidden.message');
    const refuse = (key: string, params: Record<string, unknown> = {}) => {
      const full = linkKey(req.t, subject, key);
      if (isFragmentRequest(req) || wantsJson(req)) return void res.status(409).json({ message: req.t(full, params) });
      addFlash(req, 'warning', full, params);
      res.redirect(303, doc.redirect);
    };
    if (doc.status !== 'waiting_tiers') return refuse('relaunch.not_waiting');
    const { withEmail, withoutEmail } = await pendingDocumentCompanies(req.ctx.db, o.type, doc.tenantId, doc.id);
    const missing = withoutEmail.map((c) => c.name).join(', ');
    if (!withEmail.length) return refuse(withoutEmail.length ? 'relaunch.no_email_only' : 'relaunch.nobody', { companies: missing });
    await req.ctx.db.transaction(async (m) => {
      await queueDocumentSignLinks(m, o.type, doc.tenantId, doc.id, { userId: user.id });
      await recordHistory(m, {
        tenantId: doc.tenantId, subjectType: o.historySubject ?? o.type, subjectId: doc.id, transition: 'sign_links_relaunch',
        comment: withEmail.map((c) => c.name).join(', ').slice(0, 2000), userId: user.id,
      });
    });
    if (withoutEmail.length) addFlash(req, 'warning', 'plan-sign-link.relaunch.no_email', { companies: missing });
    if (isFragmentRequest(req) || wantsJson(req)) return saved(req, res, 'plan-sign-link.flash.relaunched', {}, doc.redirect);
    addFlash(req, 'success', 'plan-sign-link.flash.relaunched');
    res.redirect(303, doc.redirect);
  };
}
