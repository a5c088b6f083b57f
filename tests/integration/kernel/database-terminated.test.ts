import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { ensureSystemRoles } from '../../../server/modules/identity/roles';
import { freePort } from '../../../server/kernel/db/embedded';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { makeUser } from '../../support/app';
import { TcpProxy } from '../../support/tcp-proxy';

// The fault: PostgreSQL ends the app's connections (57P01) while 16 requests, their
// sessions, a transaction and a job are in flight. `pg_terminate_backend` plays it on this file's
// own database, without touching the shared server; the embedded database has a single backend
// for every connection, so there a proxy in front of it cuts them instead. The app runs in a
// process of its own (tests/support/outage-server.ts), as `npm start` does, so an unhandled error
// really kills it.

let db: TestDatabase;
let child: ChildProcess;
let base: string;
let stderr = '';
let proxy: TcpProxy | null = null;
const JOB = 'test.slow_transaction';

beforeAll(async () => {
  db = await openTestDatabase(1);
  await ensureSystemRoles(db.dataSource);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  let appUrl = db.url;
  if (db.embedded) {
    const target = new URL(db.url);
    proxy = new TcpProxy(target.hostname, Number(target.port));
    const url = new URL(db.url);
    url.host = `127.0.0.1:${await proxy.start()}`;
    appUrl = url.toString();
  }
  child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', '..', 'support', 'outage-server.ts')], {
    env: { ...process.env, DATABASE_URL: appUrl, PORT: String(port), OUTAGE_POOL_SIZE: db.embedded ? '1' : '10' },
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
  await proxy?.cut();
  await db.close();
});

async function login(username: string, password: string): Promise<string> {
  const page = await fetch(`${base}/login`);
  let cookie = page.headers.get('set-cookie')!.split(';')[0];
  const csrf = /name="_csrf_token" value="([^"]+)"/.exec(await page.text())![1];
  const res = await fetch(`${base}/login`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _username: username, _password: password, _csrf_token: csrf }),
  });
  expect(res.status).toBe(302);
  cookie = res.headers.get('set-cookie')!.split(';')[0];
  return cookie;
}

/** Ends every connection the app holds to this file's database; returns how many. */
async function terminateAppBackends(dbName: string): Promise<number> {
  if (proxy) {
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
  it('keeps the process alive, answers 200 or a French 503, then serves a 200 within a second', async () => {
    const user = await makeUser({ db } as never, { roles: ['admin'] });
    const enqueueJob = async (payload: Record<string, unknown>) => {
      const [row] = await db.dataSource.query(`INSERT INTO job (name, payload, run_at) VALUES ($1, $2, now()) RETURNING id`, [JOB, payload]);
      return row.id as number;
    };
    const cookie = await login(user.username, user.password);
    expect((await fetch(`${base}/action-plan`, { headers: { cookie } })).status).toBe(200);

    for (let i = 0; i < 20; i++) await enqueueJob({ n: i });

    const statuses = new Map<number, number>();
    const unavailableBodies: string[] = [];
    let stop = false;
    const loop = async () => {
      while (!stop) {
        // A refused or cut connection counts as status 0: the process is gone.
        const res = await fetch(`${base}/action-plan`, { headers: { cookie } }).catch(() => null);
        const body = res ? await res.text().catch(() => '') : '';
        const status = res?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 503 && unavailableBodies.length < 3) unavailableBodies.push(body);
        if (!res) await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loops = Array.from({ length: 16 }, loop);

    const dbName = new URL(db.url).pathname.slice(1);
    let terminated = 0;
    // Let the load settle, then cut every connection ten times in a row.
    while ((statuses.get(200) ?? 0) < 16) await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 10; i++) {
      terminated += await terminateAppBackends(dbName);
      await new Promise((r) => setTimeout(r, 100));
    }
    const back = Date.now();
    const okBefore = statuses.get(200) ?? 0;
    let firstOkAfterMs: number | null = null;
    while (firstOkAfterMs === null && Date.now() - back < 5000) {
      if ((statuses.get(200) ?? 0) > okBefore) firstOkAfterMs = Date.now() - back;
      await new Promise((r) => setTimeout(r, 5));
    }
    stop = true;
    await Promise.all(loops);

    expect(child.exitCode).toBeNull();
    expect(stderr).not.toMatch(/Unhandled|uncaught/i);
    expect(terminated).toBeGreaterThanOrEqual(5);
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(unavailableBodies[0]).toContain('Service momentanément indisponible');
    expect(firstOkAfterMs).not.toBeNull();
    expect(firstOkAfterMs!).toBeLessThan(1000);

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
