import { registerSigningListeners } from '../signing/signing-listeners';
import { PLAN_SIGNING } from './plan-signing';
import { planWorkflow } from './prevention-plan.workflow';

registerSigningListeners(planWorkflow, PLAN_SIGNING);
