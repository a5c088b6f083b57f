import type { EntityManager } from 'typeorm';
import { rowsOf } from '../../../kernel/db/sql';
import { can } from '../../../kernel/rights/registry';
import { defineWorkflow, WORKFLOW_MESSAGES, type Guard, type WorkflowSubject } from '../../../kernel/workflow';
import { LOCKOUT_ACCESS, LOCKOUT_MANAGE } from './lockout-rights';
import { SLIP_STATES } from './lockout-slip.entity';

/** Subject type of the slips' history rows. */
export const SLIP_SUBJECT = 'lockout_slip';

/** A slip as the guards read it: the row, enriched with its staff, padlocks and checks. */
export interface SlipSubject extends WorkflowSubject {
  id: number;
  tenantId: number;
  machineId: number;
  state: string;
  archived: boolean;
  officerId: number | null;
  workManagerId: number | null;
  createdById: number | null;
  staffCount: number;
  unsignedCount: number;
  padlocksOn: number;
  /** Required consignments of the machine, and how many are checked done on this slip. */
  pointCount: number;
  doneCount: number;
}

/** Why a slip transition is refused (seed 002 « Consignment » errors, French in translations/fr/lockout.json). */
export const SLIP_MESSAGES = {
  noStaff: 'lockout.refusal.no_staff',
  signaturesMissing: 'lockout.refusal.signatures_missing',
  consignmentsMissing: 'lockout.refusal.consignments_missing',
  padlockPresent: 'lockout.refusal.padlock_present',
  consignmentsRemaining: 'lockout.refusal.consignments_remaining',
} as const;

const manages = (user: Parameters<Guard>[1]['user']) => can(user, LOCKOUT_MANAGE);

/** The slip's officer, work manager or author, or a manager of consignments, drives the slip. */
const mayDrive: Guard<SlipSubject> = (s, { user }) =>
  (!s.archived && (manages(user) || [s.officerId, s.workManagerId, s.createdById].includes(user.id)) ? null : WORKFLOW_MESSAGES.forbidden);
/** Only the slip's officer (or a manager) consigns and deconsigns. */
const isOfficer: Guard<SlipSubject> = (s, { user }) => (!s.archived && (manages(user) || s.officerId === user.id) ? null : WORKFLOW_MESSAGES.forbidden);
const hasStaff: Guard<SlipSubject> = (s) => (s.staffCount > 0 ? null : SLIP_MESSAGES.noStaff);
const everyoneSigned: Guard<SlipSubject> = (s) => (s.unsignedCount === 0 ? null : SLIP_MESSAGES.signaturesMissing);
const everyPointDone: Guard<SlipSubject> = (s) => (s.doneCount >= s.pointCount ? null : SLIP_MESSAGES.consignmentsMissing);
const noPadlockLeft: Guard<SlipSubject> = (s) => (s.padlocksOn === 0 ? null : SLIP_MESSAGES.padlockPresent);
const noPointLeft: Guard<SlipSubject> = (s) => (s.doneCount === 0 ? null : SLIP_MESSAGES.consignmentsRemaining);

/** Counts staff, signatures, padlocks on and checked isolation points of the slip. */
async function enrich(subject: WorkflowSubject, m: EntityManager): Promise<void> {
  const s = subject as SlipSubject;
  const [row] = rowsOf<{ staff: number; unsigned: number; on: number; points: number; done: number }>(await m.query(
    `SELECT (SELECT count(*)::int FROM lockout_staff WHERE tenant_id = $1 AND slip_id = $2) AS staff,
            (SELECT count(*)::int FROM lockout_staff WHERE tenant_id = $1 AND slip_id = $2 AND signed_at IS NULL) AS unsigned,
            (SELECT count(*)::int FROM lockout_staff WHERE tenant_id = $1 AND slip_id = $2 AND padlock = 'on') AS "on",
            (SELECT count(*)::int FROM lockout_point WHERE tenant_id = $1 AND machine_id = $3) AS points,
            (SELECT count(*)::int FROM lockout_check c JOIN lockout_point p ON p.id = c.point_id
              WHERE c.tenant_id = $1 AND c.slip_id = $2 AND c.done AND p.machine_id = $3) AS done`,
    [s.tenantId, s.id, s.machineId]));
  s.staffCount = row.staff;
  s.unsignedCount = row.unsigned;
  s.padlocksOn = row.on;
  s.pointCount = row.points;
  s.doneCount = row.done;
}

/**
 * The consignment slip workflow (seed 002 section 4; pairs ours, docs/lockout.md): a draft with
 * its staff, all signed, awaits consignment; the officer consigns once every required consignment
 * of the machine is checked done; the workers put their padlocks; the end of works is declared;
 * the officer deconsigns once every padlock is off and every isolation point removed, and the
 * machine is given back. Padlocks, signatures, checks and the archive flag are actions outside the
 * state graph, recorded in the same history.
 */
export const slipWorkflow = defineWorkflow<SlipSubject>({
  name: 'lockout_slip',
  property: 'state',
  initial: 'draft',
  places: [...SLIP_STATES],
  labels: Object.fromEntries(SLIP_STATES.map((s) => [s, `lockout.states.${s}`])),
  subjectTable: 'lockout_slip',
  subjectType: SLIP_SUBJECT,
  enrich,
  transitions: {
    await: {
      from: ['draft'], to: 'awaiting_consignment', right: LOCKOUT_ACCESS, style: 'primary', label: 'lockout.transitions.await',
      guards: [mayDrive], preconditions: [hasStaff, everyoneSigned],
    },
    consign: {
      from: ['awaiting_consignment'], to: 'consigned', right: LOCKOUT_ACCESS, style: 'success', label: 'lockout.transitions.consign', comment: 'optional',
      guards: [isOfficer], preconditions: [everyPointDone],
    },
    end: {
      from: ['consigned'], to: 'end_works', right: LOCKOUT_ACCESS, style: 'outline-primary', label: 'lockout.transitions.end', confirm: 'lockout.transitions.end_confirm',
      guards: [mayDrive],
    },
    deconsign: {
      from: ['end_works'], to: 'deconsigned', right: LOCKOUT_ACCESS, style: 'success', label: 'lockout.transitions.deconsign', comment: 'optional',
      guards: [isOfficer], preconditions: [noPadlockLeft, noPointLeft],
    },
  },
});
