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
import { benchResult, freshDatabase, loginCookie, median, rssMb, startApp } from '../support';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONNECTIONS = 16;
const PASSWORD = 'Banc-de-mesure-2026';

function startBare(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, 'bench/action-list/bare-server.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (/bare server ready/.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`bare-server.ts s'est arrêté (code ${code})`)));
  });
}

interface Figures { rps: number; p50: number; p975: number; p99: number; errors: number }

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  // As a browser asks: compressed when the server compresses.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p975: result.latency.p97_5, p99: result.latency.p99, errors: bad };
}

/** Highest VmRSS of `pid` while `work` runs, sampled every 100 ms. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 100);
  try {
    return { value: await work(), peak };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const url = await freshDatabase(process.env.BENCH_DB ?? 'vigie_bench_actions');
  const ds = createDataSource({ url, poolSize: 4 });
  await ds.initialize();
  await runMigrations(ds);
  await ensureSystemRoles(ds);
  const boss = await createUser(ds, { username: 'bench.admin', password: PASSWORD, email: 'bench.admin@example.fr', roles: ['super_admin'], company: 'Société de mesure 01' });
  const started = Date.now();
  const timings = await generate(ds, boss.tenantId, await hashPassword(PASSWORD));
  console.log(`Données générées en ${((Date.now() - started) / 1000).toFixed(1)} s :`, DEFAULT_SIZES, timings);
  const [{ total }] = await ds.query(`SELECT count(*)::int AS total FROM action WHERE tenant_id = $1 AND status = $2 AND NOT archived`, [boss.tenantId, FILTER.status]);
  const [{ events }] = await ds.query(`SELECT count(*)::int AS events FROM event WHERE tenant_id = $1 AND deleted_at IS NULL`, [boss.tenantId]);
  await ds.destroy();

  const appPort = 3900 + Math.floor(Math.random() * 50);
  const barePort = appPort + 50;
  const common = { DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${appPort}` };
  const app = await startApp({ ...common, PORT: String(appPort) });
  const bare = await startBare({ ...common, PORT: String(barePort), BENCH_TENANT: String(boss.tenantId) });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfterStart = rssMb(app.pid!);
    const cookie = await loginCookie(appPort, 'bench.admin', PASSWORD, { 'x-forwarded-proto': 'https' });
    const query = new URLSearchParams(FILTER).toString();
    const appUrl = `http://127.0.0.1:${appPort}/action-plan?${query}`;
    const check = await fetch(appUrl, { headers: { cookie, 'accept-encoding': 'identity' } });
    const html = await check.text();
    if (check.status !== 200 || !html.includes('data-action-row=')) throw new Error(`la liste ne répond pas comme prévu (${check.status})`);
    const gzipped = (await fetch(appUrl, { headers: { cookie, 'accept-encoding': 'gzip' } })).headers.get('content-encoding');
    console.log(`Liste : ${total} actions « ${FILTER.status} » dans la société principale, 50 par page, tri par échéance ; HTML ${(Buffer.byteLength(html) / 1024).toFixed(0)} Ko (${gzipped ?? 'non compressé'} sur le réseau).`);
    const line = (label: string, f: Figures) => `${label.padEnd(22)} ${f.rps.toFixed(0).padStart(6)} req/s   p50 ${f.p50} ms   p97.5 ${f.p975} ms   p99 ${f.p99} ms   erreurs ${f.errors}`;
    await load(appUrl, { cookie }); // warm-up pass, not reported
    const ratios: number[] = [];
    const p99Ratios: number[] = [];
    let peak = rssAfterStart;
    for (let run = 1; run <= RUNS; run++) {
      const measured = await peakRss(app.pid!, () => load(appUrl, { cookie }));
      peak = Math.max(peak, measured.peak);
      const floor = await load(`http://127.0.0.1:${barePort}/`, {});
      console.log(line(`application (${run}/${RUNS})`, measured.value));
      console.log(line(`serveur nu (${run}/${RUNS})`, floor));
      ratios.push(measured.value.rps / floor.rps);
      p99Ratios.push(measured.value.p99 / floor.p99);
    }
    const eventsUrl = `http://127.0.0.1:${appPort}/events`;
    const eventCheck = await fetch(eventsUrl, { headers: { cookie } });
    if (eventCheck.status !== 200) throw new Error(`la liste des événements répond ${eventCheck.status}`);
    const eventLoad = await peakRss(app.pid!, () => load(eventsUrl, { cookie }));
    peak = Math.max(peak, eventLoad.peak);
    console.log(line(`événements (${events})`, eventLoad.value));
    const ratio = median(ratios);
    console.log(`ratio application / nu (médiane de ${RUNS}) : ${ratio.toFixed(2)} (objectif >= 0.75) ; p99 / p99 nu : ${median(p99Ratios).toFixed(1)} (objectif <= 4)`);
    console.log(`mémoire (VmRSS) : ${rssAfterStart.toFixed(0)} Mo après le démarrage, ${peak.toFixed(0)} Mo au plus sous charge (objectif <= 150 Mo)`);
    benchResult('action_list', { ratio, p99Ratio: median(p99Ratios), htmlKb: Buffer.byteLength(html) / 1024 });
    benchResult('event_list', { rps: eventLoad.value.rps, p50: eventLoad.value.p50, p99: eventLoad.value.p99, errors: eventLoad.value.errors });
    benchResult('memory', { afterStartMb: rssAfterStart, peakMb: peak });
  } finally {
    app.kill('SIGINT');
    bare.kill();
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
