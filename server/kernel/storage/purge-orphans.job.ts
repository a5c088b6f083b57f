import type { DataSource } from 'typeorm';
import { clock } from '../clock';
import { enqueueOnce } from '../jobs/enqueue';
import { registerJobHandler } from '../jobs/registry';
import { ORPHAN_AGE_MS, PURGE_ORPHANS_JOB, purgeOrphanUploads } from './promote';
import type { Storage } from './storage';

/** How often the orphan purge runs. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Registers `storage.purge_orphans`: removes temporary uploads older than 24 h, then schedules
 * its next run in an hour.
 */
export function registerPurgeOrphansJob(storage: Storage): void {
  registerJobHandler(PURGE_ORPHANS_JOB, async (_payload, ctx) => {
    await purgeOrphanUploads(storage, ORPHAN_AGE_MS);
    await enqueueOnce(ctx.dataSource.manager, PURGE_ORPHANS_JOB, {}, { runAt: new Date(clock.now().getTime() + PURGE_EVERY_MS) });
  });
}

/** Makes sure a purge is scheduled (call once at start-up). */
export async function schedulePurgeOrphans(ds: DataSource): Promise<void> {
  await enqueueOnce(ds.manager, PURGE_ORPHANS_JOB, {});
}
