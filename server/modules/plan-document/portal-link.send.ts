import type { Request, Response } from 'express';
import { HttpError } from '../../kernel/http/errors';
import { addFlash } from '../../kernel/http/flash';
import { isFragmentRequest, wantsJson } from '../../kernel/http/render';
import { displayName } from '../../kernel/rights/auth-user';
import { planTabUrl, requirePlan, type PlanRef } from '../prevention-plan';
import type { DocumentTypeRow } from './document-type.service';
import { routeId, saved, tenantOf } from './plan-document.access';
import { sendAskMail } from './plan-document.mail';
import { loadPlanOwners, type PlanCompanyRef } from './plan-document.owners';
import { issuePortalLink, recordPortalLinkSent, revokePortalLink } from './portal-link.service';

/**
 * Makes the company's portal link (revoking its previous one) and mails it to its manager, with
 * the type asked if any (« Demander un document ») or alone (« Lien de dépôt »).
 */
export async function mailPortalLink(req: Request, plan: PlanRef, company: PlanCompanyRef, type: DocumentTypeRow | null, message: string): Promise<void> {
  const user = req.authUser!;
  const link = await issuePortalLink(req.ctx.db, { tenantId: plan.tenantId, planId: plan.id, planCompanyId: company.id, email: company.email!, userId: user.id, askedTypeId: type?.id ?? null });
  const routes = req.ctx.routes;
  const hasBlank = !!type && (type.blankFileId !== null || type.editableModel);
  await sendAskMail({
    to: company.email!, locale: company.locale ?? user.locale, planNumber: plan.pdpNumber, planSubject: plan.subject, companyName: company.name,
    managerName: company.managerName, typeLabel: type?.label ?? null, message, senderName: displayName(user),
    portalPath: routes.path('pdp_document_portal', { token: link.token }), expiresAt: link.expiresAt,
    blankPath: hasBlank ? routes.path('pdp_document_portal_blank', { token: link.token, typeId: type!.id }) : null,
  });
}

/** The outside company `{companyId}` of the plan `{id}` the user manages the documents of (404 otherwise: EU, another plan, another tenant). */
async function outsideCompany(req: Request): Promise<{ plan: PlanRef; company: PlanCompanyRef }> {
  const plan = await requirePlan(req, routeId(req), 'documents');
  const owners = await loadPlanOwners(req.ctx.db, tenantOf(req), plan.id);
  const company = owners.companies.find((c) => c.id === routeId(req, 'companyId') && c.kind !== 'EU');
  if (!company) throw new HttpError(404, 'errors.not_found.title');
  return { plan, company };
}

function refuse(req: Request, res: Response, key: string, params: Record<string, unknown>, redirect: string): void {
  if (isFragmentRequest(req) || wantsJson(req)) return void res.status(422).json({ message: req.t(key, params) });
  addFlash(req, 'warning', key, params);
  res.redirect(303, redirect);
}

/**
 * `POST /prevention-plan/{id}/documents/portal/{companyId}/send` (pdp_document_portal_send,
 * `pdp.documents` and the plan's `documents` ability): mails the company a new portal link (the
 * previous one stops working), history row `document_link`.
 */
export async function portalSend(req: Request, res: Response): Promise<void> {
  const { plan, company } = await outsideCompany(req);
  const back = planTabUrl(req, plan.id, 'documents');
  if (!company.email) return refuse(req, res, 'plan-document.validation.no_email', {}, back);
  await mailPortalLink(req, plan, company, null, '');
  await recordPortalLinkSent(req.ctx.db, plan.tenantId, plan.id, req.authUser!.id, `${company.name} (${company.email})`);
  saved(req, res, 'plan-document.flash.link_sent', { company: company.name, email: company.email }, back);
}

/**
 * `POST /prevention-plan/{id}/documents/portal/{companyId}/revoke` (pdp_document_portal_revoke,
 * same rights): the company's link stops working at once, history row `document_link_revoke`.
 */
export async function portalRevoke(req: Request, res: Response): Promise<void> {
  const { plan, company } = await outsideCompany(req);
  const back = planTabUrl(req, plan.id, 'documents');
  if (!(await revokePortalLink(req.ctx.db, plan.tenantId, plan.id, company.id, req.authUser!.id, company.name))) {
    return refuse(req, res, 'plan-document.portal.no_link', { company: company.name }, back);
  }
  saved(req, res, 'plan-document.flash.link_revoked', { company: company.name }, back);
}
