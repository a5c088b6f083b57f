import { FixedClock, useClock } from '../../../server/kernel/clock';
import { enqueue } from '../../../server/kernel/jobs/enqueue';
import { Job } from '../../../server/kernel/jobs/job.entity';
import { registerJobHandler } from '../../../server/kernel/jobs/registry';
import { drainJobs, runDueJobs, STUCK_AFTER_MS } from '../../../server/kernel/jobs/runner';
import { startJobWorker } from '../../../server/kernel/jobs/worker';
import { openTestDatabase, type TestDatabase } from '../../support/db';

const HOUR = 60 * 60 * 1000;
const MINE = { names: ['test.record', 'test.fail', 'test.slow'] };
let db: TestDatabase;
let fixed: FixedClock;
let restoreClock: () => void;
const runs: Array<{ name: string; payload: Record<string, unknown> }> = [];
let failures = 0;

beforeAll(async () => {
  db = await openTestDatabase(5);
  fixed = new FixedClock(new Date('2026-03-12T08:00:00Z'));
  restoreClock = useClock(fixed);
  registerJobHandler('test.record', async (payload) => { runs.push({ name: 'test.record', payload }); });
  registerJobHandler('test.fail', async () => { failures++; throw new Error('Serveur SMTP injoignable'); });
  registerJobHandler('test.slow', async (payload) => {
    runs.push({ name: 'test.slow', payload });
    await new Promise((r) => setTimeout(r, 30));
  });
});
afterAll(async () => {
  restoreClock();
  await db.close();
});
beforeEach(async () => {
  // The embedded test database is shared: leave other files' jobs alone, only clear ours.
  await db.dataSource.query(`DELETE FROM "job" WHERE "name" LIKE 'test.%'`);
  runs.length = 0;
  failures = 0;
});

describe('jobs', () => {
  it('never runs a job enqueued in a transaction that rolled back', async () => {
    await expect(db.dataSource.transaction(async (manager) => {
      await enqueue(manager, 'test.record', { step: 'rolled back' });
      throw new Error('workflow refused');
    })).rejects.toThrow('workflow refused');
    await db.dataSource.transaction((manager) => enqueue(manager, 'test.record', { step: 'committed' }));
    await drainJobs(db.dataSource, MINE);
    expect(runs.map((r) => r.payload.step)).toEqual(['committed']);
  });

  it('runs a job planned in two hours only once the clock has moved two hours', async () => {
    await enqueue(db.dataSource.manager, 'test.record', { check: 'fire' }, { runAt: new Date(fixed.now().getTime() + 2 * HOUR), tenantId: 7 });
    await drainJobs(db.dataSource, MINE);
    expect(runs).toEqual([]);
    fixed.advance(2 * HOUR - 60_000);
    await drainJobs(db.dataSource, MINE);
    expect(runs).toEqual([]);
    fixed.advance(60_000);
    await drainJobs(db.dataSource, MINE);
    expect(runs).toEqual([{ name: 'test.record', payload: { check: 'fire' } }]);
    const job = await db.dataSource.manager.findOneByOrFail(Job, { name: 'test.record' });
    expect(job.status).toBe('done');
    expect(job.tenantId).toBe(7);
  });

  it('retries a failing job with backoff, then marks it failed with its error', async () => {
    const created = await enqueue(db.dataSource.manager, 'test.fail', {}, { maxAttempts: 3 });
    expect((await runDueJobs(db.dataSource, MINE)).retried).toBe(1);
    let job = await db.dataSource.manager.findOneByOrFail(Job, { id: created.id });
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toContain('Serveur SMTP injoignable');
    expect(job.runAt.getTime()).toBeGreaterThan(fixed.now().getTime());
    // Not due again before its backoff.
    expect((await runDueJobs(db.dataSource, MINE)).claimed).toBe(0);
    for (let i = 0; i < 2; i++) {
      fixed.advance(HOUR);
      await drainJobs(db.dataSource, MINE);
    }
    job = await db.dataSource.manager.findOneByOrFail(Job, { id: created.id });
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failures).toBe(3);
    fixed.advance(24 * HOUR);
    await drainJobs(db.dataSource, MINE);
    expect(failures).toBe(3);
  });

  it('never runs the same job twice when two workers poll at once', async () => {
    for (let i = 0; i < 30; i++) await enqueue(db.dataSource.manager, 'test.slow', { i });
    const reports = await Promise.all([
      runDueJobs(db.dataSource, { ...MINE, limit: 20 }),
      runDueJobs(db.dataSource, { ...MINE, limit: 20 }),
      runDueJobs(db.dataSource, { ...MINE, limit: 20 }),
    ]);
    await drainJobs(db.dataSource, MINE);
    const seen = runs.map((r) => r.payload.i);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(reports.reduce((n, r) => n + r.claimed, 0)).toBeLessThanOrEqual(30);
  });

  it('releases a job left running by a dead worker after 15 minutes', async () => {
    const created = await enqueue(db.dataSource.manager, 'test.record', { lost: true });
    await db.dataSource.query(`UPDATE "job" SET "status" = 'running', "locked_at" = $1, "attempts" = 1 WHERE "id" = $2`, [fixed.now(), created.id]);
    await drainJobs(db.dataSource, MINE);
    expect(runs).toEqual([]);
    fixed.advance(STUCK_AFTER_MS + 1000);
    await drainJobs(db.dataSource, MINE);
    expect(runs).toEqual([{ name: 'test.record', payload: { lost: true } }]);
  });

  it('leaves the jobs of other names alone when asked to', async () => {
    await enqueue(db.dataSource.manager, 'other.module', {});
    expect((await drainJobs(db.dataSource, MINE)).claimed).toBe(0);
    await db.dataSource.query(`DELETE FROM "job" WHERE "name" = 'other.module'`);
  });

  it('has a polling worker that runs due jobs and stops cleanly', async () => {
    await enqueue(db.dataSource.manager, 'test.record', { via: 'worker' });
    const worker = startJobWorker(db.dataSource, { intervalMs: 20 });
    for (let i = 0; i < 100 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(runs).toEqual([{ name: 'test.record', payload: { via: 'worker' } }]);
  });
});
