import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../kernel/rights/auth-user';
import { can } from '../../kernel/rights/registry';
import { isSystemActor } from '../../kernel/rights/system-actor';
import { defineWorkflow, WORKFLOW_MESSAGES, type Guard, type TransitionSpec, type Workflow, type WorkflowSubject } from '../../kernel/workflow';
import { signatureStatus, substituteIds, type SignatureStatus } from './signers.service';
import type { SigningSubject } from './signing-subject';

/** The states of a signed safety document (seed 002 section 4). */
export const SIGNING_STATES = ['draft', 'waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal', 'in_operation', 'expired'] as const;

/** A problem of the document's completeness panel: errors block sending, some warnings block putting into operation. */
export interface SigningProblem {
  severity: 'error' | 'warning';
  key: string;
  params?: Record<string, unknown>;
  tab?: string;
}

/** A document row as guards read it: the row plus what `enrich` adds. */
export interface SigningWorkflowSubject extends WorkflowSubject {
  id: number;
  tenantId: number;
  status: string;
  createdById: number | null;
  amendmentNumber: number;
  externalFileId?: number | null;
  signedFileId?: number | null;
  isMmModel?: boolean;
  /** The internal signer (ordering customer, responsible, correspondent), read from `internalSignerColumn`. */
  internalSignerId?: number | null;
  substituteIds?: number[];
  problems?: SigningProblem[];
  signatures?: SignatureStatus;
}

/** Why a transition is refused: translation keys, translated in the user's language by the reply. */
export const SIGNING_MESSAGES = {
  incomplete: 'signing.refusal.incomplete',
  documents: 'signing.refusal.documents',
  companiesMissing: 'signing.refusal.companies_missing',
  signedFile: 'signing.refusal.signed_file',
  externalFile: 'signing.refusal.external_file',
} as const;

/** How a module's workflow is made from the shared signing graph. */
export interface SigningWorkflowOptions {
  /** Workflow name (history `workflow`): `prevention_plan`, `security_protocol`, `ppsps`. */
  name: string;
  subject: SigningSubject;
  /** With the on-site path (send_on_site, waiting_sign, site_sign): prevention plans only. */
  onSite: boolean;
  /** The completeness problems of a document (errors block sending). */
  problems: (manager: EntityManager, tenantId: number, id: number) => Promise<SigningProblem[]>;
  /** Translation key prefixes of states and buttons. */
  stateLabels: string;
  transitionLabels: string;
  /** Refusal texts, when a module words them for its documents. */
  messages?: Partial<Record<keyof typeof SIGNING_MESSAGES, string>>;
}

const same = (a: unknown, b: number) => a != null && Number(a) === b;

/** The step a completeness problem blocks: sending for signature (an error), putting into operation (a mandatory document). */
export type BlockedStep = 'sending' | 'operation';

/**
 * Which step `problem` blocks, or null for a mere warning: the one rule the `complete` and
 * `documentsValid` preconditions apply and the document's page shows beside each problem.
 */
export function problemBlocks(problem: SigningProblem): BlockedStep | null {
  if (problem.severity === 'error') return 'sending';
  return blocksOperation(problem) ? 'operation' : null;
}

/** A mandatory document missing or expired (plan-document's checks): putting into operation waits for it. */
export function blocksOperation(problem: SigningProblem): boolean {
  return problem.key.startsWith('plan-document.check.');
}

/**
 * Who edits the document: the module's own rule when it gives one ({@link SigningSubject.mayEdit},
 * the plan's policy for plans); otherwise a creator, internal signer or substitute holding
 * `<prefix>.edit`, or a holder of `<prefix>.manage`.
 */
export function isEditor(subject: SigningSubject, user: AuthUser, s: SigningWorkflowSubject): boolean {
  if (isSystemActor(user)) return true;
  if (subject.mayEdit) return subject.mayEdit(user, s);
  const prefix = subject.rightPrefix;
  if (can(user, `${prefix}.manage`)) return true;
  return can(user, `${prefix}.edit`) && (same(s.createdById, user.id) || same(s.internalSignerId, user.id) || (s.substituteIds ?? []).includes(user.id));
}

