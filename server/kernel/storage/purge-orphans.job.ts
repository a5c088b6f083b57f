import type { DataSource } from 'typeorm';
import { clock } from '../clock';
import { enqueueOnce } from '../jobs/enqueue';
import { registerJobHandler } from '../jobs/registry';
import { PURGE_ORPHANS_JOB } from './promote';
import { reconcileStorage } from './reconcile';
import type { Storage } from './storage';

/** How often the reconciliation runs. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers `storage.purge_orphans`: reconciles the storage with the `stored_file` rows
 * (`reconcileStorage`), then schedules its next run in an hour. Jobs run one at a time, so
 * several processes never reconcile at once.
 */
export function registerPurgeOrphansJob(storage: Storage): void {
  registerJobHandler(PURGE_ORPHANS_JOB, async (_payload, ctx) => {
    const report = await reconcileStorage(ctx.dataSource, storage);
    if (Object.values(report).some((n) => n > 0)) console.info('[storage] réconciliation', report);
    await enqueueOnce(ctx.dataSource.manager, PURGE_ORPHANS_JOB, {}, { runAt: new Date(clock.now().getTime() + PURGE_EVERY_MS) });
  });
}

/**
 * Call once at start-up: the reconciliation runs now (a crash may have cut moves short), then
 * hourly. A run already scheduled later is brought forward rather than doubled.
 */
export async function schedulePurgeOrphans(ds: DataSource): Promise<void> {
  const now = clock.now();
  if (await enqueueOnce(ds.manager, PURGE_ORPHANS_JOB, {}, { runAt: now })) return;
  await ds.query(`UPDATE "job" SET "run_at" = $2 WHERE "name" = $1 AND "status" = 'pending' AND "run_at" > $2`, [PURGE_ORPHANS_JOB, now]);
}
