/**
 * Size of the action plan's 50-row page on the benchmark data, without the load test of run.ts
 * (about a minute): same data, same filter, same logged-in admin, the HTML before compression
 * and after gzip. Writes the page to var/bench/action-list.html to look at what it is made of.
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/action-list/html-size.ts`
 * (the `vigie_bench_html` database is dropped and recreated).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { hashPassword } from '../../server/kernel/auth/password';
import { createDataSource } from '../../server/kernel/db/data-source';
import { runMigrations } from '../../server/kernel/db/migrations';
import { createUser } from '../../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../../server/modules/identity/roles';
import { generate } from './generate';
import { FILTER } from './list-query';
import { benchResult, freshDatabase, loginCookie, startApp } from '../support';

const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'Banc-de-mesure-2026';

async function main(): Promise<void> {
  const url = await freshDatabase(process.env.BENCH_DB ?? 'vigie_bench_html');
  const ds = createDataSource({ url, poolSize: 4 });
  await ds.initialize();
  await runMigrations(ds);
  await ensureSystemRoles(ds);
  const boss = await createUser(ds, { username: 'bench.admin', password: PASSWORD, email: 'bench.admin@example.fr', roles: ['super_admin'], company: 'Société de mesure 01' });
  await generate(ds, boss.tenantId, await hashPassword(PASSWORD));
  await ds.destroy();
  const port = 3800 + Math.floor(Math.random() * 50);
  const app = await startApp({ DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${port}`, PORT: String(port) });
  try {
    const cookie = await loginCookie(port, 'bench.admin', PASSWORD, { 'x-forwarded-proto': 'https' });
    const res = await fetch(`http://127.0.0.1:${port}/action-plan?${new URLSearchParams(FILTER)}`, { headers: { cookie, 'accept-encoding': 'identity' } });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('data-action-row=')) throw new Error(`la liste ne répond pas comme prévu (${res.status})`);
    const rows = html.match(/data-action-row=/g)!.length;
    const bytes = Buffer.byteLength(html);
    const out = path.join(ROOT, 'var/bench/action-list.html');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, html);
    console.log(`${rows} lignes : HTML ${bytes} octets (${(bytes / 1024).toFixed(1)} Ko), gzip ${(gzipSync(html).length / 1024).toFixed(1)} Ko ; page écrite dans ${path.relative(ROOT, out)}`);
    benchResult('action_list_html', { htmlKb: bytes / 1024, rows });
  } finally {
    app.kill('SIGINT');
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
