import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { contribute, extensionPoint, type Contribution } from '../../kernel/extension';
import { defineJobHandler, enqueueOnce, jobHandlers } from '../../kernel/jobs';
import { systemActor } from '../../kernel/rights/system-actor';
import type { Workflow } from '../../kernel/workflow';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';

/** The daily job that closes signed documents whose end date has passed. */
export const EXPIRY_JOB = 'pdp.expire';

/** A kind of signed document the daily job closes (its table has `end_date`). */
export interface ExpiringDocument {
  workflow: Workflow<SigningWorkflowSubject>;
  subject: SigningSubject;
}

const expiring: ExpiringDocument[] = [];

/** Declares a kind of document the daily job closes (its table has `end_date`). */
export function registerExpiry(workflow: Workflow<SigningWorkflowSubject>, subject: SigningSubject): void {
  if (!expiring.some((e) => e.workflow === workflow)) expiring.push({ workflow, subject });
}

/** The kinds of document the daily expiry job closes. */
export const expiringDocuments = extensionPoint<ExpiringDocument>('signing:expiring_documents', (e) => registerExpiry(e.workflow, e.subject));

/** Next run: tomorrow at 00:05 (server time), so a document ending today stays in operation all day. */
export function nextExpiryRun(now: Date = clock.now()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(0, 5, 0, 0);
  return next;
}

/**
 * Moves every registered document in operation whose end date is before today to `expired`
 * (transition `close`, by the system, with a history row). Returns how many expired.
 */
export async function expireDocuments(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<number> {
  let expired = 0;
  for (const { workflow, subject } of expiring) {
    const due = rowsOf<{ id: number; tenantId: number }>(await db.query(
      `SELECT id, tenant_id AS "tenantId" FROM "${subject.table}"
        WHERE status = 'in_operation' AND end_date IS NOT NULL AND end_date < $1::date AND deleted_at IS NULL
          AND ($2::int[] IS NULL OR tenant_id = ANY($2::int[])) ORDER BY id`, [todayIso(), opts.tenantIds ?? null]));
    for (const doc of due) {
      const tenantId = Number(doc.tenantId);
      const outcome = await workflow.apply(db, { id: Number(doc.id), tenantId }, 'close', { user: systemActor(tenantId), comment: null });
      if (outcome.result) expired += 1;
    }
  }
  return expired;
}

/** The daily job's handler. A payload may restrict a run to some companies (an operator re-running one company, tests side by side). */
export const expiryHandler = defineJobHandler<{ tenantIds?: number[] }>(EXPIRY_JOB, async (payload, ctx) => {
  await expireDocuments(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, EXPIRY_JOB, {}, { runAt: nextExpiryRun(ctx.now) });
});

/** The one contribution of the job's handler, shared by every signed document (installed once). */
const EXPIRY_JOB_HANDLER = contribute(jobHandlers, expiryHandler);

/**
 * Declares a kind of signed document the daily job closes after its end date, with the job's
 * handler (one for every kind), for the document's module `contributes`.
 */
export function expiry(workflow: Workflow<SigningWorkflowSubject>, subject: SigningSubject): Contribution[] {
  return [contribute(expiringDocuments, { workflow, subject }), EXPIRY_JOB_HANDLER];
}

/** Queues the expiry job once (start-up); it then schedules itself every day. */
export async function scheduleExpiry(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, EXPIRY_JOB, {});
}
