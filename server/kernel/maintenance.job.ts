import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { purgeThrottle } from './auth/throttle';
import { clock } from './clock';
import { enqueueOnce } from './jobs/enqueue';
import { registerJobHandler } from './jobs/registry';
import { stagingDir } from './uploads/stage-files';

/** Name of the kernel's hourly housekeeping job. */
export const MAINTENANCE_JOB = 'kernel.maintenance';
/** How often it runs. */
export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;
/** A file still in the upload staging folder after this long was left by a process that died mid-upload. */
export const STALE_STAGING_MS = 60 * 60 * 1000;

/**
 * Deletes the files of the upload staging folder (this machine's temporary folder) last written
 * more than {@link STALE_STAGING_MS} before `clock.now()`; returns how many. An upload in progress
 * writes its file continuously, so it is never that old.
 */
export function removeStaleStagingFiles(dir = stagingDir()): number {
  if (!fs.existsSync(dir)) return 0;
  const limit = clock.now().getTime() - STALE_STAGING_MS;
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs < limit) {
        fs.rmSync(file, { force: true, recursive: true });
        removed++;
      }
    } catch {
      // Gone meanwhile (its upload ended): nothing to do.
    }
  }
  return removed;
}

/**
 * Registers `kernel.maintenance`: forgets login-throttling windows long over and removes stale
 * staged uploads, then schedules its next run in an hour.
 */
export function registerMaintenanceJob(): void {
  registerJobHandler(MAINTENANCE_JOB, async (_payload, ctx) => {
    await purgeThrottle(ctx.dataSource);
    removeStaleStagingFiles();
    await enqueueOnce(ctx.dataSource.manager, MAINTENANCE_JOB, {}, { runAt: new Date(clock.now().getTime() + MAINTENANCE_EVERY_MS) });
  });
}

/** Call once at start-up: this machine's stale staged uploads go now, the job runs hourly. */
export async function scheduleMaintenance(ds: DataSource): Promise<void> {
  removeStaleStagingFiles();
  await enqueueOnce(ds.manager, MAINTENANCE_JOB, {});
}