/** The internal signer (always), his substitutes and holders of `<prefix>.sign` sign and put into operation. */
export function isInternalSigner(prefix: string, user: AuthUser, s: SigningWorkflowSubject): boolean {
  return isSystemActor(user) || same(s.internalSignerId, user.id) || (s.substituteIds ?? []).includes(user.id) || can(user, `${prefix}.sign`);
}

/** The contact (with an account) of a required company that has not signed this round. */
export function isPendingCompanySigner(user: AuthUser, s: SigningWorkflowSubject): boolean {
  return (s.signatures?.companies ?? []).some((c) => !c.signature && c.contactUserId === user.id);
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The signing workflow of a safety document (docs/prevention-plan-signing.md): the paper,
 * external-file, outside-companies-then-internal paths, and the on-site path for plans. The
 * modules give their tables (SigningSubject) and completeness rules; the graph is the same.
 */
export function signingWorkflow(o: SigningWorkflowOptions): Workflow<SigningWorkflowSubject> {
  const msg = { ...SIGNING_MESSAGES, ...o.messages };
  const prefix = o.subject.rightPrefix;
  // Guards: named functions, so docs/workflows.md says which rule applies.
  const editor: Guard<SigningWorkflowSubject> = function editor(s, ctx) { return isEditor(o.subject, ctx.user, s) ? null : WORKFLOW_MESSAGES.forbidden; };
  const internalSigner: Guard<SigningWorkflowSubject> = function internalSigner(s, ctx) { return isInternalSigner(prefix, ctx.user, s) ? null : WORKFLOW_MESSAGES.forbidden; };
  const pendingCompanySigner: Guard<SigningWorkflowSubject> = function pendingCompanySigner(s, ctx) { return isPendingCompanySigner(ctx.user, s) ? null : WORKFLOW_MESSAGES.forbidden; };
  const refuser: Guard<SigningWorkflowSubject> = function refuser(s, ctx) {
    const ok = s.status === 'waiting_tiers' ? isPendingCompanySigner(ctx.user, s) || isInternalSigner(prefix, ctx.user, s) : isInternalSigner(prefix, ctx.user, s);
    return ok ? null : WORKFLOW_MESSAGES.forbidden;
  };
  const closer: Guard<SigningWorkflowSubject> = function closer(s, ctx) {
    return isSystemActor(ctx.user) || can(ctx.user, `${prefix}.manage`) || same(s.internalSignerId, ctx.user.id) ? null : WORKFLOW_MESSAGES.forbidden;
  };
  const firstRound: Guard<SigningWorkflowSubject> = function firstRound(s) { return Number(s.amendmentNumber) === 0 ? null : WORKFLOW_MESSAGES.forbidden; };
  const amendmentRound: Guard<SigningWorkflowSubject> = function amendmentRound(s) { return Number(s.amendmentNumber) > 0 ? null : WORKFLOW_MESSAGES.forbidden; };
  const externalModel: Guard<SigningWorkflowSubject> = function externalModel(s) { return s.isMmModel || s.externalFileId != null ? null : WORKFLOW_MESSAGES.forbidden; };
  const allCompaniesSigned: Guard<SigningWorkflowSubject> = function allCompaniesSigned(s) { return s.signatures?.allCompaniesSigned ? null : msg.companiesMissing; };
  // Preconditions: the button stays, the refusal says what to do.
  const complete: Guard<SigningWorkflowSubject> = function complete(s) { return (s.problems ?? []).some((p) => problemBlocks(p) === 'sending') ? msg.incomplete : null; };
  const documentsValid: Guard<SigningWorkflowSubject> = function documentsValid(s) {
    return (s.problems ?? []).some(blocksOperation) ? msg.documents : null;
  };
  const signedFile: Guard<SigningWorkflowSubject> = function signedFile(s) { return s.signedFileId != null ? null : msg.signedFile; };
  const externalFile: Guard<SigningWorkflowSubject> = function externalFile(s) { return s.externalFileId != null ? null : msg.externalFile; };

  const label = (t: string) => `${o.transitionLabels}.${t}`;
  const waiting = o.onSite ? ['waiting_manual', 'waiting_sign', 'waiting_tiers', 'waiting_internal'] : ['waiting_manual', 'waiting_tiers', 'waiting_internal'];
  const transitions: Record<string, TransitionSpec<SigningWorkflowSubject>> = {
    send_tiers: { from: ['draft'], to: 'waiting_tiers', guards: [editor, firstRound], preconditions: [complete], comment: 'optional', style: 'primary', label: label('send_tiers'), confirm: label('confirm_send_tiers') },
    send_tiers_amend: { from: ['draft'], to: 'waiting_tiers', guards: [internalSigner, amendmentRound], preconditions: [complete], comment: 'optional', signature: true, style: 'primary', label: label('send_tiers_amend') },
  };
  if (o.onSite) transitions.send_on_site = { from: ['draft'], to: 'waiting_sign', guards: [editor], preconditions: [complete], style: 'outline-primary', label: label('send_on_site') };
  Object.assign(transitions, {
    send_manual: { from: ['draft'], to: 'waiting_manual', guards: [editor], preconditions: [complete], style: 'outline-primary', label: label('send_manual') },
    validate_external_file: { from: ['draft'], to: 'in_operation', guards: [internalSigner, externalModel], preconditions: [externalFile, documentsValid], comment: 'optional', style: 'outline-success', label: label('validate_external_file') },
    sign: { from: ['waiting_tiers'], to: 'waiting_tiers', guards: [pendingCompanySigner], signature: true, style: 'success', label: label('sign') },
    send_internal: { from: ['waiting_tiers'], to: 'waiting_internal', guards: [editor, allCompaniesSigned], style: 'primary', label: label('send_internal') },
  } satisfies Record<string, TransitionSpec<SigningWorkflowSubject>>);
  if (o.onSite) transitions.site_sign = { from: ['waiting_sign'], to: 'in_operation', guards: [internalSigner], preconditions: [allCompaniesSigned, documentsValid], signature: true, style: 'success', label: label('site_sign') };
  Object.assign(transitions, {
    validate: { from: ['waiting_internal'], to: 'in_operation', guards: [internalSigner], preconditions: [documentsValid], signature: true, comment: 'optional', style: 'success', label: label('validate') },
    validate_manual: { from: ['waiting_manual'], to: 'in_operation', guards: [internalSigner], preconditions: [signedFile, documentsValid], style: 'success', label: label('validate_manual') },
    refuse: { from: ['waiting_tiers', 'waiting_internal'], to: 'draft', guards: [refuser], comment: 'required', style: 'outline-danger', label: label('refuse') },
    update: { from: waiting, to: 'draft', guards: [editor], comment: 'optional', style: 'outline-secondary', label: label('update'), confirm: label('confirm_update') },
    close: { from: ['in_operation'], to: 'expired', guards: [closer], comment: 'optional', style: 'outline-danger', label: label('close'), confirm: label('confirm_close') },
  } satisfies Record<string, TransitionSpec<SigningWorkflowSubject>>);

  const places = o.onSite ? [...SIGNING_STATES] : SIGNING_STATES.filter((p) => p !== 'waiting_sign');
  const signerProperty = camel(o.subject.internalSignerColumn);
  return defineWorkflow<SigningWorkflowSubject>({
    name: o.name,
    property: 'status',
    initial: 'draft',
    places,
    labels: Object.fromEntries(places.map((p) => [p, `${o.stateLabels}.${p}`])),
    subjectTable: o.subject.table,
    subjectType: o.subject.type,
    // Adds the internal signer, his substitutes, the completeness problems and the signatures to the locked row.
    enrich: async (subject: WorkflowSubject, manager: EntityManager) => {
      const s = subject as SigningWorkflowSubject;
      const tenantId = Number(s.tenantId);
      const id = Number(s.id);
      s.internalSignerId = (subject[signerProperty] as number | null | undefined) ?? null;
      s.substituteIds = await substituteIds(manager, o.subject, tenantId, id);
      s.problems = await o.problems(manager, tenantId, id);
      s.signatures = await signatureStatus(manager, o.subject, tenantId, id);
    },
    transitions,
  });
}
