import { ALL_RIGHT_NAMES } from '../../../server/kernel/rights/catalogue';
import { setHeavyWorkLimits } from '../../../server/kernel/http/heavy-work';
import { MODULES } from '../../../server/modules';
import type { CompiledRoute } from '../../../server/kernel/http/route-table';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

/**
 * Cross-company probe, generated from the route table: a super administrator of company A tries
 * every route with a numeric parameter on company B's rows. Each answer must be a refusal, and
 * company B's data must be unchanged afterwards. A module added later is probed as soon as its
 * routes and its demo data exist.
 *
 * Linear in the number of routes: before each company's demo data is made, every sequence of
 * the schema is moved to the same value, so the first rows of B in every table share the ids
 * FOREIGN (and A's, OWN). A route reads whichever table its parameter names; with FOREIGN it
 * meets B's row of that table, whatever the table is. OWN is the control: on A's own rows the
 * same GET must answer, or the probe would only be proving that the ids name nothing.
 */

const OWN_BASE = 500_000;
const FOREIGN_BASE = 1_000_000;
const FOREIGN = [FOREIGN_BASE + 1, FOREIGN_BASE + 2];
const OWN = OWN_BASE + 1;

// Routes whose numeric parameter is not a record id of another company.
const NOT_RECORD_PARAMS = new Set(['restricted']);

let t: TestApp;

async function tenantTables(): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await t.db.dataSource.query(
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = 'public' ORDER BY table_name`);
  return rows.map((r) => r.table_name).filter((n) => !['audit_entry', 'user_tenant', 'session'].includes(n));
}

/** Moves every sequence of the schema to `value`: the next row of every table gets `value + 1`. */
async function alignSequences(value: number): Promise<void> {
  const seqs: Array<{ name: string }> = await t.db.dataSource.query(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`);
  for (const s of seqs) await t.db.dataSource.query('SELECT setval($1::regclass, $2)', [s.name, value]);
}

// Rows without a tenant_id that belong to a company through its roles: who holds them, what they may do.
const ROLE_ROWS: Record<string, string> = {
  role_right: 'SELECT rr.* FROM role_right rr JOIN role r ON r.id = rr.role_id WHERE r.tenant_id = $1 ORDER BY 1, 2',
  user_role: 'SELECT ur.* FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE r.tenant_id = $1 ORDER BY 1, 2',
};

async function snapshot(tenantId: number, tables: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await t.db.dataSource.query(`SELECT * FROM "${table}" WHERE tenant_id = $1 ORDER BY 1`, [tenantId]);
    out[table] = JSON.stringify(rows);
  }
  for (const [name, sql] of Object.entries(ROLE_ROWS)) out[name] = JSON.stringify(await t.db.dataSource.query(sql, [tenantId]));
  return out;
}

