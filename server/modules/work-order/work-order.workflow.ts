import type { EntityManager } from 'typeorm';
import { rowsOf } from '../../kernel/db/sql';
import { isSystemActor } from '../../kernel/rights/system-actor';
import { loadToggles } from '../../kernel/toggles/toggles';
import { defineWorkflow, WORKFLOW_MESSAGES, type Guard, type WorkflowSubject } from '../../kernel/workflow';
import { WORK_ORDER_STATES } from './work-order.entity';
import { workOrderPolicy } from './work-order.policy';
import { WORK_ORDER_SUBJECT } from './work-order.service';
import { paramsByKey, workOrderChecks, type WorkRefusal } from './work-order-checks';

/** A work order row as guards read it, enriched with its plan and signatures. */
export interface WorkOrderSubject extends WorkflowSubject {
  id: number;
  tenantId: number;
  planId: number;
  state: string;
  waitingRole: string | null;
  orderingCustomerId: number | null;
  substituteIds: number[];
  contactUserId: number | null;
  archived: boolean;
  planStatus: string;
  /** Work orders may be prepared on the plan now (in operation, or the toggle before it). */
  planOpen: boolean;
  /** Signature slots given: `start:ordering_customer`, `end:contact` ... */
  signed: string[];
  machineId: number | null;
  /** What the rules contributed before validation refuse now (`workOrderChecks`: the machine not locked out ...). */
  workRefusals?: WorkRefusal[];
  /** Their parameters by key, read by the buttons and the reply (« La machine {{machine}} … »). */
  refusalParams?: Record<string, Record<string, unknown>>;
}

/** Why a work order transition is refused: translation keys, read in the user's language by the reply. */
export const WORK_ORDER_MESSAGES = {
  startSignatures: 'work-order.refusal.start_signatures',
  endSignatures: 'work-order.refusal.end_signatures',
  planNotInOperation: 'work-order.refusal.plan_not_in_operation',
  planClosed: 'work-order.refusal.plan_closed',
} as const;

/** The start roles in the order they are awaited. */
const START_ROLES = ['ordering_customer', 'contact'] as const;

/** Whose step the work order waits for, from its state and start signatures (seed 002 "waiting role"). */
export function waitingRoleOf(state: string, signed: string[]): string | null {
  if (state !== 'waiting_sign') return null;
  return START_ROLES.find((r) => !signed.includes(`start:${r}`)) ?? 'validator';
}

const mayPrepare: Guard<WorkOrderSubject> = (s, { user }) => (workOrderPolicy.add(user, s) ? null : WORKFLOW_MESSAGES.forbidden);
const maySignStart: Guard<WorkOrderSubject> = (s, { user }) => {
  const customer = !s.signed.includes('start:ordering_customer') && workOrderPolicy.signAsCustomer(user, s);
  const contact = !s.signed.includes('start:contact') && workOrderPolicy.signAsContact(user, s);
  return customer || contact ? null : WORKFLOW_MESSAGES.forbidden;
};
const both = (s: WorkOrderSubject, moment: 'start' | 'end') => START_ROLES.every((r) => s.signed.includes(`${moment}:${r}`));
const planOpen: Guard<WorkOrderSubject> = (s) => (s.planOpen ? null : WORK_ORDER_MESSAGES.planClosed);
const startSigned: Guard<WorkOrderSubject> = (s) => (both(s, 'start') ? null : WORK_ORDER_MESSAGES.startSignatures);
// The first refusal of the rules other modules contribute (read by enrich, inside the transition's transaction).
const contributedChecks: Guard<WorkOrderSubject> = (s) => (s.workRefusals ?? [])[0]?.key ?? null;
const planInOperation: Guard<WorkOrderSubject> = (s) => (s.planStatus === 'in_operation' && !s.archived ? null : WORK_ORDER_MESSAGES.planNotInOperation);
// Users close work orders in operation; the daily job also closes forgotten drafts past their end.
const mayClose: Guard<WorkOrderSubject> = (s, { user }) => (isSystemActor(user) || (s.state === 'in_operation' && workOrderPolicy.add(user, s)) ? null : WORKFLOW_MESSAGES.forbidden);
const endSigned: Guard<WorkOrderSubject> = (s, { user }) => (isSystemActor(user) || both(s, 'end') ? null : WORK_ORDER_MESSAGES.endSignatures);

