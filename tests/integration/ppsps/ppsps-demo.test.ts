import { MODULES } from '../../../server/modules';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('PPSPS demo', () => {
  it('gives the demo company three PPSPS in various states with companies, each page rendering, once', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, admin.tenantId);
    await MODULES.find((m) => m.name === 'ppsps')!.demo!(t.db.dataSource, admin.tenantId);
    const rows: Array<{ id: number; status: string; number: string }> = await t.db.dataSource.query(
      "SELECT id, status, number FROM ppsps WHERE tenant_id = $1 AND number LIKE 'PPSPS-DEMO-%' ORDER BY number", [admin.tenantId]);
    expect(rows.map((r) => r.status)).toEqual(['draft', 'waiting_tiers', 'in_operation']);
    const [{ n }] = await t.db.dataSource.query('SELECT count(*)::int AS n FROM ppsps_company WHERE tenant_id = $1', [admin.tenantId]);
    expect(n).toBeGreaterThanOrEqual(3);
    const { agent } = await loginAs(t, admin);
    const list = await agent.get('/ppsps/');
    expect(list.status).toBe(200);
    for (const r of rows) {
      const page = await agent.get(`/ppsps/${r.id}`);
      expect({ id: r.id, status: page.status }).toEqual({ id: r.id, status: 200 });
      expect(page.text).toContain(r.number);
    }
  });
});
