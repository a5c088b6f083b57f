/**
 * Action list benchmark: the application's `action_plan_index` (filter, sort, 50 rows, total
 * count) against a bare `pg` server running the same SQL, on the same generated data, in the
 * same run, 16 connections each. Not part of `npm test`.
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:actions` (the
 * `vigie_bench_actions` database is dropped and recreated).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from '../../server/kernel/auth/password';
import { createDataSource } from '../../server/kernel/db/data-source';
import { runMigrations } from '../../server/kernel/db/migrations';
import { createUser } from '../../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../../server/modules/identity/roles';
import { DEFAULT_SIZES, generate } from './generate';
import { FILTER } from './list-query';
import { freshDatabase, loginCookie } from '../support';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 16;
const PASSWORD = 'Banc-de-mesure-2026';

function start(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (ready.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`${script} s'est arrêté (code ${code})`)));
  });
}

interface Figures { rps: number; p50: number; p975: number; p99: number; errors: number }

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p975: result.latency.p97_5, p99: result.latency.p99, errors: bad };
}

async function main(): Promise<void> {
  const url = await freshDatabase('vigie_bench_actions');
  const ds = createDataSource({ url, poolSize: 4 });
  await ds.initialize();
  await runMigrations(ds);
  await ensureSystemRoles(ds);
  const boss = await createUser(ds, { username: 'bench.admin', password: PASSWORD, email: 'bench.admin@example.fr', roles: ['super_admin'], company: 'Société de mesure 01' });
  const started = Date.now();
  const timings = await generate(ds, boss.tenantId, await hashPassword(PASSWORD));
  console.log(`Données générées en ${((Date.now() - started) / 1000).toFixed(1)} s :`, DEFAULT_SIZES, timings);
  const [{ total }] = await ds.query(`SELECT count(*)::int AS total FROM action WHERE tenant_id = $1 AND status = $2 AND NOT archived`, [boss.tenantId, FILTER.status]);
  await ds.destroy();

  const appPort = 3900 + Math.floor(Math.random() * 50);
  const barePort = appPort + 50;
  const common = { DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${appPort}` };
  const app = await start('server/main.ts', { ...common, PORT: String(appPort) }, /Vigie est démarré/);
  const bare = await start('bench/action-list/bare-server.ts', { ...common, PORT: String(barePort), BENCH_TENANT: String(boss.tenantId) }, /bare server ready/);
  try {
    const cookie = await loginCookie(appPort, 'bench.admin', PASSWORD, { 'x-forwarded-proto': 'https' });
    const query = new URLSearchParams(FILTER).toString();
    const appUrl = `http://127.0.0.1:${appPort}/action-plan?${query}`;
    const check = await fetch(appUrl, { headers: { cookie } });
    const html = await check.text();
    if (check.status !== 200 || !html.includes("data-action-row=")) throw new Error(`la liste ne répond pas comme prévu (${check.status})`);
    console.log(`Liste : ${total} actions « ${FILTER.status} » dans la société principale, 50 par page, tri par échéance.`);
    await load(appUrl, { cookie }); // warm-up pass, not reported
    const appFigures = await load(appUrl, { cookie });
    const bareFigures = await load(`http://127.0.0.1:${barePort}/`, {});
    const line = (label: string, f: Figures) => `${label.padEnd(14)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50} ms   p97.5 ${f.p975} ms   p99 ${f.p99} ms   erreurs ${f.errors}`;
    console.log(line('application', appFigures));
    console.log(line('serveur nu', bareFigures));
    console.log(`ratio application / nu : ${(appFigures.rps / bareFigures.rps).toFixed(2)}  (objectif >= 0.75 ; p99 objectif <= 100 ms)`);
  } finally {
    app.kill('SIGINT');
    bare.kill();
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
