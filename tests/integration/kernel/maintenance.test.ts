import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs } from '../../../server/kernel/jobs/runner';
import { MAINTENANCE_JOB, registerMaintenanceJob, removeStaleStagingFiles, scheduleMaintenance, STALE_STAGING_MS } from '../../../server/kernel/maintenance.job';
import { stagingDir } from '../../../server/kernel/uploads';
import { openTestDatabase, type TestDatabase } from '../../support/db';

// A staging folder of this file's own, so the files it cleans are nobody else's.
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-maintenance-'));

const NOW = new Date('2026-11-26T10:00:00Z');
const HOUR = 3600_000;
let db: TestDatabase;
let restore: () => void = () => undefined;

beforeAll(async () => {
  db = await openTestDatabase();
  registerMaintenanceJob();
  restore = useClock(new FixedClock(NOW));
});
afterAll(async () => {
  restore();
  await db.close();
  fs.rmSync(TMP, { recursive: true, force: true });
});

const at = (msBeforeNow: number) => new Date(NOW.getTime() - msBeforeNow);

describe('kernel housekeeping (hourly, and at start-up)', () => {
  it('forgets login-throttling windows over for more than an hour, keeps the others and running blocks', async () => {
    const rows: Array<[string, Date, Date | null]> = [
      ['ip:old', at(HOUR + 1000), null],
      ['ip:limit', at(HOUR), null],
      ['ip:recent', at(HOUR - 1000), null],
      ['acct:blocked', at(2 * HOUR), new Date(NOW.getTime() + 60_000)],
    ];
    for (const [key, start, blocked] of rows) {
      await db.dataSource.query('INSERT INTO login_throttle (key, hits, window_start, blocked_until) VALUES ($1, 3, $2, $3)', [key, start, blocked]);
    }
    await scheduleMaintenance(db.dataSource);
    expect(await drainJobs(db.dataSource, { names: [MAINTENANCE_JOB], maxRounds: 1 })).toMatchObject({ done: 1, failed: 0 });
    const left = await db.dataSource.query('SELECT key FROM login_throttle ORDER BY key');
    expect(left.map((r: { key: string }) => r.key)).toEqual(['acct:blocked', 'ip:limit', 'ip:recent']);
    const [next] = await db.dataSource.query(`SELECT run_at FROM job WHERE name = $1 AND status = 'pending'`, [MAINTENANCE_JOB]);
    expect(new Date(next.run_at).getTime()).toBe(NOW.getTime() + HOUR);
  });

  it('removes staged uploads a dead process left for more than an hour', async () => {
    expect(stagingDir()).toBe(path.join(os.tmpdir(), 'vigie-uploads'));
    const dir = path.join(TMP, 'vigie-uploads');
    fs.mkdirSync(dir, { recursive: true });
    const files: Array<[string, number]> = [['abandonne', STALE_STAGING_MS + 1000], ['limite', STALE_STAGING_MS - 1000], ['en-cours', 0]];
    for (const [name, age] of files) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'octets');
      const when = at(age);
      fs.utimesSync(file, when, when);
    }
    expect(removeStaleStagingFiles(dir)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['en-cours', 'limite']);
  });
});
