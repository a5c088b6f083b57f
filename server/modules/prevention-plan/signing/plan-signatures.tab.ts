import type { Request } from 'express';
import { renderView } from '../../../kernel/http/render';
import type { PlanRef } from '../core/plan-ref';
import type { PlanTab } from '../core/plan-tabs';
import { mayCompanySign, mayStaffSign, signingRights } from './plan-signatures.access';
import { companyLinkStatuses } from '../core/plan-sign-link.service';
import { planSigners } from './plan-signatures.service';

/** HTML of the signatures tab: every signer of the current round, the paper document, earlier signatures. */
export async function renderSignaturesTab(req: Request, plan: PlanRef): Promise<string> {
  const routes = req.ctx.routes;
  const rights = await signingRights(req, plan);
  const signers = await planSigners(req.ctx.db, plan);
  const links = await companyLinkStatuses(req.ctx.db, plan.tenantId, plan.id);
  const companyRows = signers.companies.map((c) => ({
    ...c, linkStatus: links.get(c.id) ?? null, signUrl: !c.signature && mayCompanySign(plan, rights, c.contactUserId) ? routes.path('pdp_company_sign', { id: plan.id, company: c.id }) : null,
  }));
  const staffRows = signers.staff.map((s) => ({
    ...s, signUrl: !s.signature && mayStaffSign(plan, rights, s.userId) ? routes.path(s.external ? 'pdp_external_staff_sign' : 'pdp_staff_sign', { id: s.id }) : null,
  }));
  const waitingManual = plan.status === 'waiting_manual';
  return renderView(req.res!, 'prevention-plan/signing/_tab', {
    plan, signers, companyRows, staffRows,
    canEdit: rights.granted,
    pending: companyRows.filter((c) => !c.signature).length,
    siteSigning: plan.status === 'waiting_sign' && rights.granted,
    signedFile: {
      show: waitingManual || signers.signedFile != null,
      uploadUrl: waitingManual && rights.granted ? routes.path('pdp_signed_file', { id: plan.id }) : null,
      downloadUrl: routes.path('pdp_signed_file_download', { id: plan.id }),
    },
    watermark: req.t('plan-signature.watermark', { number: plan.pdpNumber }),
  });
}

/** The plan page's signatures tab (90). */
export const signaturesTab: PlanTab = {
  key: 'signatures',
  labelKey: 'prevention-plan.tabs.signatures',
  icon: 'pen',
  order: 90,
  render: renderSignaturesTab,
};
