import { closePdfBrowser } from '../../../server/kernel/pdf';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, type Actor } from '../prevention-plan/plan-helpers';
import { insertZone, sectorWithPlan, square } from '../zone-map/zone-fixtures';
import { addPermit, permitFields, permitScene } from './permit-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await closePdfBrowser(); await t.close(); });

const JSON_HEADERS = (a: Actor) => ({ 'X-CSRF-Token': a.csrf, Accept: 'application/json' });

describe('zones of permits (zoneRoutes with the permit zone owner)', () => {
  it('draws on a permit (201/200/200), localises it, refuses a reader (403) and another company (404)', async () => {
    const s = await permitScene(t);
    const { sectorId } = await sectorWithPlan(t, s.customer.tenantId, { width: 640 });
    const id = await addPermit(s.customer, `/height-work-permit/add/${s.planId}`, permitFields({}));
    await t.db.dataSource.query('UPDATE permit SET sector_id = $2 WHERE id = $1', [id, sectorId]);
    const add = await s.customer.agent.post(`/height-work-permit/${id}/leaflet-zone/add`).set(JSON_HEADERS(s.customer))
      .send({ type: 'circle', data: { lat: 100, lng: 200, radius: 30 }, sector: 0 });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ type: 'circle', sectorId });
    const [row] = await t.db.dataSource.query('SELECT owner_type, owner_id FROM map_zone WHERE id = $1', [add.body.id]);
    expect(row).toEqual({ owner_type: 'permit', owner_id: id });
    const edit = await s.customer.agent.post(`/height-work-permit/leaflet-zone/${add.body.id}/edit`).set(JSON_HEADERS(s.customer)).send({ type: 'polygon', data: square(10, 10, 50) });
    expect(edit.status).toBe(200);
    const loc = await s.customer.agent.get(`/height-work-permit/${id}/localise`).set('Accept', 'application/json');
    expect(loc.status).toBe(200);
    expect(loc.body.intervention).toMatchObject({ id, nbZones: 1 });
    expect(loc.body.plan).toMatchObject({ width: 640 });

    const reader = await actor(t, s.company, ['pdp.view', 'pdp.view_all']);
    expect((await reader.agent.get(`/height-work-permit/${id}/localise`).set('Accept', 'application/json')).status).toBe(200);
    expect((await reader.agent.post(`/height-work-permit/${id}/leaflet-zone/add`).set(JSON_HEADERS(reader)).send({ type: 'marker', data: { lat: 1, lng: 2 } })).status).toBe(403);
    expect(await t.db.dataSource.query("SELECT id FROM map_zone WHERE owner_type = 'permit' AND owner_id = $1", [id])).toEqual([{ id: add.body.id }]);
    const stranger = await actor(t, `${s.company} autre`, ['pdp.view', 'pdp.view_all', 'pdp.add_work_orders']);
    expect((await stranger.agent.get(`/height-work-permit/${id}/localise`).set('Accept', 'application/json')).status).toBe(404);
    const del = await s.customer.agent.post(`/height-work-permit/leaflet-zone/${add.body.id}/delete`).set(JSON_HEADERS(s.customer));
    expect(del.status).toBe(200);
    const page = await s.customer.agent.get(`/height-work-permit/${id}`);
    expect(page.text).toContain('data-testid="permit-map"');
  });

  it('a fire permit whose zone meets an ATEX permit\'s zone in the same period is flagged in red on both pages, and the PDF draws the zones', async () => {
    const s = await permitScene(t);
    const { sectorId } = await sectorWithPlan(t, s.customer.tenantId, { width: 640 });
    const fire = await addPermit(s.customer, `/fire-permit/add/${s.planId}`, permitFields({}));
    const atex = await addPermit(s.customer, `/atex-permit/add/${s.planId}`, permitFields({}));
    await t.db.dataSource.query('UPDATE permit SET sector_id = $2 WHERE id = ANY($1::int[])', [[fire, atex], sectorId]);
    await insertZone(t, s.customer.tenantId, 'permit', fire, sectorId, 'polygon', square(100, 100, 50));
    await insertZone(t, s.customer.tenantId, 'permit', atex, sectorId, 'circle', { lat: 120, lng: 160, radius: 20 });
    const firePage = await s.customer.agent.get(`/fire-permit/${fire}`);
    expect(firePage.text).toContain('data-critical');
    const [{ number: atexNumber }] = await t.db.dataSource.query('SELECT number FROM permit WHERE id = $1', [atex]);
    expect(firePage.text).toContain(atexNumber);
    expect((await s.customer.agent.get(`/atex-permit/${atex}`)).text).toContain('data-critical');
    const pdf = await s.customer.agent.get(`/fire-permit/${fire}/pdf`);
    expect(pdf.status).toBe(200);
  }, 60_000);
});
