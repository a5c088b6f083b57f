import { MODULES } from '../../../server/modules';
import { findCoactivities } from '../../../server/modules/zone-map/coactivity.service';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('zone map demo', () => {
  it('gives the demo sites a sector plan image, places demo plans on it with zones and a coactivity, once', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const db = t.db.dataSource;
    for (const m of MODULES) {
      if (!m.demo) continue;
      await m.demo(db, admin.tenantId);
      if (m.name === 'zone-map') break;
    }
    await MODULES.find((m) => m.name === 'zone-map')!.demo!(db, admin.tenantId);
    const sectors = await db.query('SELECT id, name, plan_file_id, plan_width FROM sector WHERE tenant_id = $1 ORDER BY id', [admin.tenantId]);
    expect(sectors.map((s: any) => [s.name, s.plan_width])).toEqual([['Plan général du site', 1000], ['Plan de l\'entrepôt', 800]]);
    const [{ n }] = await db.query("SELECT count(*)::int AS n FROM map_zone WHERE tenant_id = $1 AND owner_type = 'prevention_plan'", [admin.tenantId]);
    expect(n).toBe(8);
    const ids: Record<string, number> = Object.fromEntries((await db.query("SELECT pdp_number, id FROM prevention_plan WHERE tenant_id = $1", [admin.tenantId])).map((r: any) => [r.pdp_number, r.id]));

    const found = await findCoactivities({ db, tenantId: admin.tenantId, routes: t.ctx.routes }, 'prevention_plan', ids['PDP-DEMO-0003']);
    expect(found.map((c) => c.other.number)).toEqual(['PDP-DEMO-0005']);

    const { agent } = await loginAs(t, admin);
    const res = await agent.get(`/prevention-plan/${ids['PDP-DEMO-0003']}/localise`);
    expect(res.status).toBe(200);
    expect(res.body.intervention.nbZones).toBe(2);
    expect(res.body.plan).toEqual({ name: 'Plan général du site', path: `/zone-map/sector/${sectors[0].id}/plan`, width: 1000 });
    const image = await agent.get(res.body.plan.path);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.body).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
