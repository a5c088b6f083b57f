/**
 * The attack of issue 19, item 14: one user asks for 20 plan PDFs at once while another asks for
 * one. Run twice against the real application (`server/main.ts`, `NODE_ENV=production`) on the
 * demo company: with the limits lifted (as before the heavy-work limiter) and with the defaults.
 * Prints the answers, each side's latency and the Chromium processes and memory at their peak.
 * Not part of `npm test`. Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/heavy-pdf.ts`
 * (the `vigie_bench_heavy` database is recreated, then dropped at the end unless `BENCH_KEEP=1`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { DEMO_COMPANY, seedDemo } from '../server/cli/demo-seed';
import { createUser } from '../server/modules/identity/identity.service';
import { freshDatabase, loginCookie } from './support';

const ROOT = path.resolve(__dirname, '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const PORT = Number(process.env.BENCH_PORT ?? 3107);
const BURST = 20;
const UNBOUNDED = { HEAVY_WORK_CONCURRENCY: '1000', HEAVY_WORK_PER_USER: '1000', HEAVY_WORK_QUEUE: '1000', HEAVY_WORK_MAX_WAIT_MS: '600000' };

function start(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [TSX, 'server/main.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (/Vigie est démarré/.test(chunk.toString())) resolve(child); });
    child.on('exit', (code) => reject(new Error(`server/main.ts s'est arrêté (code ${code})`)));
  });
}

/** Chromium processes under `root` (by parent links) and their resident memory in MB. */
function chromiumUnder(root: number): { count: number; rssMb: number } {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/));
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of rows) children.set(Number(ppid), [...(children.get(Number(ppid)) ?? []), Number(pid)]);
  const under = new Set<number>();
  const stack = [root];
  while (stack.length) for (const c of children.get(stack.pop()!) ?? []) if (!under.has(c)) { under.add(c); stack.push(c); }
  const chromium = rows.filter(([pid, , , comm]) => under.has(Number(pid)) && /chrom/i.test(comm));
  return { count: chromium.length, rssMb: Math.round(chromium.reduce((s, r) => s + Number(r[2]), 0) / 1024) };
}

async function timed(url: string, cookie: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: 'manual', headers: { cookie, 'x-forwarded-proto': 'https' } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = Math.round(performance.now() - t0);
  if (res.status === 302) throw new Error(`redirigé vers ${res.headers.get('location')}`);
  if (res.status === 200 && body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`pas un PDF : ${res.headers.get('content-type')} ${body.subarray(0, 200).toString()}`);
  return { status: res.status, ms };
}

async function scenario(label: string, env: NodeJS.ProcessEnv, users: { username: string; password: string }[], planId: number): Promise<string> {
  const app = await start({ ...env, PORT: String(PORT), BASE_URL: `https://127.0.0.1:${PORT}` });
  try {
    const proto = { 'x-forwarded-proto': 'https' };
    const [a, b] = [await loginCookie(PORT, users[0].username, users[0].password, proto), await loginCookie(PORT, users[1].username, users[1].password, proto)];
    const pdf = `http://127.0.0.1:${PORT}/prevention-plan/${planId}/pdf`;
    await timed(pdf, b); // warm-up: Chromium launched
    const alone = await timed(pdf, b);
    let peak = { count: 0, rssMb: 0 };
    const sampler = setInterval(() => { const s = chromiumUnder(app.pid!); if (s.count > peak.count) peak = { ...peak, count: s.count }; if (s.rssMb > peak.rssMb) peak = { ...peak, rssMb: s.rssMb }; }, 100);
    const burst = Array.from({ length: BURST }, () => timed(pdf, a));
    const other = await timed(pdf, b);
    const answers = await Promise.all(burst);
    clearInterval(sampler);
    const byStatus = answers.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
    const served = answers.filter((r) => r.status === 200).map((r) => r.ms);
    return `| ${label} | ${alone.ms} ms | ${Object.entries(byStatus).map(([s, n]) => `${n} × ${s}`).join(', ')} | ${served.length ? `${Math.min(...served)}–${Math.max(...served)} ms` : '—'} | ${other.status}, ${other.ms} ms | ${peak.count} | ${peak.rssMb} Mo |`;
  } finally {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
  }
}

async function main(): Promise<void> {
  const url = await freshDatabase('vigie_bench_heavy');
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  await runMigrations(ds);
  const accounts = await seedDemo(ds);
  // Two people who see every plan of the demo company.
  const roles = accounts.find((x) => x.username === 'claire.martin')!.roles;
  const [a, b] = [{ username: 'bench.a', password: 'Banc-de-mesure-2026' }, { username: 'bench.b', password: 'Banc-de-mesure-2026' }];
  for (const u of [a, b]) await createUser(ds, { ...u, email: `${u.username}@demo-industrie.fr`, company: DEMO_COMPANY, roles, firstName: 'Banc', lastName: u.username });
  await ds.destroy();
  const db = new Client({ connectionString: url });
  await db.connect();
  const [{ id: planId }] = (await db.query('SELECT id FROM prevention_plan ORDER BY id LIMIT 1')).rows;
  await db.end();
  const env = { DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn' };
  const lines = ['| limites | PDF seul | réponses aux 20 de A | durée des servis | PDF de B pendant la rafale | Chromium (processus, pic) | mémoire Chromium (pic) |', '|---|---|---|---|---|---|---|'];
  lines.push(await scenario('aucune (avant)', { ...env, ...UNBOUNDED }, [a, b], planId));
  lines.push(await scenario('par défaut (2, 1, 10, 10 s)', env, [a, b], planId));
  console.log(lines.join('\n'));
  if (process.env.BENCH_KEEP !== '1') {
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS vigie_bench_heavy WITH (FORCE)');
    await admin.end();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
