/**
 * The 400-hour rule at scale (issue 21): the dense case of many plans per outside company and
 * site — 200 outside companies on ~100 plans each for 20,000 plans, over 7 sites and 12 months —
 * and the rule's query as the plan list runs it (the 25 newest plans) and as the plan page runs it
 * (one plan), then the plan list and the plan page over HTTP on the real application (`dist/`).
 * Prints the median of 5 runs (rule) and of 11 requests (pages) for each size. Not part of `npm test`.
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:long-works -- 2000 20000 100000`
 * (the `vigie_bench_long_works` database is dropped and recreated for each size).
 */
import type { DataSource } from 'typeorm';
import { createDataSource } from '../server/kernel/db/data-source';
import { runMigrations } from '../server/kernel/db/migrations';
import { createUser } from '../server/modules/identity/identity.service';
import { ensureSystemRoles } from '../server/modules/identity/roles';
import { longPlanIds, longWorksOf } from '../server/modules/prevention-plan/core/plan-long-works.service';
import { benchResult, freshDatabase, loginCookie, median, startApp } from './support';

const SITES = 7;
const PLANS_PER_COMPANY = 100;

/** A company with `plans` prevention plans spread over 7 sites and 12 months, each with its EU and one EE. */
async function generate(ds: DataSource, plans: number): Promise<number> {
  await ensureSystemRoles(ds);
  const { tenantId } = await createUser(ds, { username: 'banc', password: 'Banc-de-mesure-2026', email: 'banc@example.fr', roles: ['admin'], company: 'Banc', firstName: 'Banc', lastName: 'Mesure' });
  const companies = Math.max(1, Math.round(plans / PLANS_PER_COMPANY));
  const [type] = await ds.query(`INSERT INTO hierarchy_type (tenant_id, name) VALUES ($1, 'Site') RETURNING id`, [tenantId]);
  await ds.query(`INSERT INTO hierarchy_item (tenant_id, name, type_id) SELECT $1, 'Site ' || g, $2 FROM generate_series(1, ${SITES}) g`, [tenantId, type.id]);
  await ds.query(`INSERT INTO tiers (tenant_id, name) SELECT $1, 'Entreprise ' || g FROM generate_series(1, ${companies}) g`, [tenantId]);
  await ds.query(`
    INSERT INTO prevention_plan (tenant_id, pdp_number, subject, hierarchy_item_id, start_date, end_date, hours_worked)
    SELECT $1, 'PDP-' || g, 'Plan ' || g, (SELECT id FROM hierarchy_item WHERE tenant_id = $1 ORDER BY id OFFSET g % ${SITES} LIMIT 1),
           date '2026-01-01' + (g % 365), date '2026-01-01' + (g % 365) + 20, 5 + g % 40
      FROM generate_series(1, ${plans}) g`, [tenantId]);
  await ds.query(`INSERT INTO plan_company (tenant_id, plan_id, kind, name) SELECT $1, id, 'EU', 'Banc' FROM prevention_plan WHERE tenant_id = $1`, [tenantId]);
  // Every tenth company is typed by hand (no CRM tiers): the rule matches those by name.
  await ds.query(`
    INSERT INTO plan_company (tenant_id, plan_id, kind, tiers_id, name)
    SELECT $1, p.id, 'EE', CASE WHEN t.n % 10 = 0 THEN NULL ELSE t.id END, t.name
      FROM prevention_plan p
      JOIN (SELECT id, name, row_number() OVER (ORDER BY id) - 1 AS n FROM tiers WHERE tenant_id = $1) t ON t.n = p.id % ${companies}
     WHERE p.tenant_id = $1`, [tenantId]);
  await ds.query('ANALYZE');
  return tenantId;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[2];
}

/** Median time of 11 sequential GETs of `url` (after 3 untimed ones). */
async function pageMedian(url: string, cookie: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 14; i++) {
    const start = process.hrtime.bigint();
    const res = await fetch(url, { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`${url} répond ${res.status}`);
    if (i >= 3) times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

async function main(): Promise<void> {
  const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
  console.log('plans    règle, liste (25 plans)   règle, page (1 plan)   page liste (HTTP)   fiche du plan (HTTP)');
  for (const size of sizes.length ? sizes : [2000, 20000]) {
    const url = await freshDatabase('vigie_bench_long_works');
    const ds = createDataSource({ url, poolSize: 2 });
    await ds.initialize();
    await runMigrations(ds);
    const tenantId = await generate(ds, size);
    const newest: number[] = (await ds.query('SELECT id FROM prevention_plan WHERE tenant_id = $1 ORDER BY id DESC LIMIT 25', [tenantId])).map((r: { id: number }) => r.id);
    const list = await timed(() => longPlanIds(ds, tenantId, newest));
    const page = await timed(() => longWorksOf(ds, tenantId, newest[0]));
    await ds.destroy();

    // The two pages that run the rule, through the real application.
    const port = 3800 + Math.floor(Math.random() * 100);
    const app = await startApp({ DATABASE_URL: url, NODE_ENV: 'production', SESSION_SECRET: 'banc-de-mesure', LOG_LEVEL: 'warn', BASE_URL: `https://127.0.0.1:${port}`, PORT: String(port) });
    let listPage = 0;
    let planPage = 0;
    try {
      const cookie = await loginCookie(port, 'banc', 'Banc-de-mesure-2026', { 'x-forwarded-proto': 'https' });
      listPage = await pageMedian(`http://127.0.0.1:${port}/prevention-plan/`, cookie);
      planPage = await pageMedian(`http://127.0.0.1:${port}/prevention-plan/${newest[0]}`, cookie);
    } finally {
      app.kill('SIGINT');
    }
    const ms = (n: number, width: number) => `${n.toFixed(1).padStart(width)} ms`;
    console.log(`${String(size).padStart(6)}   ${ms(list, 21)}   ${ms(page, 17)}   ${ms(listPage, 14)}   ${ms(planPage, 15)}`);
    benchResult(`plans_${size}`, { ruleList: list, rulePage: page, listPage, planPage });
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
