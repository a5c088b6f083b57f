import { SIGNING_STATES, signingWorkflow, type SigningWorkflowSubject } from '../../signing/signing-workflow';
import { loadPlanRef } from './plan-access';
import { runPlanChecks } from './plan-checks';
import { PLAN_SIGNING } from './plan-signing';

/** The plan states (seed 002 section 4). */
export const PLAN_STATES = SIGNING_STATES;

/** A plan row as guards read it (the shared signing subject). */
export type PlanWorkflowSubject = SigningWorkflowSubject;

/** Why a plan transition is refused: translation keys (the plan's own wording where it differs), read in the user's language. */
export const PLAN_WORKFLOW_MESSAGES = {
  incomplete: 'prevention-plan.refusal.incomplete',
  documents: 'signing.refusal.documents',
  companiesMissing: 'signing.refusal.companies_missing',
  signedFile: 'prevention-plan.refusal.signed_file',
  externalFile: 'prevention-plan.refusal.external_file',
} as const;

/**
 * The signing workflow of a prevention plan: the shared graph (server/modules/signing, see
 * docs/prevention-plan-signing.md and the generated docs/workflows.md) with the on-site path,
 * completeness from every registered plan check (plan-checks.ts).
 */
export const planWorkflow = signingWorkflow({
  name: 'prevention_plan',
  subject: PLAN_SIGNING,
  onSite: true,
  problems: async (manager, tenantId, id) => {
    const ref = await loadPlanRef(manager, tenantId, id);
    return ref ? runPlanChecks(manager, ref) : [];
  },
  stateLabels: 'prevention-plan.status',
  transitionLabels: 'prevention-plan.transitions',
  messages: PLAN_WORKFLOW_MESSAGES,
});
