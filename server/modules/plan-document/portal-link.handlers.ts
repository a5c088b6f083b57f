import type { Request, Response } from 'express';
import { csrfToken } from '../../kernel/http/csrf';
import { renderView } from '../../kernel/http/render';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, translator } from '../../kernel/i18n/i18n';
import { publicLinkMiss, publicLinkWait } from '../../kernel/public-link';
import { StoredFile, sendStoredFile } from '../../kernel/storage';
import { documentLinkStatuses } from '../signing/sign-link.service';
import { checkDates } from './plan-document.schema';
import { loadPlanDocuments } from './plan-document.requirements';
import { addDocument, findDocumentFile } from './plan-document.service';
import { promoteAll, storage, uploadError } from './plan-document.uploads';
import { portalItems, type PortalItem } from './portal-link.items';
import { findPortalLink, portalState, touchPortalLink, type PortalState, type PortalVisit } from './portal-link.service';

/** Throttle scope of the portal's tokens (kernel `public-link`). */
const THROTTLE_SCOPE = 'pdp-documents';

const REFUSALS: Record<Exclude<PortalState, 'valid'>, number> = { unknown: 404, revoked: 410, expired: 410 };

const tokenOf = (req: Request): string => String(req.routeParams.token ?? '');

/**
 * The page's language: `?lang=` when the visitor chose one (kept in the page's links and form),
 * else the language of the company's CRM contact, else French — never the browser's, the page
 * speaks to one known company.
 */
function useLocale(req: Request, res: Response, contactLocale: string | null): string {
  const asked = String(req.query.lang ?? '');
  const locale = (SUPPORTED_LOCALES as readonly string[]).includes(asked) ? asked
    : contactLocale && (SUPPORTED_LOCALES as readonly string[]).includes(contactLocale) ? contactLocale : DEFAULT_LOCALE;
  req.locale = locale as typeof req.locale;
  req.t = translator(locale);
  res.locals.t = req.t;
  res.locals.locale = locale;
  return locale;
}

/** Renders a page of the portal in the signing pages' layout (no menu, made for a phone). */
async function renderPortal(req: Request, res: Response, view: string, locals: Record<string, unknown>, status = 200): Promise<void> {
  csrfToken(req);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  const body = await renderView(res, `plan-document/portal/${view}`, locals);
  const html = await renderView(res, 'plan-sign-link/layout', { ...locals, body });
  res.status(status).type('html').send(html);
}

/**
 * The visit of `{token}` when usable, else answers the refusal page itself and returns null:
 * 429 while the address has tried too many unknown tokens, 404 for an unknown one (counted),
 * 410 for a revoked or expired one.
 */
async function usableVisit(req: Request, res: Response): Promise<PortalVisit | null> {
  const db = req.ctx.db;
  const ip = req.ip ?? '';
  const wait = await publicLinkWait(db, THROTTLE_SCOPE, ip);
  if (wait) {
    useLocale(req, res, null);
    res.setHeader('Retry-After', String(wait * 60));
    await renderPortal(req, res, 'gone', { title: req.t('plan-document.portal.gone.title'), message: req.t('plan-document.portal.gone.throttled', { count: wait }), visit: null }, 429);
    return null;
  }
  const visit = await findPortalLink(db, tokenOf(req));
  const state = await portalState(db, visit);
  if (state === 'valid') return visit;
  if (!visit) await publicLinkMiss(db, THROTTLE_SCOPE, ip);
  useLocale(req, res, null);
  await renderPortal(req, res, 'gone', {
    title: req.t('plan-document.portal.gone.title'), message: req.t(`plan-document.portal.gone.${state}`),
    // Only a link that existed says which plan it was about.
    visit: state === 'unknown' ? null : visit,
  }, REFUSALS[state as Exclude<PortalState, 'valid'>]);
  return null;
}

interface PageForm { errors?: Record<string, string>; values?: Record<string, string>; message?: string | null }

async function renderPortalPage(req: Request, res: Response, visit: PortalVisit, form: PageForm = {}, status = 200): Promise<void> {
  const db = req.ctx.db;
  const view = await loadPlanDocuments(db, visit.tenantId, visit.planId);
  const company = view.owners.companies.find((c) => c.id === visit.planCompanyId);
  const locale = useLocale(req, res, company?.locale ?? null);
  const items = portalItems(view, visit.planCompanyId, visit.askedTypeIds);
  const signLink = (await documentLinkStatuses(db, 'prevention_plan', visit.tenantId, visit.planId)).get(visit.planCompanyId) ?? null;
  const token = tokenOf(req);
  const lang = `?lang=${locale}`;
  const receivedKey = String(req.query.received ?? '');
  await renderPortal(req, res, 'page', {
    title: req.t('plan-document.portal.title', { number: visit.planNumber }), visit, items, locale, locales: SUPPORTED_LOCALES,
    action: `${req.ctx.routes.path('pdp_document_portal_upload', { token })}${lang}`,
    pageUrl: req.ctx.routes.path('pdp_document_portal', { token }),
    blankUrl: (typeId: number) => `${req.ctx.routes.path('pdp_document_portal_blank', { token, typeId })}`,
    hasBlank: (i: PortalItem) => i.type.blankFileId !== null || (i.type.editableModel && view.models.has(i.type.id)),
    received: items.find((i) => i.key === receivedKey) ?? null,
    toSign: items.filter((i) => i.type.toSign),
    signLink, planWaitsForSignatures: visit.planStatus === 'waiting_tiers',
    errors: form.errors ?? {}, values: form.values ?? {}, message: form.message ?? null,
  }, status);
}

