import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { enqueueOnce, registerJobHandler } from '../../kernel/jobs';
import { systemActor } from '../../kernel/rights/system-actor';
import type { Workflow } from '../../kernel/workflow';
import type { SigningSubject } from './signing-subject';
import type { SigningWorkflowSubject } from './signing-workflow';

/** The daily job that closes signed documents whose end date has passed. */
export const EXPIRY_JOB = 'pdp.expire';

const expiring: Array<{ workflow: Workflow<SigningWorkflowSubject>; subject: SigningSubject }> = [];

/** Declares a kind of document the daily job closes (its table has `end_date`). */
export function registerExpiry(workflow: Workflow<SigningWorkflowSubject>, subject: SigningSubject): void {
  if (!expiring.some((e) => e.workflow === workflow)) expiring.push({ workflow, subject });
}

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

// A payload may restrict a run to some companies (an operator re-running one company, tests side by side).
registerJobHandler<{ tenantIds?: number[] }>(EXPIRY_JOB, async (payload, ctx) => {
  await expireDocuments(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, EXPIRY_JOB, {}, { runAt: nextExpiryRun(ctx.now) });
});

/** Queues the expiry job once (start-up); it then schedules itself every day. */
export async function scheduleExpiry(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, EXPIRY_JOB, {});
}
