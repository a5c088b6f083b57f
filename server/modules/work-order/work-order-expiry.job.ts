import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../kernel/clock';
import { rowsOf } from '../../kernel/db/sql';
import { enqueueOnce, defineJobHandler } from '../../kernel/jobs';
import { systemActor } from '../../kernel/rights/system-actor';
import { nextExpiryRun } from '../signing/expiry.job';
import { workOrderWorkflow } from './work-order.workflow';

/** The daily job closing work orders past their end date. */
export const WORK_ORDER_EXPIRY_JOB = 'work_order.expire';

/**
 * Closes (`close`, by the system, with a history row) every work order not yet expired whose end
 * date is before today; returns how many.
 */
export async function expireWorkOrders(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<number> {
  const due = rowsOf<{ id: number; tenantId: number }>(await db.query(
    `SELECT id, tenant_id AS "tenantId" FROM work_order WHERE state <> 'expired' AND end_date < $1::date
       AND ($2::int[] IS NULL OR tenant_id = ANY($2::int[])) ORDER BY id`, [todayIso(), opts.tenantIds ?? null]));
  let expired = 0;
  for (const wo of due) {
    const tenantId = Number(wo.tenantId);
    const outcome = await workOrderWorkflow.apply(db, { id: Number(wo.id), tenantId }, 'close', { user: systemActor(tenantId), comment: null });
    if (outcome.result) expired += 1;
  }
  return expired;
}

/** Handler of the {@link WORK_ORDER_EXPIRY_JOB} jobs, contributed by the module. */
export const workOrderExpiryHandler = defineJobHandler<{ tenantIds?: number[] }>(WORK_ORDER_EXPIRY_JOB, async (payload, ctx) => {
  await expireWorkOrders(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, WORK_ORDER_EXPIRY_JOB, {}, { runAt: nextExpiryRun(ctx.now ?? clock.now()) });
});

/** Queues the daily job once (start-up); it then schedules itself every day at 00:05. */
export async function scheduleWorkOrderExpiry(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, WORK_ORDER_EXPIRY_JOB, {});
}
