import type { DataSource, EntityManager } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { rowsOf, type Db } from '../../../kernel/db/sql';
import { recordHistory } from '../../../kernel/history/history.service';
import { translator } from '../../../kernel/i18n/i18n';
import { PLAN_HISTORY_SUBJECT } from './plan-company.service';
import { isAmendableState, STAFF_AMENDMENT_STATES } from './plan-amendment.policy';
import { queueSignLinks, revokePlanLinks } from './plan-sign-link.service';
import { supersedeSignatures } from './plan-signers.service';

/** Amendments write the plan's history outside the workflow: 'amend' rows get this label (contributed by the amendment part). */
export const AMENDMENT_HISTORY_LABELS: Record<string, string> = { amend: 'plan-amendment.history.amend' };

/** An amendment as the history and the amendment list show it. */
export interface AmendmentRow {
  id: number;
  number: number;
  reason: string;
  automatic: boolean;
  fromState: string;
  createdAt: Date;
  createdById: number | null;
  /** "Prénom Nom" (or the username) of the author; '' for an automatic step without user. */
  authorName: string;
}

/** The amendments of a plan, first one first. */
export async function listAmendments(db: Db, tenantId: number, planId: number): Promise<AmendmentRow[]> {
  const rows = rowsOf<AmendmentRow>(await db.query(
    `SELECT a.id, a.number, a.reason, a.automatic, a.from_state AS "fromState", a.created_at AS "createdAt", a.created_by_id AS "createdById",
            COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.username, '') AS "authorName"
       FROM plan_amendment a LEFT JOIN app_user u ON u.id = a.created_by_id
      WHERE a.tenant_id = $1 AND a.plan_id = $2
      ORDER BY a.number, a.id`, [tenantId, planId]));
  return rows.map((r) => ({ ...r, id: Number(r.id), number: Number(r.number), createdById: r.createdById == null ? null : Number(r.createdById) }));
}

/** Outcome of an amendment: its number, or why none was made. */
export type AmendOutcome = { ok: true; number: number } | { ok: false; reason: 'not_found' | 'state' };

interface LockedPlan { status: string; amendmentNumber: number; archived: boolean }

/** Locks the plan row (not in the trash) for the rest of the transaction. */
async function lockPlan(m: EntityManager, tenantId: number, planId: number): Promise<LockedPlan | null> {
  const rows = rowsOf<LockedPlan>(await m.query(
    `SELECT status, amendment_number AS "amendmentNumber", archived FROM prevention_plan
      WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL FOR UPDATE`, [planId, tenantId]));
  return rows[0] ? { ...rows[0], amendmentNumber: Number(rows[0].amendmentNumber) } : null;
}

/**
 * Writes amendment `plan.amendmentNumber + 1` of a locked plan: the amendment row, the new
 * signing round and state (version bumped: an open edit form of the old round is stale), the
 * companies' and internal signatures superseded, the unused signing links revoked, the history
 * row. Returns its number.
 */
async function writeAmendment(m: EntityManager, plan: LockedPlan, input: {
  tenantId: number; planId: number; userId: number | null; reason: string; automatic: boolean; to: string;
}): Promise<number> {
  const number = plan.amendmentNumber + 1;
  const now = clock.now();
  await m.query(
    `INSERT INTO plan_amendment (tenant_id, plan_id, number, reason, automatic, from_state, created_by_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [input.tenantId, input.planId, number, input.reason, input.automatic, plan.status, input.userId, now]);
  await m.query(
    `UPDATE prevention_plan SET amendment_number = $3, status = $4, version = version + 1, updated_at = $5
      WHERE id = $1 AND tenant_id = $2`, [input.planId, input.tenantId, number, input.to, now]);
  await supersedeSignatures(m, input.tenantId, input.planId, ['company', 'internal']);
  // Links of the old round are void (a new send, or the automatic one, makes new ones).
  await revokePlanLinks(m, input.tenantId, input.planId);
  await recordHistory(m, {
    tenantId: input.tenantId, subjectType: PLAN_HISTORY_SUBJECT, subjectId: input.planId, transition: 'amend',
    from: plan.status, to: input.to, comment: input.reason, userId: input.userId, createdAt: now,
  });
  return number;
}

/**
 * `pdp_amend`: an amendment asked with a justification, in one transaction (row lock first).
 * Allowed from in_operation and waiting_internal (not archived); the plan goes back to draft to
 * be changed, then is sent again with `send_tiers_amend`. Who may ask is checked by the caller
 * (plan-amendment.policy.ts); an empty justification is refused before.
 */
export async function amendPlan(db: DataSource, input: { tenantId: number; planId: number; userId: number; reason: string }): Promise<AmendOutcome> {
  return db.transaction(async (m) => {
    const plan = await lockPlan(m, input.tenantId, input.planId);
    if (!plan) return { ok: false, reason: 'not_found' } as const;
    if (!isAmendableState(plan.status, plan.archived)) return { ok: false, reason: 'state' } as const;
    const number = await writeAmendment(m, plan, { ...input, automatic: false, to: 'draft' });
    return { ok: true, number } as const;
  });
}

/** The stored reason of an automatic amendment (French, like the plan's history comments). */
export function staffChangeReason(change: 'add' | 'remove', name: string): string {
  return translator('fr')(change === 'add' ? 'plan-amendment.reason.staff_add' : 'plan-amendment.reason.staff_remove', { name });
}

/**
 * The automatic amendment of a staff change (seed 002 section 4: every outside company signs
 * again), in the caller's transaction: when the plan waits for the companies, for the internal
 * validation or is in operation, writes an automatic amendment, supersedes the companies' and
 * internal signatures, puts the plan in waiting_tiers and queues the signing links of every
 * required company. Other states (draft, paper or on-site signing, expired): nothing, returns null.
 */
export async function amendForStaffChange(manager: EntityManager, input: {
  tenantId: number; planId: number; user: { id: number } | null; reason: string;
}): Promise<number | null> {
  const plan = await lockPlan(manager, input.tenantId, input.planId);
  if (!plan || plan.archived || !STAFF_AMENDMENT_STATES.includes(plan.status)) return null;
  const userId = input.user && input.user.id > 0 ? input.user.id : null;
  const number = await writeAmendment(manager, plan, {
    tenantId: input.tenantId, planId: input.planId, userId, reason: input.reason, automatic: true, to: 'waiting_tiers',
  });
  await queueSignLinks(manager, input.tenantId, input.planId, { userId });
  return number;
}
