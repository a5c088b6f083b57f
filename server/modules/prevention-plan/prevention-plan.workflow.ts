import type { EntityManager } from 'typeorm';
import { rowsOf } from '../../kernel/db/sql';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { isSystemActor } from '../../kernel/rights/system-actor';
import { defineWorkflow, WORKFLOW_MESSAGES, type Guard, type WorkflowSubject } from '../../kernel/workflow';
import { loadPlanRef } from './plan-access';
import { runPlanChecks, type PlanProblem } from './plan-checks';
import { signatureStatus, type SignatureStatus } from './plan-signers.service';

/** The plan states (seed 002 section 4). */
export const PLAN_STATES = ['draft', 'waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired'] as const;

/** States in which the plan waits for signatures or a validation. */
export const WAITING_STATES = ['waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal'];

/** A plan row as guards read it: the row plus the facts {@link enrichPlanSubject} adds. */
export interface PlanWorkflowSubject extends WorkflowSubject {
  id: number;
  tenantId: number;
  status: string;
  createdById: number | null;
  orderingCustomerId: number | null;
  amendmentNumber: number;
  externalFileId: number | null;
  signedFileId: number | null;
  isMmModel: boolean;
  substituteIds?: number[];
  problems?: PlanProblem[];
  signatures?: SignatureStatus;
}

/** Why a transition is refused (French, shown as is). */
export const PLAN_WORKFLOW_MESSAGES = {
  incomplete: 'Le plan de prévention est incomplet : corrigez les points signalés dans « À compléter » avant de l\'envoyer.',
  documents: 'Des documents obligatoires manquent ou ne sont plus valides : complétez l\'onglet Documents avant la mise en application.',
  companiesMissing: 'Toutes les entreprises extérieures n\'ont pas encore signé.',
  signedFile: 'Déposez d\'abord le plan signé à la main (onglet Signatures).',
  externalFile: 'Déposez d\'abord le plan rédigé hors de l\'application (fichier externe).',
} as const;

const ids = (s: PlanWorkflowSubject) => s.substituteIds ?? [];
const same = (a: unknown, b: number) => a != null && Number(a) === b;

/** Creator, ordering customer or substitute holding pdp.edit, or a holder of pdp.manage (the plan's edit rule). */
export function isPlanEditor(user: AuthUser, s: PlanWorkflowSubject): boolean {
  if (isSystemActor(user) || can(user, 'pdp.manage')) return true;
  return can(user, 'pdp.edit') && (same(s.createdById, user.id) || same(s.orderingCustomerId, user.id) || ids(s).includes(user.id));
}

/** The ordering customer (always), his substitutes and holders of pdp.sign sign and put into operation. */
export function isInternalSigner(user: AuthUser, s: PlanWorkflowSubject): boolean {
  return isSystemActor(user) || same(s.orderingCustomerId, user.id) || ids(s).includes(user.id) || can(user, 'pdp.sign');
}

/** The contact (with an account) of a required company that has not signed this round. */
export function isPendingCompanySigner(user: AuthUser, s: PlanWorkflowSubject): boolean {
  return (s.signatures?.companies ?? []).some((c) => !c.signature && c.contactUserId === user.id);
}

// Guards: named functions, so docs/workflows.md says which rule applies.
const editor: Guard<PlanWorkflowSubject> = function editor(s, ctx) { return isPlanEditor(ctx.user, s) ? null : WORKFLOW_MESSAGES.forbidden; };
const internalSigner: Guard<PlanWorkflowSubject> = function internalSigner(s, ctx) { return isInternalSigner(ctx.user, s) ? null : WORKFLOW_MESSAGES.forbidden; };
const pendingCompanySigner: Guard<PlanWorkflowSubject> = function pendingCompanySigner(s, ctx) { return isPendingCompanySigner(ctx.user, s) ? null : WORKFLOW_MESSAGES.forbidden; };
const refuser: Guard<PlanWorkflowSubject> = function refuser(s, ctx) {
  const ok = s.status === 'waiting_tiers' ? isPendingCompanySigner(ctx.user, s) || isInternalSigner(ctx.user, s) : isInternalSigner(ctx.user, s);
  return ok ? null : WORKFLOW_MESSAGES.forbidden;
};
const closer: Guard<PlanWorkflowSubject> = function closer(s, ctx) {
  return isSystemActor(ctx.user) || can(ctx.user, 'pdp.manage') || same(s.orderingCustomerId, ctx.user.id) ? null : WORKFLOW_MESSAGES.forbidden;
};
const firstRound: Guard<PlanWorkflowSubject> = function firstRound(s) { return Number(s.amendmentNumber) === 0 ? null : WORKFLOW_MESSAGES.forbidden; };
const amendmentRound: Guard<PlanWorkflowSubject> = function amendmentRound(s) { return Number(s.amendmentNumber) > 0 ? null : WORKFLOW_MESSAGES.forbidden; };
const externalModel: Guard<PlanWorkflowSubject> = function externalModel(s) { return s.isMmModel || s.externalFileId != null ? null : WORKFLOW_MESSAGES.forbidden; };

