import { MODULES } from '../../../server/modules';
import { demoPlanIds } from '../../../server/modules/prevention-plan/core/prevention-plan.demo';
import { PLAN_STATUSES } from '../../../server/modules/prevention-plan/core/prevention-plan.entity';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('prevention plan demo', () => {
  it('gives the demo company a plan in every state, each page rendering, and runs only once', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const m of MODULES) {
      if (!m.demo) continue;
      // The parts built after the plan are not ours to test here.
      if (m.name === 'prevention-plan') { await m.demo(t.db.dataSource, admin.tenantId); break; }
      await m.demo(t.db.dataSource, admin.tenantId);
    }
    const seed = MODULES.find((m) => m.name === 'prevention-plan')!.demo!;
    await seed(t.db.dataSource, admin.tenantId);
    const plans: Array<{ id: number; status: string; subject: string; archived: boolean }> = await t.db.dataSource.query(
      'SELECT id, status, subject, archived FROM prevention_plan WHERE tenant_id = $1 ORDER BY id', [admin.tenantId]);
    expect(plans).toHaveLength(8);
    expect([...new Set(plans.map((p) => p.status))].sort()).toEqual([...PLAN_STATUSES].sort());
    expect(plans.filter((p) => p.archived)).toHaveLength(1);
    expect(Object.keys(await demoPlanIds(t.db.dataSource, admin.tenantId))).toHaveLength(8);
    const [{ n }] = await t.db.dataSource.query('SELECT count(DISTINCT plan_id)::int AS n FROM plan_work_type WHERE tenant_id = $1', [admin.tenantId]);
    expect(n).toBeGreaterThanOrEqual(7);
    const { agent } = await loginAs(t, admin);
    const list = await agent.get('/prevention-plan/');
    expect(list.status).toBe(200);
    expect(list.text).toContain('En retard');
    for (const p of plans) {
      const page = await agent.get(`/prevention-plan/${p.id}`);
      expect({ id: p.id, status: page.status }).toEqual({ id: p.id, status: 200 });
      expect(page.text).toContain(p.subject.replace(/'/g, '&#39;'));
    }
  });
});
