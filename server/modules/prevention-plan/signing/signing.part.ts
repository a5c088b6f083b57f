import type { RouteDef } from '../../../kernel/http/route-table';
import { contribute } from '../../../kernel/extension';
import type { PlanPart } from '../plan-part';
import { planHistoryLabels } from '../core/plan-history-labels';
import { planPageTabs } from '../core/plan-tabs';
import { SIGNATURE_HISTORY_LABELS } from './plan-signatures.service';
import { seedPlanSignaturesDemo } from './plan-signature.demo';
import { companySign, externalStaffSign, signedFile, signedFileDownload, signedFileUpload, staffMemberSign } from './plan-signatures.handlers';
// Registers the signatures tab of the plan at boot.
import { signaturesTab } from './plan-signatures.tab';

const T = 'module_prevention_plan';
const V = 'pdp.view';

/**
 * Named routes of the plan's signatures tab (spread into the prevention-plan module): on-site
 * signatures of the outside companies and of the staff, and the plan signed on paper. Who may
 * is decided by plan-signatures.access.ts (granted / addGranted) after `resolvePlan`.
 */
const PLAN_SIGNATURE_ROUTES: RouteDef[] = [
  { name: 'pdp_company_sign', method: ['GET', 'POST'], path: '/prevention-plan/{id}/companies/{company}/sign', requirements: { company: '\\d+' }, right: V, toggle: T, handler: companySign },
  { name: 'pdp_staff_sign', method: ['GET', 'POST'], path: '/prevention-plan/staff/{id}/sign', right: V, toggle: T, handler: staffMemberSign },
  { name: 'pdp_external_staff_sign', method: ['GET', 'POST'], path: '/prevention-plan/external-staff/{id}/sign', right: V, toggle: T, handler: externalStaffSign },
  { name: 'pdp_signed_file', method: ['GET', 'POST'], path: '/prevention-plan/{id}/signed-file', right: V, toggle: T, handler: signedFile, bodyParsers: [signedFileUpload] },
  { name: 'pdp_signed_file_download', method: 'GET', path: '/prevention-plan/{id}/signed-file/download', right: V, toggle: T, handler: signedFileDownload },
];

/** Signatures in the application (their demo signatures come after the demo companies). */
export const signingPart: PlanPart = {
  routes: PLAN_SIGNATURE_ROUTES,
  demo: seedPlanSignaturesDemo,
  contributes: [contribute(planPageTabs, signaturesTab), contribute(planHistoryLabels, SIGNATURE_HISTORY_LABELS)],
};
