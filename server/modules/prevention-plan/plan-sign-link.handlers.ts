import type { Request, Response } from 'express';
import { csrfToken } from '../../kernel/http/csrf';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isFragmentRequest, renderView, wantsJson } from '../../kernel/http/render';
import { saved } from '../../kernel/http/respond';
import { recordHistory } from '../../kernel/history/history.service';
import { can } from '../../kernel/rights/registry';
import { sendStoredFile, StoredFile } from '../../kernel/storage';
import { parseSignatureForm, signatureFormLocals, type SignatureFormErrors } from '../user-signature/signature-form';
import { planTabUrl, resolvePlan } from './plan-access';
import { registerPlanHistoryLabels } from './plan-history-labels';
import {
  findLink, linkContactName, linkState, pendingCompanies, queueSignLinks, signLinkStorage, signWithLink, type FoundLink, type LinkState,
} from './plan-sign-link.service';
import { PLAN_HISTORY_SUBJECT } from './prevention-plan.service';

registerPlanHistoryLabels({ sign_links_relaunch: 'plan-sign-link.history.relaunch' });

/** Status and French message of each refusal: an unknown token is 404, a link that existed is 410 (gone). */
const REFUSALS: Record<Exclude<LinkState, 'valid'>, { status: number; key: string }> = {
  unknown: { status: 404, key: 'plan-sign-link.gone.unknown' },
  used: { status: 410, key: 'plan-sign-link.gone.used' },
  revoked: { status: 410, key: 'plan-sign-link.gone.revoked' },
  expired: { status: 410, key: 'plan-sign-link.gone.expired' },
  stale: { status: 410, key: 'plan-sign-link.gone.stale' },
  signed: { status: 410, key: 'plan-sign-link.gone.signed' },
};

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
  // Only a link that existed says which plan it was about.
  await renderPublic(req, res, 'gone', { title: req.t('plan-sign-link.gone.title'), state, message: req.t(refusal.key), link: state === 'unknown' ? null : link }, refusal.status);
}

const tokenOf = (req: Request): string => String(req.routeParams.token ?? '');

async function renderSignPage(req: Request, res: Response, link: FoundLink, form: { errors?: SignatureFormErrors; values?: { name?: string } } = {}): Promise<void> {
  const token = tokenOf(req);
  const signature = await signatureFormLocals(req, {
    action: req.ctx.routes.path('pdp_sign_link_sign', { token }),
    title: req.t('plan-sign-link.page.sign_title'),
    signerName: await linkContactName(req.ctx.db, link),
    nameEnabled: true, granted: true, addGranted: true, offerSaved: false,
    errors: form.errors, values: form.values,
  });
  await renderPublic(req, res, 'sign', {
    title: req.t('plan-sign-link.page.title', { number: link.pdpNumber }), link, signature,
    pdfUrl: req.ctx.routes.path('pdp_sign_link_pdf', { token }),
  });
}

/** `GET /sign/pdp/{token}` (pdp_sign_link, public): the plan to sign, or why the link cannot be used. */
export async function signPage(req: Request, res: Response): Promise<void> {
  const link = await findLink(req.ctx.db, tokenOf(req));
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
  const link = await findLink(req.ctx.db, token);
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
  const link = await findLink(req.ctx.db, token);
  const state = await linkState(req.ctx.db, link);
  if (state === 'valid') return void res.redirect(303, req.ctx.routes.path('pdp_sign_link', { token }));
  if (state !== 'used' || !link) return renderRefusal(req, res, state, link);
  await renderPublic(req, res, 'done', {
    title: req.t('plan-sign-link.done.title'), link, pdfUrl: req.ctx.routes.path('pdp_sign_link_pdf', { token }),
  });
}

/**
 * `GET /sign/pdp/{token}/pdf` (pdp_sign_link_pdf, public): exactly the stored PDF the link was
 * made with (inline; `?download=1` to save it). Also after signing, so the signer keeps a copy of
 * what he signed; never for a revoked, expired or unknown link.
 */
export async function signPdf(req: Request, res: Response): Promise<void> {
  const link = await findLink(req.ctx.db, tokenOf(req));
  const state = await linkState(req.ctx.db, link);
  if ((state !== 'valid' && state !== 'used') || !link) return renderRefusal(req, res, state === 'valid' ? 'unknown' : state as Exclude<LinkState, 'valid'>, link);
  const file = await req.ctx.db.getRepository(StoredFile).findOneBy({ id: link.pdfFileId, tenantId: link.tenantId });
  if (!file) return renderRefusal(req, res, 'unknown', null);
  const downloadName = `${link.pdpNumber}${link.round > 0 ? `-avenant-${link.round}` : ''}.pdf`;
  await sendStoredFile(res, signLinkStorage, file, { inline: req.query.download !== '1', downloadName });
}

/**
 * `POST /prevention-plan/{id}/relaunch` (pdp_relaunch_companies): new links to the companies that
 * have not signed (their earlier links stop working), for an editor of the plan or a holder of
 * pdp.sign, while the plan waits for the companies.
 */
export async function relaunch(req: Request, res: Response): Promise<void> {
  const user = req.authUser!;
  const { plan, abilities } = await resolvePlan(req, req.routeParams.id, 'view');
  if (!abilities.edit && !can(user, 'pdp.sign')) throw new HttpError(403, 'errors.forbidden.message');
  const refuse = (key: string, params: Record<string, unknown> = {}) => {
    if (isFragmentRequest(req) || wantsJson(req)) return void res.status(409).json({ message: req.t(key, params) });
    addFlash(req, 'warning', key, params);
    res.redirect(303, planTabUrl(req, plan.id, 'signatures'));
  };
  if (plan.status !== 'waiting_tiers') return refuse('plan-sign-link.relaunch.not_waiting');
  const { withEmail, withoutEmail } = await pendingCompanies(req.ctx.db, plan.tenantId, plan.id);
  const missing = withoutEmail.map((c) => c.name).join(', ');
  if (!withEmail.length) return refuse(withoutEmail.length ? 'plan-sign-link.relaunch.no_email_only' : 'plan-sign-link.relaunch.nobody', { companies: missing });
  await req.ctx.db.transaction(async (m) => {
    await queueSignLinks(m, plan.tenantId, plan.id, { userId: user.id });
    await recordHistory(m, {
      tenantId: plan.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: plan.id, transition: 'sign_links_relaunch',
      comment: withEmail.map((c) => c.name).join(', ').slice(0, 2000), userId: user.id,
    });
  });
  if (withoutEmail.length) addFlash(req, 'warning', 'plan-sign-link.relaunch.no_email', { companies: missing });
  const url = planTabUrl(req, plan.id, 'signatures');
  if (isFragmentRequest(req) || wantsJson(req)) return saved(req, res, 'plan-sign-link.flash.relaunched', {}, url);
  addFlash(req, 'success', 'plan-sign-link.flash.relaunched');
  res.redirect(303, url);
}
