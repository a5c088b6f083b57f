import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { enqueue, enqueueOnce, defineJobHandler } from '../../../kernel/jobs';
import { systemActor } from '../../../kernel/rights/system-actor';
import { projectWorkflow } from './project.workflow';

/** The daily job: queues one job per company with projects to mark late. */
export const PROJECT_LATE_JOB = 'project_mark_late';
/** Marks the late projects of one company (job `tenant_id` set). */
export const PROJECT_LATE_TENANT_JOB = 'project_mark_late_tenant';

/**
 * Marks late (workflow transition `mark_late`, by the system) every unstarted or in-progress
 * project of the company whose expected end is before today (Paris). Returns how many.
 */
export async function markLateProjects(db: DataSource, tenantId: number, today = todayIso()): Promise<number> {
  const rows: Array<{ id: number }> = await db.query(
    `SELECT id FROM project WHERE tenant_id = $1 AND deleted_at IS NULL AND state IN ('unstarted', 'in_progress') AND expected_end_date < $2::date ORDER BY id`,
    [tenantId, today]);
  let count = 0;
  for (const r of rows) {
    const outcome = await projectWorkflow.apply(db, { id: r.id, tenantId }, 'mark_late', { user: systemActor(tenantId) });
    if (outcome.result) count++;
  }
  return count;
}

/** Tomorrow at 00:30 (server time): when the daily job runs next. */
export function nextLateRun(now: Date = clock.now()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(0, 30, 0, 0);
  return next;
}

/** Handler of the {@link PROJECT_LATE_TENANT_JOB} jobs, contributed by the module. */
export const projectLateTenantHandler = defineJobHandler(PROJECT_LATE_TENANT_JOB, async (_payload, ctx) => {
  if (ctx.job.tenantId != null) await markLateProjects(ctx.dataSource, ctx.job.tenantId);
});

/** Handler of the {@link PROJECT_LATE_JOB} jobs, contributed by the module. */
export const projectLateHandler = defineJobHandler(PROJECT_LATE_JOB, async (_payload, ctx) => {
  await ctx.dataSource.transaction(async (m) => {
    const tenants: Array<{ tenant_id: number }> = await m.query(
      `SELECT DISTINCT tenant_id FROM project WHERE deleted_at IS NULL AND state IN ('unstarted', 'in_progress') AND expected_end_date < $1::date ORDER BY 1`, [todayIso()]);
    for (const r of tenants) await enqueue(m, PROJECT_LATE_TENANT_JOB, {}, { tenantId: Number(r.tenant_id) });
    await enqueueOnce(m, PROJECT_LATE_JOB, {}, { runAt: nextLateRun(clock.now()) });
  });
});

/** Queues the daily job once (start-up); each run queues the next one. */
export async function scheduleLateProjects(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, PROJECT_LATE_JOB, {}, { runAt: nextLateRun(clock.now()) });
}
