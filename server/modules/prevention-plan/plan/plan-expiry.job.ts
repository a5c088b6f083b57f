import { EXPIRY_JOB, expiry } from '../../signing/expiry.job';
import { PLAN_SIGNING } from '../core/plan-signing';
import { planWorkflow } from '../core/prevention-plan.workflow';

export { nextExpiryRun, scheduleExpiry as schedulePlanExpiry } from '../../signing/expiry.job';

/** The daily job closing plans (and the other signed documents) whose end date has passed. */
export const PLAN_EXPIRY_JOB = EXPIRY_JOB;

/** The plans the daily job closes after their end date (with the job's handler), for the plan part's contributions. */
export const PLAN_EXPIRY = expiry(planWorkflow, PLAN_SIGNING);
