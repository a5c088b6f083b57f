import type { DataSource } from 'typeorm';
import { clock } from '../clock';
import type { Job, JobStatus } from './job.entity';
import { jobHandler } from './registry';
import { countJobFailure } from '../metrics';

/** A running job untouched for this long is taken to be lost (process killed) and released. */
export const STUCK_AFTER_MS = 15 * 60 * 1000;

/** Delay before retry number `attempts` (1 min, 2, 4 ... capped at 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** Options of {@link runDueJobs}. */
export interface RunOptions {
  /** Most jobs claimed in one call (10 by default). */
  limit?: number;
  /** Only jobs with these names (tests sharing one database keep to their own jobs). */
  names?: string[];
  /** Only jobs of these companies (tests running side by side on one database keep to their own). */
  tenantIds?: number[];
}

/** What one {@link runDueJobs} call did. */
export interface RunReport {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

interface JobRow {
  id: number;
  tenant_id: number | null;
  name: string;
  payload: Record<string, unknown>;
  run_at: Date;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: Date | null;
  created_at: Date;
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    payload: row.payload,
    runAt: row.run_at,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    lockedAt: row.locked_at,
    createdAt: row.created_at,
  };
}

async function execute<T>(ds: DataSource, sql: string, params: unknown[]): Promise<T[]> {
  // Structured result: TypeORM otherwise returns [rows, count] for UPDATE ... RETURNING.
  const qr = ds.createQueryRunner();
  try {
    const result = await qr.query(sql, params, true);
    return result.records as T[];
  } finally {
    await qr.release();
  }
}

/** Puts back jobs left `running` by a dead worker (or fails them when out of attempts). */
export async function releaseStuckJobs(ds: DataSource): Promise<number> {
  const now = clock.now();
  const before = new Date(now.getTime() - STUCK_AFTER_MS);
  const rows = await execute<{ id: number }>(
    ds,
    `UPDATE "job" SET "status" = CASE WHEN "attempts" >= "max_attempts" THEN 'failed' ELSE 'pending' END,
       "locked_at" = NULL, "run_at" = $1, "last_error" = COALESCE("last_error", 'Interrompu (worker arrêté)')
     WHERE "status" = 'running' AND "locked_at" < $2 RETURNING "id"`,
    [now, before],
  );
  return rows.length;
}

/**
 * Claims up to `limit` due jobs (`run_at <= clock.now()`) with `FOR UPDATE SKIP LOCKED`, so two
 * workers never take the same job, then runs them one after the other. A success marks the job
 * done; a failure stores the error and retries later with backoff, or marks it failed once
 * `max_attempts` runs have failed. The attempt is counted at claim time so a job that kills its
 * worker still runs out of attempts.
 */
export async function runDueJobs(ds: DataSource, opts: RunOptions = {}): Promise<RunReport> {
  const report: RunReport = { claimed: 0, done: 0, retried: 0, failed: 0 };
  await releaseStuckJobs(ds);
  const now = clock.now();
  const claimed = await execute<JobRow>(
    ds,
    `UPDATE "job" SET "status" = 'running', "locked_at" = $1, "attempts" = "attempts" + 1
     WHERE "id" IN (
       SELECT "id" FROM "job" WHERE "status" = 'pending' AND "run_at" <= $1
         AND ($3::varchar[] IS NULL OR "name" = ANY($3::varchar[]))
         AND ($4::int[] IS NULL OR "tenant_id" = ANY($4::int[]))
       ORDER BY "run_at", "id" FOR UPDATE SKIP LOCKED LIMIT $2
     ) AND "status" = 'pending'
     RETURNING *`,
    [now, opts.limit ?? 10, opts.names ?? null, opts.tenantIds ?? null],
  );
  report.claimed = claimed.length;
  claimed.sort((a, b) => a.run_at.getTime() - b.run_at.getTime() || a.id - b.id);
  for (const row of claimed) {
    const job = toJob(row);
    try {
      const handler = jobHandler(job.name);
      if (!handler) throw new Error(`Aucun gestionnaire pour le job « ${job.name} ».`);
      await handler(job.payload, { job, dataSource: ds, now });
      await execute(ds, `UPDATE "job" SET "status" = 'done', "locked_at" = NULL, "last_error" = NULL WHERE "id" = $1`, [job.id]);
      report.done++;
    } catch (err) {
      const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
      const giveUp = job.attempts >= job.maxAttempts;
      const retryAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts));
      await execute(
        ds,
        `UPDATE "job" SET "status" = $2, "locked_at" = NULL, "last_error" = $3, "run_at" = $4 WHERE "id" = $1`,
        [job.id, giveUp ? 'failed' : 'pending', message.slice(0, 4000), giveUp ? job.runAt : retryAt],
      );
      countJobFailure(job.name, giveUp);
      if (giveUp) report.failed++;
      else report.retried++;
    }
  }
  return report;
}

/** Runs due jobs until none is left (tests, CLI); jobs retried later are not waited for. */
export async function drainJobs(ds: DataSource, opts: RunOptions & { maxRounds?: number } = {}): Promise<RunReport> {
  const total: RunReport = { claimed: 0, done: 0, retried: 0, failed: 0 };
  for (let round = 0; round < (opts.maxRounds ?? 1000); round++) {
    const report = await runDueJobs(ds, { limit: opts.limit ?? 50, names: opts.names, tenantIds: opts.tenantIds });
    total.claimed += report.claimed;
    total.done += report.done;
    total.retried += report.retried;
    total.failed += report.failed;
    if (report.claimed === 0) break;
  }
  return total;
}
