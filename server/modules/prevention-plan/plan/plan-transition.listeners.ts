import { signingListeners } from '../../signing/signing-listeners';
import { PLAN_SIGNING } from '../core/plan-signing';
import { planWorkflow } from '../core/prevention-plan.workflow';

/** The signatures given with the plan's transitions (company `sign`, internal `send_tiers_amend`, `validate`, `site_sign`), kept by the signing core. */
export const planSignatureListeners = signingListeners(planWorkflow, PLAN_SIGNING);