/** `GET /documents/upload/{token}` (pdp_document_portal, public): the company's documents for the plan, and the upload forms. */
export async function portalPage(req: Request, res: Response): Promise<void> {
  const visit = await usableVisit(req, res);
  if (!visit) return;
  await touchPortalLink(req.ctx.db, visit.id);
  await renderPortalPage(req, res, visit);
}

/**
 * `POST /documents/upload/{token}` (pdp_document_portal_upload, public, CSRF of the visitor's
 * session like the login form, the token field before the files): one document of the list, as a
 * new version owned by the company or its staff member, marked as given through this link. A
 * refused file, an unknown item or a bad date shows the page again (422) with the French message.
 */
export async function portalUpload(req: Request, res: Response): Promise<void> {
  const visit = await usableVisit(req, res);
  if (!visit) return;
  const fields = (req.body?.portal ?? {}) as Record<string, unknown>;
  const itemKey = typeof fields.item === 'string' ? fields.item : '';
  const values = { item: itemKey, expiresOn: typeof fields.expiresOn === 'string' ? fields.expiresOn : '' };
  const view = await loadPlanDocuments(req.ctx.db, visit.tenantId, visit.planId);
  const item = portalItems(view, visit.planCompanyId, visit.askedTypeIds).find((i) => i.key === itemKey);
  const dates = checkDates({ expiresOn: values.expiresOn });
  const refusal = uploadError(req);
  const uploads = req.uploads ?? [];
  const errors: Record<string, string> = {};
  if (!item) errors.item = 'validation.selection';
  if (dates.errors.expiresOn) errors.expiresOn = dates.errors.expiresOn as string;
  if (!refusal && !uploads.length) errors.files = 'plan-document.validation.file_required';
  if (!item || refusal || Object.keys(errors).length) {
    const company = view.owners.companies.find((c) => c.id === visit.planCompanyId);
    useLocale(req, res, company?.locale ?? null);
    return renderPortalPage(req, res, visit, { errors, values, message: refusal ?? req.t('plan-document.portal.form_error') }, 422);
  }
  const added = await addDocument(req.ctx.db, visit.tenantId, null, {
    planId: visit.planId, ownerKind: item.ownerKind as 'plan_company' | 'plan_staff', ownerId: item.ownerId, documentTypeId: item.type.id,
    validFrom: null, expiresOn: dates.expiresOn, comment: '', portalLinkId: visit.id,
  }, uploads);
  await promoteAll(added.promote);
  await touchPortalLink(req.ctx.db, visit.id);
  const lang = typeof req.query.lang === 'string' ? `lang=${encodeURIComponent(req.query.lang)}&` : '';
  res.redirect(303, `${req.ctx.routes.path('pdp_document_portal', { token: tokenOf(req) })}?${lang}received=${encodeURIComponent(item.key)}`);
}

/**
 * `GET /documents/upload/{token}/blank/{typeId}` (pdp_document_portal_blank, public): the blank
 * file (or the plan's own model) of a type the portal asks this company for — a form to fill in,
 * never a document someone gave. Any other type: 404.
 */
export async function portalBlank(req: Request, res: Response): Promise<void> {
  const visit = await usableVisit(req, res);
  if (!visit) return;
  const typeId = Number(req.routeParams.typeId);
  const view = await loadPlanDocuments(req.ctx.db, visit.tenantId, visit.planId);
  const item = portalItems(view, visit.planCompanyId, visit.askedTypeIds).find((i) => i.type.id === typeId);
  const model = item?.type.editableModel ? view.models.get(typeId) : undefined;
  const fileId = model?.files[0] ? (await findDocumentFile(req.ctx.db, visit.tenantId, model.files[0].id))?.fileId : item?.type.blankFileId;
  const file = fileId ? await req.ctx.db.getRepository(StoredFile).findOneBy({ id: fileId, tenantId: visit.tenantId }) : null;
  if (!file) {
    useLocale(req, res, null);
    return renderPortal(req, res, 'gone', { title: req.t('plan-document.portal.gone.title'), message: req.t('plan-document.portal.gone.no_blank'), visit }, 404);
  }
  await sendStoredFile(res, storage, file);
}
