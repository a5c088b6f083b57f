/**
 * A counting limiter for expensive work (PDF rendering, archives, exports): at most
 * `concurrency` pieces of work run at once, each key (a user, an IP) has at most `perKey` in
 * progress (running or waiting), and the others wait in a FIFO queue of at most `queue`
 * entries for at most `maxWaitMs`. Refusals are immediate, so a flood of requests never piles
 * up work the machine cannot do.
 *
 * Written here rather than taken from npm: p-limit, p-queue and async-sema bound the global
 * concurrency only (no per-key bound, no bounded queue, no removal of a waiter that times out
 * or whose client left), and p-queue is ESM-only.
 */

/** The limits of a {@link WorkLimiter}. `Infinity` lifts a bound. */
export interface WorkLimits {
  /** Pieces of work running at once, all keys together. */
  concurrency: number;
  /** Pieces of work one key may have in progress, running or waiting. */
  perKey: number;
  /** Pieces of work that may wait for a free slot, all keys together. */
  queue: number;
  /** How long a piece of work may wait for a free slot. */
  maxWaitMs: number;
}

/** Why a piece of work was not let in. */
export type RefusalReason = 'key_busy' | 'queue_full' | 'wait_expired' | 'aborted';

/** Thrown by {@link WorkLimiter.acquire} when the work may not run. */
export class WorkRefused extends Error {
  constructor(public readonly reason: RefusalReason) {
    super(`work refused: ${reason}`);
  }
}

/** Gives the slot back; calling it more than once is harmless. */
export type Release = () => void;

interface Waiter {
  key: string;
  grant: () => void;
  refuse: (reason: RefusalReason) => void;
}

/** See the file comment. */
export class WorkLimiter {
  private running = 0;
  private readonly waiters: Waiter[] = [];
  private readonly inProgress = new Map<string, number>();

  constructor(readonly limits: WorkLimits) {}

  /** Counts running and waiting work (metrics, tests). */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiters.length };
  }

  /**
   * Waits for a slot for `key` and resolves with its release; rejects at once with
   * {@link WorkRefused} when the key or the queue is full, later when the wait expires or
   * `signal` aborts (the client left).
   */
  acquire(key: string, signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(new WorkRefused('aborted'));
    const held = this.inProgress.get(key) ?? 0;
    if (held >= this.limits.perKey) return Promise.reject(new WorkRefused('key_busy'));
    if (this.running < this.limits.concurrency && this.waiters.length === 0) {
      this.inProgress.set(key, held + 1);
      this.running++;
      return Promise.resolve(this.releaseFor(key));
    }
    if (this.waiters.length >= this.limits.queue) return Promise.reject(new WorkRefused('queue_full'));
    this.inProgress.set(key, held + 1);
    return new Promise<Release>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => waiter.refuse('aborted');
      const settle = () => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
      };
      const waiter: Waiter = {
        key,
        grant: () => { settle(); this.running++; resolve(this.releaseFor(key)); },
        refuse: (reason) => { settle(); this.forget(key); reject(new WorkRefused(reason)); },
      };
      this.waiters.push(waiter);
      if (Number.isFinite(this.limits.maxWaitMs)) {
        timer = setTimeout(() => waiter.refuse('wait_expired'), this.limits.maxWaitMs);
        timer.unref();
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Runs `work` in a slot of `key` and gives the slot back when it settles. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(key);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaseFor(key: string): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      this.forget(key);
      while (this.running < this.limits.concurrency && this.waiters.length) this.waiters[0].grant();
    };
  }

  private forget(key: string): void {
    const left = (this.inProgress.get(key) ?? 1) - 1;
    if (left > 0) this.inProgress.set(key, left);
    else this.inProgress.delete(key);
  }
}

/** The limits when the environment sets none: two renders at once suit a 2-core machine. */
export const DEFAULT_HEAVY_LIMITS: WorkLimits = { concurrency: 2, perKey: 1, queue: 10, maxWaitMs: 10_000 };

function whole(value: string | undefined, fallback: number, min: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min ? n : fallback;
}

/**
 * The limits of expensive work read from the environment: `HEAVY_WORK_CONCURRENCY`,
 * `HEAVY_WORK_PER_USER`, `HEAVY_WORK_MAX_WAIT_MS` (integers from 1) and `HEAVY_WORK_QUEUE`
 * (from 0: no waiting at all); anything else keeps the default.
 */
export function heavyWorkLimits(env: NodeJS.ProcessEnv = process.env): WorkLimits {
  const d = DEFAULT_HEAVY_LIMITS;
  return {
    concurrency: whole(env.HEAVY_WORK_CONCURRENCY, d.concurrency, 1),
    perKey: whole(env.HEAVY_WORK_PER_USER, d.perKey, 1),
    queue: whole(env.HEAVY_WORK_QUEUE, d.queue, 0),
    maxWaitMs: whole(env.HEAVY_WORK_MAX_WAIT_MS, d.maxWaitMs, 1),
  };
}