/** A company with every module's demo data and a custom role held by its user; ids start after `base`. */
async function company(base: number, role: string): Promise<{ id: number; tenantId: number; username: string; password: string }> {
  await alignSequences(base);
  const user = await makeUser(t, { roles: [role] });
  for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, user.tenantId);
  const [custom] = await t.db.dataSource.query(`INSERT INTO role (tenant_id, code, label, color) VALUES ($1, 'custom_probe', 'Rôle sondé', 'green') RETURNING id`, [user.tenantId]);
  await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'hr.view')`, [custom.id]);
  await t.db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [user.id, custom.id]);
  return user;
}

/**
 * Record ids that travel in a form's body rather than its path: the rights matrix names the
 * roles it saves. The attacker posts their own valid matrix naming company B's roles too.
 */
async function probeRoleMatrix(attacker: { username: string; password: string }, victimTenantId: number): Promise<void> {
  const { agent } = await loginAs(t, attacker);
  const page = await agent.get('/admin/roles/rights');
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(page.text)![1];
  const roles: Array<{ id: number }> = await t.db.dataSource.query('SELECT id FROM role WHERE tenant_id = $1', [victimTenantId]);
  const body = [`_csrf_token=${encodeURIComponent(csrfFrom(page.text))}`, `fingerprint=${fingerprint}`];
  for (const r of roles) body.push(`roles[]=${r.id}`, ...ALL_RIGHT_NAMES.map((n) => `rights[role_${r.id}][]=${n}`));
  const res = await agent.post('/admin/roles/rights').type('form').send(body.join('&'));
  expect(res.status).toBe(303);
  expect((await agent.get('/admin/roles/rights')).text).toContain('Droits enregistrés.');
}

/** The route's parameters that name a record (numeric by requirement, or `id` / `…Id` by name). */
function recordParams(route: CompiledRoute): string[] {
  return route.params.filter((p) => !NOT_RECORD_PARAMS.has(p) && /^\\d|\\\\d/.test(route.requirements?.[p] ?? (p === 'id' || /Id$/.test(p) ? '\\d+' : '')));
}

/** The route's path with every record parameter set to `id` (null when the route cannot be built so). */
function pathWith(route: CompiledRoute, numeric: string[], id: number): string | null {
  const params: Record<string, string> = {};
  for (const p of route.params) params[p] = numeric.includes(p) ? String(id) : (route.defaults?.[p] ?? (p === 'restricted' ? '0' : 'x'));
  try { return t.ctx.routes.path(route.name, params); } catch { return null; }
}

/** Runs the tasks with at most `size` of them under way at once. */
async function runPool(tasks: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  const worker = async () => { while (next < tasks.length) await tasks[next++](); };
  await Promise.all(Array.from({ length: size }, worker));
}

interface RouteCost { name: string; requests: number; ms: number; own?: number }

describe('cross-company probe', () => {
  beforeAll(async () => {
    t = await createTestApp();
    // The probe asks several pages at once as one user: a PDF refused as « busy » would prove nothing.
    setHeavyWorkLimits({ concurrency: Infinity, perKey: Infinity, queue: Infinity, maxWaitMs: Infinity });
  });
  afterAll(async () => { await t.close(); });

  it('refuses every route with an id of another company, answers on its own, and leaves the other company unchanged', async () => {
    const tables = await tenantTables();
    const attacker = await company(OWN_BASE, 'super_admin');
    const victim = await company(FOREIGN_BASE, 'admin');
    // The alignment holds: B's first rows carry the probed ids in every table it has rows in.
    let aligned = 0;
    for (const tb of tables) {
      const hit = await t.db.dataSource.query(`SELECT 1 FROM "${tb}" WHERE id = $1 AND tenant_id = $2`, [FOREIGN[0], victim.tenantId]).catch(() => []);
      aligned += hit.length;
    }
    expect(aligned).toBeGreaterThan(20);
    expect(victim.id).toBe(FOREIGN[0]);
    const before = await snapshot(victim.tenantId, tables);
    await probeRoleMatrix(attacker, victim.tenantId);
    const { agent, csrf } = await loginAs(t, attacker);

    const leaks: string[] = [];
    const costs = new Map<string, RouteCost>();
    const probes: Array<() => Promise<void>> = [];
    for (const route of t.ctx.routes.all()) {
      if (route.right === 'public') continue;
      const numeric = recordParams(route);
      if (!numeric.length) continue;
      const cost: RouteCost = { name: route.name, requests: 0, ms: 0 };
      costs.set(route.name, cost);
      const timed = (fn: () => Promise<void>) => async () => { const s = Date.now(); await fn(); cost.ms += Date.now() - s; cost.requests++; };
      for (const id of FOREIGN) {
        const url = pathWith(route, numeric, id);
        if (!url) continue;
        for (const method of route.methods) {
          probes.push(timed(async () => {
            const res = method === 'GET'
              ? await agent.get(url).set('X-Requested-With', 'XMLHttpRequest')
              : await agent.post(url).set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', csrf).type('form').send({ _csrf_token: csrf });
            if (res.status < 300 || res.status >= 500) leaks.push(`${route.name} ${method} ${url} -> ${res.status}`);
          }));
        }
      }
      const own = pathWith(route, numeric, OWN);
      if (own && route.methods.includes('GET')) {
        probes.push(timed(async () => { cost.own = (await agent.get(own).set('X-Requested-With', 'XMLHttpRequest')).status; }));
      }
    }
    await runPool(probes, 6);

    const report = [...costs.values()].sort((a, b) => b.ms - a.ms);
    const total = report.reduce((s, c) => s + c.ms, 0);
    console.log(`Sondage inter-sociétés : ${report.length} routes, ${probes.length} requêtes, ${total} ms (somme des requêtes)\n`
      + report.map((c) => `${String(c.ms).padStart(6)} ms ${String(c.requests).padStart(3)} req  ${c.name}${c.own === undefined ? '' : `  (propre : ${c.own})`}`).join('\n'));

    expect(leaks).toEqual([]);
    expect(costs.size).toBeGreaterThan(100);
    // The control: A's own ids open A's own pages on most GET routes, so the refusals above are the tenant check's.
    const controlled = report.filter((c) => c.own !== undefined);
    const answered = controlled.filter((c) => c.own! < 300);
    expect(answered.length).toBeGreaterThan(controlled.length / 2);
    expect(await snapshot(victim.tenantId, tables)).toEqual(before);
  }, 300_000);
});