// Preconditions: the button stays, the refusal says what to do.
const complete: Guard<PlanWorkflowSubject> = function complete(s) {
  return (s.problems ?? []).some((p) => p.severity === 'error') ? PLAN_WORKFLOW_MESSAGES.incomplete : null;
};
const documentsValid: Guard<PlanWorkflowSubject> = function documentsValid(s) {
  return (s.problems ?? []).some((p) => p.key.startsWith('plan-document.check.')) ? PLAN_WORKFLOW_MESSAGES.documents : null;
};
const allCompaniesSigned: Guard<PlanWorkflowSubject> = function allCompaniesSigned(s) {
  return s.signatures?.allCompaniesSigned ? null : PLAN_WORKFLOW_MESSAGES.companiesMissing;
};
const signedFile: Guard<PlanWorkflowSubject> = function signedFile(s) { return s.signedFileId != null ? null : PLAN_WORKFLOW_MESSAGES.signedFile; };
const externalFile: Guard<PlanWorkflowSubject> = function externalFile(s) { return s.externalFileId != null ? null : PLAN_WORKFLOW_MESSAGES.externalFile; };

/** Adds the plan's substitutes, completeness problems and signatures to the locked row. */
export async function enrichPlanSubject(subject: WorkflowSubject, manager: EntityManager): Promise<void> {
  const s = subject as PlanWorkflowSubject;
  const tenantId = Number(s.tenantId);
  const planId = Number(s.id);
  s.substituteIds = rowsOf<{ id: number }>(await manager.query('SELECT user_id AS id FROM plan_substitute WHERE plan_id = $1 AND tenant_id = $2', [planId, tenantId])).map((r) => Number(r.id));
  const ref = await loadPlanRef(manager, tenantId, planId);
  s.problems = ref ? await runPlanChecks(manager, ref) : [];
  s.signatures = await signatureStatus(manager, tenantId, planId);
}

const label = (name: string) => `prevention-plan.transitions.${name}`;

/**
 * The signing workflow of a prevention plan (seed 002 section 4; the pairs are ours, see
 * docs/prevention-plan-signing.md and the generated docs/workflows.md):
 * - paper: draft → send_manual → waiting_manual → validate_manual (scanned signed plan) → in_operation;
 * - external model: draft → validate_external_file → in_operation;
 * - on site: draft → send_on_site → waiting_sign; companies sign on the device; site_sign (the
 *   internal signer signs last) → in_operation;
 * - outside companies then internal validation: draft → send_tiers (send_tiers_amend after an
 *   amendment, signed by the internal signer) → waiting_tiers; each company signs (`sign`, in the
 *   application or from its e-mailed link); the last signature moves it (send_internal) to
 *   waiting_internal; validate (signed) → in_operation;
 * - back: update (to draft), refuse (comment required), close (in_operation → expired, also by the
 *   expiry job when the end date has passed).
 */
export const planWorkflow = defineWorkflow<PlanWorkflowSubject>({
  name: 'prevention_plan',
  property: 'status',
  initial: 'draft',
  places: [...PLAN_STATES],
  labels: Object.fromEntries(PLAN_STATES.map((s) => [s, `prevention-plan.status.${s}`])),
  subjectTable: 'prevention_plan',
  subjectType: 'prevention_plan',
  enrich: enrichPlanSubject,
  transitions: {
    send_tiers: { from: ['draft'], to: 'waiting_tiers', guards: [editor, firstRound], preconditions: [complete], comment: 'optional', style: 'primary', label: label('send_tiers'), confirm: 'prevention-plan.transitions.confirm_send_tiers' },
    send_tiers_amend: { from: ['draft'], to: 'waiting_tiers', guards: [internalSigner, amendmentRound], preconditions: [complete], comment: 'optional', signature: true, style: 'primary', label: label('send_tiers_amend') },
    send_on_site: { from: ['draft'], to: 'waiting_sign', guards: [editor], preconditions: [complete], style: 'outline-primary', label: label('send_on_site') },
    send_manual: { from: ['draft'], to: 'waiting_manual', guards: [editor], preconditions: [complete], style: 'outline-primary', label: label('send_manual') },
    validate_external_file: { from: ['draft'], to: 'in_operation', guards: [internalSigner, externalModel], preconditions: [externalFile, documentsValid], comment: 'optional', style: 'outline-success', label: label('validate_external_file') },
    sign: { from: ['waiting_tiers'], to: 'waiting_tiers', guards: [pendingCompanySigner], signature: true, style: 'success', label: label('sign') },
    send_internal: { from: ['waiting_tiers'], to: 'waiting_internal', guards: [editor, allCompaniesSigned], style: 'primary', label: label('send_internal') },
    site_sign: { from: ['waiting_sign'], to: 'in_operation', guards: [internalSigner], preconditions: [allCompaniesSigned, documentsValid], signature: true, style: 'success', label: label('site_sign') },
    validate: { from: ['waiting_internal'], to: 'in_operation', guards: [internalSigner], preconditions: [documentsValid], signature: true, comment: 'optional', style: 'success', label: label('validate') },
    validate_manual: { from: ['waiting_manual'], to: 'in_operation', guards: [internalSigner], preconditions: [signedFile, documentsValid], style: 'success', label: label('validate_manual') },
    refuse: { from: ['waiting_tiers', 'waiting_internal'], to: 'draft', guards: [refuser], comment: 'required', style: 'outline-danger', label: label('refuse') },
    update: { from: ['waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal'], to: 'draft', guards: [editor], comment: 'optional', style: 'outline-secondary', label: label('update'), confirm: 'prevention-plan.transitions.confirm_update' },
    close: { from: ['in_operation'], to: 'expired', guards: [closer], comment: 'optional', style: 'outline-danger', label: label('close'), confirm: 'prevention-plan.transitions.confirm_close' },
  },
});
