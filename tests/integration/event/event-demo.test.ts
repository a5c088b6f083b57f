import { MODULES } from '../../../server/modules';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('event demo', () => {
  it('gives a company events of every kind, each page rendering, and runs only once', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, admin.tenantId);
    const seed = MODULES.find((m) => m.name === 'event')!.demo!;
    await seed(t.db.dataSource, admin.tenantId);
    const events: Array<{ id: number; kind: string; subject: string }> = await t.db.dataSource.query('SELECT id, kind, subject FROM event WHERE tenant_id = $1 ORDER BY id', [admin.tenantId]);
    expect(events.map((e) => e.kind).sort()).toEqual(['at', 'audit', 'construction_site', 'custom', 'generic', 'qhp', 'rex', 'vms']);
    const { agent } = await loginAs(t, admin);
    const list = await agent.get('/events');
    expect(list.status).toBe(200);
    for (const e of events) {
      const page = await agent.get(`/events/${e.id}`);
      expect({ id: e.id, status: page.status }).toEqual({ id: e.id, status: 200 });
      expect(page.text).toContain(e.subject.replace(/'/g, '&#39;'));
    }
    const site = await agent.get('/events/construction-site');
    expect(site.text).toMatch(/data-testid="conformity">\d+,\d\/100/);
  });
});
