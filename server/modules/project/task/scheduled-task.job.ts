import type { DataSource } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { enqueueOnce, defineJobHandler } from '../../../kernel/jobs';
import { nextExpiryRun } from '../../signing/expiry.job';
import { makeScheduledTasks } from './scheduled-task.service';

/** The daily job making the tasks of the scheduled tasks due up to today. */
export const SCHEDULED_TASKS_JOB = 'project_tasks.make_scheduled';

/** Handler of the {@link SCHEDULED_TASKS_JOB} jobs, contributed by the module. */
export const scheduledTasksHandler = defineJobHandler<{ tenantIds?: number[] }>(SCHEDULED_TASKS_JOB, async (payload, ctx) => {
  await makeScheduledTasks(ctx.dataSource, { tenantIds: payload.tenantIds });
  // A run limited to some companies (tests) does not schedule the next daily run.
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, SCHEDULED_TASKS_JOB, {}, { runAt: nextExpiryRun(ctx.now ?? clock.now()) });
});

/** Queues the daily job once (start-up); it then schedules itself every day at 00:05. */
export async function scheduleScheduledTasks(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, SCHEDULED_TASKS_JOB, {});
}
