import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { enqueueOnce, registerJobHandler } from '../../kernel/jobs';
import { systemActor } from '../../kernel/rights/system-actor';
import { planWorkflow } from './prevention-plan.workflow';

/** The daily job that closes plans whose end date has passed. */
export const PLAN_EXPIRY_JOB = 'pdp.expire';

/** Next run: tomorrow at 00:05 (server time), so a plan ending today stays in operation all day. */
export function nextExpiryRun(now: Date = clock.now()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(0, 5, 0, 0);
  return next;
}

/**
 * Moves every plan in operation whose end date is before today to `expired` (transition
 * `close`, by the system, with a history row). Returns how many plans expired.
 */
export async function expirePlans(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<number> {
  const due = rowsOf<{ id: number; tenantId: number }>(await db.query(
    `SELECT id, tenant_id AS "tenantId" FROM prevention_plan
      WHERE status = 'in_operation' AND end_date IS NOT NULL AND end_date < $1::date AND deleted_at IS NULL
        AND ($2::int[] IS NULL OR tenant_id = ANY($2::int[])) ORDER BY id`, [todayIso(), opts.tenantIds ?? null]));
  let expired = 0;
  for (const plan of due) {
    const tenantId = Number(plan.tenantId);
    const outcome = await planWorkflow.apply(db, { id: Number(plan.id), tenantId }, 'close', { user: systemActor(tenantId), comment: null });
    if (outcome.result) expired += 1;
  }
  return expired;
}

// A payload may restrict a run to some companies (an operator re-running one company, tests side by side).
registerJobHandler<{ tenantIds?: number[] }>(PLAN_EXPIRY_JOB, async (payload, ctx) => {
  await expirePlans(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, PLAN_EXPIRY_JOB, {}, { runAt: nextExpiryRun(ctx.now) });
});

/** Queues the expiry job once (start-up); it then schedules itself every day. */
export async function schedulePlanExpiry(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, PLAN_EXPIRY_JOB, {});
}

