import { SIGNING_STATES, signingWorkflow, type SigningWorkflowSubject } from '../signing/signing-workflow';
import { loadPlanRef } from './plan-access';
import { runPlanChecks } from './plan-checks';
import { PLAN_SIGNING } from './plan-signing';

/** The plan states (seed 002 section 4). */
export const PLAN_STATES = SIGNING_STATES;

/** A plan row as guards read it (the shared signing subject). */
export type PlanWorkflowSubject = SigningWorkflowSubject;

/** Why a plan transition is refused (French, shown as is). */
export const PLAN_WORKFLOW_MESSAGES = {
  incomplete: 'Le plan de prévention est incomplet : corrigez les points signalés dans « À compléter » avant de l\'envoyer.',
  documents: 'Des documents obligatoires manquent ou ne sont plus valides : complétez l\'onglet Documents avant la mise en application.',
  companiesMissing: 'Toutes les entreprises extérieures n\'ont pas encore signé.',
  signedFile: 'Déposez d\'abord le plan signé à la main (onglet Signatures).',
  externalFile: 'Déposez d\'abord le plan rédigé hors de l\'application (fichier externe).',
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
