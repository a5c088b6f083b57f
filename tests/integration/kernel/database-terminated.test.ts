import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { freePort } from '../../../server/kernel/db/embedded';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { makeUser } from '../../support/app';
import { TcpProxy } from '../../support/tcp-proxy';

// The fault, on this file's own database and without touching the shared server: while
// 16 requests, their sessions, a transaction and a job are in flight, PostgreSQL ends the app's
// connections (`pg_terminate_backend`, 57P01; the embedded database has one backend for every
// connection, so there the proxy in front of it cuts them), then goes away for a while (the proxy
// stops answering) and comes back. The app runs in a process of its own
// (tests/support/outage-server.ts), as `npm start` does, so an unhandled error really kills it.

let db: TestDatabase;
let child: ChildProcess;
let base: string;
let stderr = '';
let proxy: TcpProxy;
const JOB = 'test.slow_transaction';

beforeAll(async () => {
  db = await openTestDatabase(1);
  await ensureSystemRoles(db.dataSource);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const target = new URL(db.url);
  proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  const appUrl = new URL(db.url);
  appUrl.host = `127.0.0.1:${await proxy.start()}`;
  child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', 'support', 'outage-server.ts')], {
    env: { ...process.env, DATABASE_URL: appUrl.toString(), PORT: String(port), OUTAGE_POOL_SIZE: db.embedded ? '1' : '10' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk) => { stderr += String(chunk); });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => { if (String(chunk).includes('ready')) resolve(); });
    child.once('exit', (code) => reject(new Error(`le serveur s'est arrêté (${code}) : ${stderr}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await proxy.cut();
  await db.close();
});

async function login(username: string, password: string): Promise<string> {
  const page = await fetch(`${base}/login`);
  const cookie = page.headers.get('set-cookie')!.split(';')[0];
  const csrf = /name="_csrf_token" value="([^"]+)"/.exec(await page.text())![1];
  const res = await fetch(`${base}/login`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _username: username, _password: password, _csrf_token: csrf }),
  });
  expect(res.status).toBe(302);
  // Every cookie the login sets (the session, and the known-device cookie of the account lockout).
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** Ends every connection the app holds to this file's database; returns how many. */
async function terminateAppBackends(dbName: string): Promise<number> {
  if (db.embedded) {
    const dropped = await proxy.cut();
    await proxy.start();
    return dropped;
  }
  const admin = new Client({ connectionString: process.env.VIGIE_TEST_ADMIN_URL });
  await admin.connect();
  try {
    const res = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [dbName]);
    return res.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL ends the application connections under load', () => {
  it('keeps the process alive, answers 200 or a French 503, and serves a 200 within a second of its return', async () => {
    const user = await makeUser({ db } as never, { roles: ['admin'] });
    const enqueueJob = async (payload: Record<string, unknown>) => {
      const [row] = await db.dataSource.query(`INSERT INTO job (name, payload, run_at) VALUES ($1, $2, now()) RETURNING id`, [JOB, payload]);
      return row.id as number;
    };
    const cookie = await login(user.username, user.password);
    const first = await fetch(`${base}/action-plan`, { headers: { cookie } });
    expect(first.status).toBe(200);
    // The pages below travel compressed, as a browser gets them, while the database fails under them.
    expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);

    for (let i = 0; i < 20; i++) await enqueueJob({ n: i });

    const statuses = new Map<number, number>();
    const unavailableBodies: string[] = [];
    let stop = false;
    let measuring = false;
    let slowest = 0;
    // Requests are judged by when they started: one that had its data before the cut may still
    // finish well after it on a busy machine, and says nothing of the outage.
    let awayFrom: number | null = null;
    let backAt: number | null = null;
    let startedAwayAndServed = 0;
    let firstOkAt: number | null = null;
    const loop = async () => {
      while (!stop) {
        // A refused or cut connection counts as status 0: the process is gone.
        // Redirects are not followed: a 302 to the login page would mean the user lost the session.
        const started = Date.now();
        const res = await fetch(`${base}/action-plan`, { headers: { cookie }, redirect: 'manual' }).catch(() => null);
        if (res?.status === 200 && measuring) slowest = Math.max(slowest, Date.now() - started);
        const body = res ? await res.text().catch(() => '') : '';
        const status = res?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const startedAway = awayFrom !== null && started >= awayFrom;
        if (status === 200 && startedAway && backAt === null) startedAwayAndServed++;
        if (status === 200 && startedAway && backAt !== null && firstOkAt === null) firstOkAt = Date.now();
        if (status === 503 && unavailableBodies.length < 3) unavailableBodies.push(body);
        if (!res) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loops = Array.from({ length: 16 }, loop);

    const dbName = new URL(db.url).pathname.slice(1);
    const count = (status: number) => statuses.get(status) ?? 0;
    const until = async (done: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    };
    // Let the load settle, then end every connection ten times in a row.
    await until(() => count(200) >= 16, 20_000);
    // How long a request takes under this load anyway, before any fault.
    measuring = true;
    await until(() => count(200) >= 48, 20_000);
    measuring = false;
    let terminated = 0;
    for (let i = 0; i < 10; i++) {
      terminated += await terminateAppBackends(dbName);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Then the database is away: every request gets the French 503 until it comes back.
    await proxy.cut();
    awayFrom = Date.now();
    const unavailableBefore = count(503);
    await until(() => count(503) >= unavailableBefore + 16, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    backAt = Date.now();
    await proxy.start();
    await until(() => firstOkAt !== null, 5000);
    const firstOkAfterMs = firstOkAt === null ? null : firstOkAt - backAt;
    stop = true;
    await Promise.all(loops);

    expect(child.exitCode).toBeNull();
    expect(stderr).not.toMatch(/Unhandled|uncaught/i);
    expect(terminated).toBeGreaterThanOrEqual(5);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(count(503)).toBeGreaterThanOrEqual(unavailableBefore + 16);
    // While away, no request started then was served.
    expect(startedAwayAndServed).toBe(0);
    expect(unavailableBodies[0]).toContain('Service momentanément indisponible');
    expect(firstOkAfterMs).not.toBeNull();
    // A request already takes up to `slowest` under this load without any fault (on the embedded
    // database the 16 requests' queries run one at a time; on a loaded CI machine the other test
    // worker shares the cores): the return may add 1 s to that.
    expect(firstOkAfterMs!).toBeLessThan(1000 + slowest);

    // The worker lived through it: a job queued now runs to its end.
    const after = await enqueueJob({ after: true });
    let status = '';
    const deadline = Date.now() + 10_000;
    while (status !== 'done' && Date.now() < deadline) {
      [{ status }] = await db.dataSource.query('SELECT status FROM job WHERE id = $1', [after]);
      if (status !== 'done') await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe('done');
  }, 60_000);
});
