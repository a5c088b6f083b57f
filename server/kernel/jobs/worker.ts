import type { DataSource } from 'typeorm';
import { runDueJobs } from './runner';

/** Options of {@link startJobWorker}. */
export interface JobWorkerOptions {
  intervalMs?: number;
  limit?: number;
  onError?: (err: unknown) => void;
}

/** A running worker. */
export interface JobWorker {
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs every `intervalMs` (no LISTEN/NOTIFY nor advisory locks: they do not work
 * through the embedded PGlite). A full batch is followed at once by another.
 */
export function startJobWorker(ds: DataSource, opts: JobWorkerOptions = {}): JobWorker {
  const intervalMs = opts.intervalMs ?? 2000;
  const limit = opts.limit ?? 10;
  const onError = opts.onError ?? ((err: unknown) => console.error('[jobs]', err));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async (): Promise<void> => {
    let full = false;
    try {
      const report = await runDueJobs(ds, { limit });
      full = report.claimed >= limit;
    } catch (err) {
      onError(err);
    }
    if (!stopped) timer = setTimeout(() => { current = tick(); }, full ? 0 : intervalMs);
  };
  timer = setTimeout(() => { current = tick(); }, 0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
