import { ALL_RIGHT_NAMES } from '../../../server/kernel/rights/catalogue';
import { setHeavyWorkLimits } from '../../../server/kernel/http/heavy-work';
import { MODULES } from '../../../server/modules';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

/**
 * Cross-company probe, generated from the route table: a super administrator of company A tries
 * every route with a numeric parameter on the ids of company B's rows. Each answer must be a
 * refusal, and company B's data must be unchanged afterwards. A module added later is probed
 * as soon as its routes and its demo data exist.
 */

// Routes whose numeric parameter is not a record id of another company.
const NOT_RECORD_PARAMS = new Set(['restricted']);

let t: TestApp;

async function tenantTables(): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await t.db.dataSource.query(
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = 'public' ORDER BY table_name`);
  return rows.map((r) => r.table_name).filter((n) => !['audit_entry', 'user_tenant', 'session'].includes(n));
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

/** A custom role of the company, holding a right and held by a user: the role screens are probed on it. */
async function customRoleOf(tenantId: number, userId: number): Promise<number> {
  const [role] = await t.db.dataSource.query(`INSERT INTO role (tenant_id, code, label, color) VALUES ($1, 'custom_probe', 'Rôle sondé', 'green') RETURNING id`, [tenantId]);
  await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'hr.view')`, [role.id]);
  await t.db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [userId, role.id]);
  return role.id;
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

/** Runs the tasks with at most `size` of them under way at once. */
async function runPool(tasks: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  const worker = async () => { while (next < tasks.length) await tasks[next++](); };
  await Promise.all(Array.from({ length: size }, worker));
}

/**
 * Declares the probe of one shard of the route table (`index % shards === shard`): the whole
 * probe is tens of thousands of requests, so it is split into test files that jest runs apart.
 */
export function describeTenantProbe(shard: number, shards: number): void {
  describe(`cross-company probe (${shard + 1}/${shards})`, () => {
    beforeAll(async () => {
      t = await createTestApp();
      // The probe asks several pages at once as one user: a PDF refused as « busy » would prove nothing.
      setHeavyWorkLimits({ concurrency: Infinity, perKey: Infinity, queue: Infinity, maxWaitMs: Infinity });
    });
    afterAll(async () => { await t.close(); });

    it('refuses every route with an id of another company and leaves its rows unchanged', async () => {
      const tables = await tenantTables();
      // Each table's ids start in their own range, so a probed id belongs to exactly one table
      // (the two companies' users and roles included: an id of B never names a row of A).
      for (const [i, table] of tables.entries()) {
        const [seq] = await t.db.dataSource.query(`SELECT pg_get_serial_sequence($1, 'id') AS name`, [table]).catch(() => [{ name: null }]);
        if (seq?.name) await t.db.dataSource.query(`SELECT setval($1, $2)`, [seq.name, (i + 1) * 10_000]);
      }
      const attacker = await makeUser(t, { roles: ['super_admin'] });
      const victim = await makeUser(t, { roles: ['admin'] });
      for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, victim.tenantId);
      const ids = new Set<number>([victim.id, await customRoleOf(victim.tenantId, victim.id)]);
      // Two rows per table: every route meets every table's ids; more rows of the same table cost
      // minutes (routes x ids grows with each module) without probing anything new.
      for (const table of tables) {
        const rows: Array<{ id: unknown }> = await t.db.dataSource.query(
          `SELECT id FROM "${table}" WHERE tenant_id = $1 AND id IS NOT NULL ORDER BY id LIMIT 2`, [victim.tenantId]).catch(() => []);
        for (const r of rows) if (typeof r.id === 'number') ids.add(r.id);
      }
      // Company A owns nothing but its user and its roles: any other answer with these ids is a leak.
      ids.delete(attacker.id);
      expect(ids.size).toBeGreaterThan(10);
      const before = await snapshot(victim.tenantId, tables);
      await probeRoleMatrix(attacker, victim.tenantId);
      const { agent, csrf } = await loginAs(t, attacker);

      const leaks: string[] = [];
      const probed = new Set<string>();
      const probes: Array<() => Promise<void>> = [];
      for (const [index, route] of t.ctx.routes.all().entries()) {
        if (index % shards !== shard || route.right === 'public') continue;
        const numeric = route.params.filter((p) => !NOT_RECORD_PARAMS.has(p) && /^\\d|\\\\d/.test(route.requirements?.[p] ?? (p === 'id' || /Id$/.test(p) ? '\\d+' : '')));
        if (!numeric.length) continue;
        probed.add(route.name);
        for (const id of ids) {
          const params: Record<string, string> = {};
          for (const p of route.params) params[p] = numeric.includes(p) ? String(id) : (route.defaults?.[p] ?? (p === 'restricted' ? '0' : 'x'));
          let url: string;
          try { url = t.ctx.routes.path(route.name, params); } catch { continue; }
          for (const method of route.methods) {
            probes.push(async () => {
              const res = method === 'GET'
                ? await agent.get(url).set('X-Requested-With', 'XMLHttpRequest')
                : await agent.post(url).set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', csrf).type('form').send({ _csrf_token: csrf });
              if (res.status < 300 || res.status >= 500) leaks.push(`${route.name} ${method} ${url} -> ${res.status}`);
            });
          }
        }
      }
      // Tens of thousands of refusals: a few at a time, so the probe keeps pace with the route table.
      await runPool(probes, 6);
      expect(leaks).toEqual([]);
      expect(probed.size).toBeGreaterThan(10);
      expect(await snapshot(victim.tenantId, tables)).toEqual(before);
    }, 600_000);
  });
}
