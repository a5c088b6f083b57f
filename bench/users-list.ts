/**
 * Measures the users list (search, filters, pagination) and the login page on a company with
 * many users. Not part of `npm test`. Run: `DATABASE_URL=postgres://… npm run bench -- 5000`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freshDatabase, loginCookie } from './support';
import { createApp } from '../server/kernel/app';
import { loadConfig } from '../server/kernel/config';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { hashPassword } from '../server/kernel/auth/password';
import { createUser } from '../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../server/modules/identity/roles';
import { MODULES } from '../server/modules';

const USERS = Number(process.argv[2] ?? 5000);
const REQUESTS = 200;

function get(port: number, path: string, cookie: string): Promise<{ ms: number; status: number; body: string }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http.get({ port, path, headers: { cookie } }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const url = await freshDatabase('vigie_bench');
  const ds = createDataSource({ url, poolSize: 10 });
  await ds.initialize();
  await runMigrations(ds);
  await ensureSystemRoles(ds);
  const password = 'Banc-de-mesure-2026';
  const boss = await createUser(ds, { username: 'bench.admin', password, email: 'bench.admin@example.fr', roles: ['super_admin'], company: 'Banc de mesure' });
  const hash = await hashPassword(password);
  const started = Date.now();
  await ds.query(
    `INSERT INTO app_user (tenant_id, username, email, password_hash, first_name, last_name)
     SELECT $1, 'u' || g, 'u' || g || '@example.fr', $2, 'Prénom' || g, (ARRAY['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand'])[1 + g % 8] || g
       FROM generate_series(1, $3) g`,
    [boss.tenantId, hash, USERS],
  );
  console.log(`${USERS} utilisateurs créés en ${Date.now() - started} ms`);

  const config = { ...loadConfig({ ...process.env, NODE_ENV: 'test' }), sessionSecret: 'bench' };
  const { app } = createApp({ config, dataSource: ds, modules: MODULES });
  const server = app.listen(0);
  const port = (server.address() as AddressInfo).port;
  const cookie = await loginCookie(port, 'bench.admin', password);

  for (const [label, path] of [
    ['liste, page 1', '/admin/users'],
    ['recherche « dubois »', '/admin/users?q=dubois'],
    ['page 40 de 50 par page', '/admin/users?perPage=50&page=40'],
    ['filtre rôle + statut', '/admin/users?role=super_admin&activated=1'],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const r = await get(port, path, cookie);
      if (r.status !== 200) throw new Error(`${path} -> ${r.status}`);
      times.push(r.ms);
    }
    console.log(`${label.padEnd(26)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms`);
  }
  server.close();
  await ds.destroy();
}

main().catch((err) => { console.error(err); process.exit(1); });
