import { DEFAULT_HEAVY_LIMITS, heavyWorkLimits, WorkLimiter, WorkRefused, type WorkLimits } from './work-limiter';

const OPEN: WorkLimits = { concurrency: Infinity, perKey: Infinity, queue: Infinity, maxWaitMs: Infinity };

/** Where a promise stands once every pending callback has run (no clock involved). */
async function state(p: Promise<unknown>): Promise<'waiting' | 'granted' | string> {
  const settled = p.then(() => 'granted', (err) => (err instanceof WorkRefused ? err.reason : 'error'));
  const later = new Promise<string>((resolve) => setImmediate(() => resolve('waiting')));
  return Promise.race([settled, later]);
}

describe('WorkLimiter', () => {
  it('runs work at once up to the concurrency, and makes the next one wait for a release', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 2 });
    const first = limiter.acquire('a');
    expect(await state(first)).toBe('granted');
    // One below the limit: another key still starts at once.
    const second = limiter.acquire('b');
    expect(await state(second)).toBe('granted');
    // At the limit: the third waits.
    const third = limiter.acquire('c');
    expect(await state(third)).toBe('waiting');
    expect(limiter.stats()).toEqual({ running: 2, waiting: 1 });
    (await first)();
    expect(await state(third)).toBe('granted');
    expect(limiter.stats()).toEqual({ running: 2, waiting: 0 });
  });

  it('refuses a key its work beyond perKey at once, and lets other keys in', async () => {
    const limiter = new WorkLimiter({ ...OPEN, perKey: 2 });
    const one = limiter.acquire('user:1');
    const two = limiter.acquire('user:1');
    expect(await state(one)).toBe('granted');
    expect(await state(two)).toBe('granted');
    expect(await state(limiter.acquire('user:1'))).toBe('key_busy');
    expect(await state(limiter.acquire('user:2'))).toBe('granted');
    (await one)();
    expect(await state(limiter.acquire('user:1'))).toBe('granted');
  });

  it('counts a waiting piece of work against its key', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1, perKey: 1 });
    const running = await limiter.acquire('user:1');
    expect(await state(limiter.acquire('user:2'))).toBe('waiting');
    expect(await state(limiter.acquire('user:2'))).toBe('key_busy');
    running();
  });

  it('keeps at most `queue` waiting and refuses the next one at once', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1, queue: 2 });
    await limiter.acquire('a');
    expect(await state(limiter.acquire('b'))).toBe('waiting');
    expect(await state(limiter.acquire('c'))).toBe('waiting');
    expect(await state(limiter.acquire('d'))).toBe('queue_full');
    expect(limiter.stats()).toEqual({ running: 1, waiting: 2 });
  });

  it('lets no work wait with a queue of 0', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1, queue: 0 });
    await limiter.acquire('a');
    expect(await state(limiter.acquire('b'))).toBe('queue_full');
  });

  it('grants waiting work in arrival order', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1 });
    const order: string[] = [];
    const release = await limiter.acquire('a');
    const waiting = ['b', 'c', 'd'].map((k) => limiter.acquire(k).then((r) => { order.push(k); r(); }));
    release();
    await Promise.all(waiting);
    expect(order).toEqual(['b', 'c', 'd']);
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives the slot back once however often release is called', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1 });
    const release = await limiter.acquire('a');
    const next = limiter.acquire('b');
    release();
    release();
    const nextRelease = await next;
    expect(limiter.stats()).toEqual({ running: 1, waiting: 0 });
    expect(await state(limiter.acquire('c'))).toBe('waiting');
    nextRelease();
  });

  it('drops a waiter whose client left, and frees its key', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1, perKey: 1 });
    const release = await limiter.acquire('a');
    const gone = new AbortController();
    const waiting = limiter.acquire('b', gone.signal);
    gone.abort();
    expect(await state(waiting)).toBe('aborted');
    expect(limiter.stats()).toEqual({ running: 1, waiting: 0 });
    expect(await state(limiter.acquire('b'))).toBe('waiting');
    release();
  });

  it('runs work and releases its slot when the work fails', async () => {
    const limiter = new WorkLimiter({ ...OPEN, concurrency: 1 });
    await expect(limiter.run('a', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await limiter.run('a', async () => 'done')).toBe('done');
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0 });
  });

  describe('wait limit', () => {
    beforeEach(() => { jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }); });
    afterEach(() => { jest.useRealTimers(); });

    it('refuses waiting work after exactly maxWaitMs', async () => {
      const limiter = new WorkLimiter({ ...OPEN, concurrency: 1, maxWaitMs: 1000 });
      const release = await limiter.acquire('a');
      const waiting = limiter.acquire('b');
      jest.advanceTimersByTime(999);
      expect(await state(waiting)).toBe('waiting');
      jest.advanceTimersByTime(1);
      expect(await state(waiting)).toBe('wait_expired');
      expect(limiter.stats()).toEqual({ running: 1, waiting: 0 });
      release();
    });

    it('grants work released just before its wait ends', async () => {
      const limiter = new WorkLimiter({ ...OPEN, concurrency: 1, maxWaitMs: 1000 });
      const release = await limiter.acquire('a');
      const waiting = limiter.acquire('b');
      jest.advanceTimersByTime(999);
      release();
      expect(await state(waiting)).toBe('granted');
      jest.advanceTimersByTime(1);
      expect(limiter.stats()).toEqual({ running: 1, waiting: 0 });
      (await waiting)();
    });
  });
});

describe('heavyWorkLimits', () => {
  it('keeps the defaults without settings: 2 at once, 1 per user, 10 waiting for 10 s', () => {
    expect(heavyWorkLimits({})).toEqual({ concurrency: 2, perKey: 1, queue: 10, maxWaitMs: 10_000 });
    expect(heavyWorkLimits({})).toEqual(DEFAULT_HEAVY_LIMITS);
  });

  it('reads the environment, and keeps the default for a value it cannot use', () => {
    expect(heavyWorkLimits({ HEAVY_WORK_CONCURRENCY: '4', HEAVY_WORK_PER_USER: '2', HEAVY_WORK_QUEUE: '0', HEAVY_WORK_MAX_WAIT_MS: '500' }))
      .toEqual({ concurrency: 4, perKey: 2, queue: 0, maxWaitMs: 500 });
    expect(heavyWorkLimits({ HEAVY_WORK_CONCURRENCY: '0', HEAVY_WORK_PER_USER: 'deux', HEAVY_WORK_QUEUE: '-1', HEAVY_WORK_MAX_WAIT_MS: '1.5' }))
      .toEqual(DEFAULT_HEAVY_LIMITS);
    expect(heavyWorkLimits({ HEAVY_WORK_CONCURRENCY: '1' }).concurrency).toBe(1);
  });
});
