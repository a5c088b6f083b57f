import { EXPIRY_JOB, registerExpiry } from '../../signing/expiry.job';
import { PLAN_SIGNING } from '../core/plan-signing';
import { planWorkflow } from '../core/prevention-plan.workflow';

export { nextExpiryRun, scheduleExpiry as schedulePlanExpiry } from '../../signing/expiry.job';

/** The daily job closing plans (and the other signed documents) whose end date has passed. */
export const PLAN_EXPIRY_JOB = EXPIRY_JOB;

registerExpiry(planWorkflow, PLAN_SIGNING);
