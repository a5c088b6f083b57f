import { MODULES } from '../../../server/modules';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('permit demo', () => {
  it('gives the demo plan in operation today\'s fire permit and a height work permit, pages rendering, once', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, admin.tenantId);
    await MODULES.find((m) => m.name === 'permit')!.demo!(t.db.dataSource, admin.tenantId);
    const permits: Array<{ id: number; type: string; plan_id: number }> = await t.db.dataSource.query('SELECT id, type, plan_id FROM permit WHERE tenant_id = $1 ORDER BY id', [admin.tenantId]);
    expect(permits.map((p) => p.type)).toEqual(['fire', 'height_work']);
    const { agent } = await loginAs(t, admin);
    expect((await agent.get(`/fire-permit/${permits[0].id}`)).status).toBe(200);
    expect((await agent.get(`/height-work-permit/${permits[1].id}`)).status).toBe(200);
    const list = await agent.get('/fire-permit/');
    expect(list.text).toContain(`permit-row-${permits[0].id}`);
    const tab = await agent.get(`/prevention-plan/${permits[0].plan_id}?tab=permits`);
    expect(tab.text).toContain(`permit-row-${permits[1].id}`);
  }, 120_000);
});
