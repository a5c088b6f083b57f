import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { riskAnalysisModule } from '../../../server/modules/risk-analysis/risk-analysis.routes';
import { seedRiskAnalysisDemo } from '../../../server/modules/risk-analysis/risk-analysis.demo';
import { makePlan } from './helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const TABLES = ['severity_level', 'quote_consequence', 'quote_probability', 'quote', 'risk_family', 'risk', 'preventive_measure', 'risk_analysis_template', 'risk_area',
  'risk_analysis', 'risk_analysis_phase', 'risk_analysis_area', 'risk_analysis_other_risk', 'risk_analysis_interference'];

async function snapshot(tenantId: number): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) out[table] = await t.db.dataSource.query(`SELECT * FROM "${table}" WHERE tenant_id = $1 ORDER BY id`, [tenantId]);
  return JSON.stringify(out);
}

describe('cross-company probe of the risk-analysis routes', () => {
  it('refuses every route of the module with the ids of another company and changes nothing there', async () => {
    const attacker = await makeUser(t, { roles: ['super_admin'] });
    const victim = await makeUser(t, { roles: ['admin'] });
    await makePlan(t, victim.tenantId, victim.id);
    await makePlan(t, victim.tenantId, victim.id);
    await seedRiskAnalysisDemo(t.db.dataSource, victim.tenantId);
    const ids = new Set<number>();
    for (const table of [...TABLES, 'prevention_plan']) {
      for (const r of await t.db.dataSource.query(`SELECT id FROM "${table}" WHERE tenant_id = $1 ORDER BY id LIMIT 3`, [victim.tenantId])) ids.add(r.id);
    }
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM risk_analysis_interference WHERE tenant_id = $1', [victim.tenantId]);
    expect(n).toBe(2);
    const before = await snapshot(victim.tenantId);
    const { agent, csrf } = await loginAs(t, attacker);
    const leaks: string[] = [];
    const probed = new Set<string>();
    for (const route of riskAnalysisModule.routes) {
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (!params.length) continue;
      for (const id of ids) {
        probed.add(route.name);
        const url = t.ctx.routes.path(route.name, Object.fromEntries(params.map((p) => [p, String(id)])));
        for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
          const res = method === 'GET'
            ? await agent.get(url).set('X-Requested-With', 'XMLHttpRequest')
            : await agent.post(url).set('X-Requested-With', 'XMLHttpRequest').type('form').send({ _csrf_token: csrf });
          if (res.status !== 404) leaks.push(`${route.name} ${method} ${url} -> ${res.status}`);
        }
      }
    }
    // The probe did walk the routes that read and delete the other company's rows.
    expect([...probed]).toEqual(expect.arrayContaining(['pdp_risk_analysis_show', 'pdp_risk_analysis_reset', 'pdp_risk_analysis_phase_remove', 'risk_analysis_template_remove', 'admin_quote_consequence_remove']));
    expect(leaks).toEqual([]);
    expect(await snapshot(victim.tenantId)).toBe(before);
  }, 60_000);
});
