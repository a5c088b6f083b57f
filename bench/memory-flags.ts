/**
 * Memory under load by runtime setting (issue 21 item 5): the action list (16 connections, 20 s)
 * on the compiled server, once per variant of environment (glibc arenas, V8 young generation),
 * peak VmRSS and throughput of each. Not part of `npm test`.
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/memory-flags.ts`
 * (reuses `vigie_bench_actions` when `BENCH_REUSE=1`, else recreates it).
 */
import autocannon from 'autocannon';
import { hashPassword } from '../server/kernel/auth/password';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { createUser } from '../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../server/modules/identity/roles';
import { generate } from './action-list/generate';
import { FILTER } from './action-list/list-query';
import { freshDatabase, loginCookie, rssMb, startApp } from './support';

const PASSWORD = 'Banc-de-mesure-2026';
// `BENCH_VARIANTS='[["label", {"NODE_OPTIONS": "…"}]]'` measures other settings.
const VARIANTS: Array<[string, NodeJS.ProcessEnv]> = process.env.BENCH_VARIANTS ? JSON.parse(process.env.BENCH_VARIANTS) : [
  ['par défaut', {}],
  ['MALLOC_ARENA_MAX=2', { MALLOC_ARENA_MAX: '2' }],
  ['--max-semi-space-size=4', { NODE_OPTIONS: '--max-semi-space-size=4' }],
  ['les deux', { MALLOC_ARENA_MAX: '2', NODE_OPTIONS: '--max-semi-space-size=4' }],
];

async function main(): Promise<void> {
  const base = process.env.DATABASE_URL!;
  let url: string;
  if (process.env.BENCH_REUSE === '1') {
    url = base.replace(/\/[^/]+$/, '/vigie_bench_actions');
  } else {
    url = await freshDatabase('vigie_bench_actions');
    const ds = createDataSource({ url, poolSize: 4 });
    await ds.initialize();
    await runMigrations(ds);
    await ensureSystemRoles(ds);
    const boss = await createUser(ds, { username: 'bench.admin', password: PASSWORD, email: 'bench.admin@example.fr', roles: ['super_admin'], company: 'Société de mesure 01' });
    await generate(ds, boss.tenantId, await hashPassword(PASSWORD));
    await ds.destroy();
  }
  for (const [label, env] of VARIANTS) {
    const port = 3950 + Math.floor(Math.random() * 40);
    const app = await startApp({ DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${port}`, PORT: String(port), ...env });
    try {
      await new Promise((r) => setTimeout(r, 1000));
      const afterStart = rssMb(app.pid!);
      const cookie = await loginCookie(port, 'bench.admin', PASSWORD, { 'x-forwarded-proto': 'https' });
      const target = `http://127.0.0.1:${port}/action-plan?${new URLSearchParams(FILTER)}`;
      let peak = afterStart;
      const timer = setInterval(() => { peak = Math.max(peak, rssMb(app.pid!)); }, 100);
      const results = [];
      for (let i = 0; i < 2; i++) results.push(await autocannon({ url: target, connections: 16, duration: 20, headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } }));
      clearInterval(timer);
      const r = results[1];
      console.log(`${label.padEnd(28)} après démarrage ${afterStart.toFixed(0)} Mo, pic ${peak.toFixed(0)} Mo, ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms, erreurs ${r.non2xx + r.errors}`);
    } finally {
      app.kill('SIGINT');
      await new Promise((r) => setTimeout(r, 1500));
    }
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
