import { registerSigningListeners } from '../../signing/signing-listeners';
import { PLAN_SIGNING } from '../core/plan-signing';
import { planWorkflow } from '../core/prevention-plan.workflow';

registerSigningListeners(planWorkflow, PLAN_SIGNING);