/** Reads what the guards need besides the row: the plan's people and state, the signatures. */
async function enrich(subject: WorkflowSubject, m: EntityManager): Promise<void> {
  const s = subject as WorkOrderSubject;
  const [plan] = rowsOf<{ status: string; archived: boolean; ordering_customer_id: number | null }>(await m.query(
    'SELECT status, archived, ordering_customer_id FROM prevention_plan WHERE id = $1 AND tenant_id = $2', [s.planId, s.tenantId]));
  const subs = rowsOf<{ id: number }>(await m.query('SELECT user_id AS id FROM plan_substitute WHERE plan_id = $1 AND tenant_id = $2', [s.planId, s.tenantId]));
  const [contact] = rowsOf<{ id: number | null }>(await m.query(
    'SELECT c.user_id AS id FROM plan_company pc JOIN contact c ON c.id = pc.contact_id WHERE pc.id = $1 AND pc.tenant_id = $2', [s.planCompanyId ?? 0, s.tenantId]));
  const sigs = rowsOf<{ slot: string }>(await m.query(
    `SELECT DISTINCT moment || ':' || signer_role AS slot FROM work_order_signature WHERE work_order_id = $1 AND tenant_id = $2`, [s.id, s.tenantId]));
  s.planStatus = plan?.status ?? 'expired';
  s.archived = plan?.archived ?? true;
  s.orderingCustomerId = plan?.ordering_customer_id ?? null;
  s.substituteIds = subs.map((r) => Number(r.id));
  s.contactUserId = contact?.id ?? null;
  s.signed = sigs.map((r) => r.slot);
  s.workRefusals = await workOrderChecks.refusals(m, { tenantId: s.tenantId, machineId: s.machineId ?? null });
  s.refusalParams = paramsByKey(s.workRefusals);
  s.planOpen = !s.archived && (s.planStatus === 'in_operation'
    || (s.planStatus !== 'expired' && (await loadToggles(m, s.tenantId)).work_order_before_validation === true));
}

/**
 * The work order workflow (seed 002 section 4; pairs ours, docs/work-order.md): a draft is sent
 * for signature, the ordering customer (or a substitute) and the company's contact give their
 * start signatures (`sign`, one per role, the waiting role says whose turn it is), a holder of
 * `pdp.validate_work_orders` validates it once the plan is in operation and the rules other
 * modules contribute pass (`workOrderChecks`: its machine locked out), and it is closed with
 * the end signatures of both (or expired by the daily job past its end date).
 */
export const workOrderWorkflow = defineWorkflow<WorkOrderSubject>({
  name: 'work_order',
  property: 'state',
  initial: 'draft',
  places: [...WORK_ORDER_STATES],
  labels: Object.fromEntries(WORK_ORDER_STATES.map((s) => [s, `work-order.states.${s}`])),
  subjectTable: 'work_order',
  subjectType: WORK_ORDER_SUBJECT,
  enrich,
  transitions: {
    send: {
      from: ['draft'], to: 'waiting_sign', right: 'pdp.view', style: 'primary', label: 'work-order.transitions.send',
      requires: ['planCompanyId', 'nature'], guards: [mayPrepare],
      preconditions: [planOpen],
    },
    sign: {
      from: ['waiting_sign'], to: 'waiting_sign', right: 'pdp.view', style: 'success', label: 'work-order.transitions.sign', signature: true,
      guards: [maySignStart],
    },
    validate: {
      from: ['waiting_sign'], to: 'in_operation', right: 'pdp.validate_work_orders', style: 'success', label: 'work-order.transitions.validate',
      comment: 'optional',
      preconditions: [startSigned, planInOperation, contributedChecks],
    },
    close: {
      from: ['draft', 'waiting_sign', 'in_operation'], to: 'expired', right: 'pdp.view', style: 'outline-danger', label: 'work-order.transitions.close',
      confirm: 'work-order.transitions.close_confirm', comment: 'optional',
      guards: [mayClose], preconditions: [endSigned],
    },
  },
});
