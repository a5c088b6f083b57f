import { MODULES } from '../../../server/modules';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('work order demo', () => {
  it('gives the demo plan in operation three work orders (one in operation, signed, with a zone, on the consigned press), once', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    for (const m of MODULES) if (m.demo) await m.demo(t.db.dataSource, admin.tenantId);
    const rows = await t.db.dataSource.query('SELECT id, state, waiting_role, machine_id FROM work_order WHERE tenant_id = $1 ORDER BY id', [admin.tenantId]);
    expect(rows.map((r: { state: string }) => r.state)).toEqual(['in_operation', 'waiting_sign', 'draft']);
    expect(rows[1].waiting_role).toBe('ordering_customer');
    const [{ n }] = await t.db.dataSource.query("SELECT count(*)::int AS n FROM work_order_signature WHERE work_order_id = $1 AND moment = 'start'", [rows[0].id]);
    expect(n).toBe(2);
    const mod = MODULES.find((m) => m.name === 'work-order')!;
    await mod.demo!(t.db.dataSource, admin.tenantId);
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM work_order WHERE tenant_id = $1', [admin.tenantId]))[0].n).toBe(3);
    const { agent } = await loginAs(t, admin);
    const page = await agent.get(`/work-order/${rows[0].id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="work-order-signature"');
    expect((await agent.get('/work-order/list')).text).toContain('Réglage des niveleurs de quai 7 à 9');
    // The lockout demo puts the work order in operation on its consigned press, listed on the machine's page.
    const [press] = await t.db.dataSource.query("SELECT id FROM lockout_machine WHERE tenant_id = $1 AND code = 'PRS-01'", [admin.tenantId]);
    expect(rows.map((r: { machine_id: number | null }) => r.machine_id)).toEqual([press.id, null, null]);
    const machinePage = await agent.get(`/consignment/machines/${press.id}`);
    expect(machinePage.status).toBe(200);
    expect([...machinePage.text.matchAll(/data-testid="work-order-row" data-id="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([rows[0].id]);
  });
});
