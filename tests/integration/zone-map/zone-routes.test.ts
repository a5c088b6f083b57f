import { createTestApp, type TestApp } from '../../support/app';
import { png } from '../../support/png';
import { actor, newCompany, RIGHTS, type Actor } from '../prevention-plan/plan-helpers';
import { insertZone, planOnSector, sectorWithPlan, square } from './zone-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const db = () => t.db.dataSource;
const JSON_HEADERS = (a: Actor) => ({ 'X-CSRF-Token': a.csrf, Accept: 'application/json' });

async function world() {
  const company = newCompany();
  const author = await actor(t, company, RIGHTS.author, 'Jean');
  const { sectorId, fileId } = await sectorWithPlan(t, author.tenantId, { width: 640 });
  const planId = await planOnSector(t, author.tenantId, author.id, sectorId);
  return { company, author, sectorId, fileId, planId };
}

describe('intervention_leaflet_zone_add / edit / delete', () => {
  it('adds a zone on the plan\'s sector (201), edits it (200), deletes it (200 {id})', async () => {
    const { author, planId, sectorId } = await world();
    const add = await author.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set(JSON_HEADERS(author))
      .send({ type: 'circle', data: { lat: 100, lng: 200, radius: 30, extra: 'ignored' }, sector: 0 });
    expect(add.status).toBe(201);
    expect(add.body).toEqual({ id: expect.any(Number), type: 'circle', data: { lat: 100, lng: 200, radius: 30 }, sectorId });
    const [row] = await db().query('SELECT owner_type, owner_id, sector_id, created_by_id FROM map_zone WHERE id = $1', [add.body.id]);
    expect(row).toEqual({ owner_type: 'prevention_plan', owner_id: planId, sector_id: sectorId, created_by_id: author.id });

    const edit = await author.agent.post(`/prevention-plan/leaflet-zone/${add.body.id}/edit`).set(JSON_HEADERS(author))
      .send({ type: 'polygon', data: square(10, 10, 50) });
    expect(edit.status).toBe(200);
    expect(edit.body).toEqual({ id: add.body.id, type: 'polygon', data: square(10, 10, 50), sectorId });

    const del = await author.agent.post(`/prevention-plan/leaflet-zone/${add.body.id}/delete`).set(JSON_HEADERS(author));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: add.body.id });
    expect(await db().query('SELECT id FROM map_zone WHERE id = $1', [add.body.id])).toEqual([]);
    const again = await author.agent.post(`/prevention-plan/leaflet-zone/${add.body.id}/delete`).set(JSON_HEADERS(author));
    expect(again.status).toBe(404);
  });

  it('accepts markers, circle markers and `data` sent as a JSON string, on another sector of the company', async () => {
    const { author, planId } = await world();
    const other = await sectorWithPlan(t, author.tenantId, { name: 'Magasin' });
    const marker = await author.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set(JSON_HEADERS(author))
      .send({ type: 'marker', data: JSON.stringify({ lat: 1.5, lng: 2.25 }), sector: String(other.sectorId) });
    expect(marker.status).toBe(201);
    expect(marker.body).toMatchObject({ type: 'marker', data: { lat: 1.5, lng: 2.25 }, sectorId: other.sectorId });
    const cm = await author.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set(JSON_HEADERS(author)).send({ type: 'circlemarker', data: { lat: 3, lng: 4 } });
    expect(cm.status).toBe(201);
  });

  it('answers 400 with a French message for an invalid shape or sector, and for a body that is not JSON', async () => {
    const { author, planId } = await world();
    const url = `/prevention-plan/${planId}/leaflet-zone/add`;
    for (const body of [{ type: 'rectangle', data: square(0, 0, 1) }, { type: 'circle', data: { lat: 1, lng: 2 } }, { type: 'polygon', data: { points: [{ lat: 0, lng: 0 }] } }, { type: 'marker', data: '{oops' }, {}]) {
      const res = await author.agent.post(url).set(JSON_HEADERS(author)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('La zone est invalide : le type doit être cercle, marqueur ou polygone, avec des coordonnées numériques.');
    }
    const sector = await author.agent.post(url).set(JSON_HEADERS(author)).send({ type: 'marker', data: { lat: 1, lng: 1 }, sector: 'abc' });
    expect(sector.status).toBe(400);
    expect(sector.body.message).toBe('Le secteur est invalide.');
    const bad = await author.agent.post(url).set(JSON_HEADERS(author)).set('Content-Type', 'application/json').send('{"type": "circle",');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('La requête est mal formée.');
    expect(await db().query('SELECT id FROM map_zone WHERE owner_id = $1 AND owner_type = $2', [planId, 'prevention_plan'])).toEqual([]);
  });

  it('refuses a POST without CSRF token (403) and a reader who may not edit the plan (403)', async () => {
    const { company, author, planId } = await world();
    const noToken = await author.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set('Accept', 'application/json').send({ type: 'marker', data: { lat: 1, lng: 1 } });
    expect(noToken.status).toBe(403);
    const reader = await actor(t, company, RIGHTS.viewAll);
    const res = await reader.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set(JSON_HEADERS(reader)).send({ type: 'marker', data: { lat: 1, lng: 1 } });
    expect(res.status).toBe(403);
    const zoneId = await insertZone(t, author.tenantId, 'prevention_plan', planId, null, 'marker', { lat: 1, lng: 1 });
    expect((await reader.agent.post(`/prevention-plan/leaflet-zone/${zoneId}/edit`).set(JSON_HEADERS(reader)).send({ type: 'marker', data: { lat: 2, lng: 2 } })).status).toBe(403);
    expect((await reader.agent.post(`/prevention-plan/leaflet-zone/${zoneId}/delete`).set(JSON_HEADERS(reader))).status).toBe(403);
    // No zone added by the refused posts; the existing one neither moved nor removed.
    expect(await db().query("SELECT id, data FROM map_zone WHERE owner_type = 'prevention_plan' AND owner_id = $1", [planId])).toEqual([{ id: zoneId, data: { lat: 1, lng: 1 } }]);
    // The reader still sees the localisation.
    expect((await reader.agent.get(`/prevention-plan/${planId}/localise`)).status).toBe(200);
    // Without pdp.view at all: 403 from the route's right.
    const nobody = await actor(t, company, []);
    expect((await nobody.agent.get(`/prevention-plan/${planId}/localise`)).status).toBe(403);
  });

  it('answers 404 for another company\'s plan, zone and sector, and for an unknown plan', async () => {
    const { author, planId, sectorId } = await world();
    const stranger = await actor(t, newCompany(), RIGHTS.manager);
    const zoneId = await insertZone(t, author.tenantId, 'prevention_plan', planId, sectorId, 'marker', { lat: 1, lng: 1 });
    const body = { type: 'marker', data: { lat: 1, lng: 1 } };
    expect((await stranger.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set(JSON_HEADERS(stranger)).send(body)).status).toBe(404);
    expect((await stranger.agent.post(`/prevention-plan/leaflet-zone/${zoneId}/edit`).set(JSON_HEADERS(stranger)).send(body)).status).toBe(404);
    expect((await stranger.agent.post(`/prevention-plan/leaflet-zone/${zoneId}/delete`).set(JSON_HEADERS(stranger))).status).toBe(404);
    expect((await stranger.agent.get(`/prevention-plan/${planId}/localise`)).status).toBe(404);
    expect((await stranger.agent.get(`/zone-map/sector/${sectorId}/plan`)).status).toBe(404);
    expect((await author.agent.get('/prevention-plan/99999999/localise')).status).toBe(404);
    // A sector of another company is not found either.
    const foreign = await sectorWithPlan(t, stranger.tenantId);
    expect((await author.agent.get(`/prevention-plan/${planId}/localise/${foreign.sectorId}`)).status).toBe(404);
    expect((await author.agent.post(`/prevention-plan/${planId}/leaflet-zone/add`).set(JSON_HEADERS(author)).send({ ...body, sector: foreign.sectorId })).status).toBe(404);
    expect(await db().query('SELECT 1 FROM map_zone WHERE id = $1', [zoneId])).toHaveLength(1);
  });
});

describe('intervention_localise', () => {
  it('answers exactly {intervention, plan, coactivities} for the plan\'s own sector', async () => {
    const { company, author, planId, sectorId } = await world();
    const mine = await insertZone(t, author.tenantId, 'prevention_plan', planId, sectorId, 'polygon', square(10, 10, 100));
    const other = await sectorWithPlan(t, author.tenantId, { name: 'Magasin' });
    await insertZone(t, author.tenantId, 'prevention_plan', planId, other.sectorId, 'marker', { lat: 5, lng: 5 });
    // A neighbour on the same sector in the same period, one in another period, one expired, one on another sector.
    const colleague = await actor(t, company, RIGHTS.author, 'Paul');
    const near = await planOnSector(t, author.tenantId, colleague.id, sectorId, { subject: 'Soudure de la charpente', start_date: 3, end_date: 20 });
    const nearZone = await insertZone(t, author.tenantId, 'prevention_plan', near, sectorId, 'circle', { lat: 400, lng: 600, radius: 10 });
    const later = await planOnSector(t, author.tenantId, colleague.id, sectorId, { start_date: 6, end_date: 20 });
    await insertZone(t, author.tenantId, 'prevention_plan', later, sectorId, 'circle', { lat: 50, lng: 50, radius: 10 });
    const expired = await planOnSector(t, author.tenantId, colleague.id, sectorId, { status: 'expired' });
    await insertZone(t, author.tenantId, 'prevention_plan', expired, sectorId, 'circle', { lat: 50, lng: 50, radius: 10 });
    const elsewhere = await planOnSector(t, author.tenantId, colleague.id, other.sectorId);
    await insertZone(t, author.tenantId, 'prevention_plan', elsewhere, other.sectorId, 'circle', { lat: 50, lng: 50, radius: 10 });

    const res = await author.agent.get(`/prevention-plan/${planId}/localise`);
    expect(res.status).toBe(200);
    const [{ pdp_number: nearNumber }] = await db().query('SELECT pdp_number FROM prevention_plan WHERE id = $1', [near]);
    expect(res.body).toEqual({
      intervention: { id: planId, zones: [{ id: mine, type: 'polygon', data: square(10, 10, 100) }], nbZones: 2 },
      plan: { name: 'Atelier de production', path: `/zone-map/sector/${sectorId}/plan`, width: 640 },
      coactivities: [{ id: near, pdpNumber: nearNumber, orderingCustomer: 'Paul Test', subject: 'Soudure de la charpente', zones: [{ id: nearZone, type: 'circle', data: { lat: 400, lng: 600, radius: 10 } }] }],
    });
    // Sector 0 is the plan's own sector; another sector shows the zones drawn there.
    expect((await author.agent.get(`/prevention-plan/${planId}/localise/0`)).body).toEqual(res.body);
    const there = await author.agent.get(`/prevention-plan/${planId}/localise/${other.sectorId}`);
    expect(there.body.intervention.zones).toEqual([expect.objectContaining({ type: 'marker' })]);
    expect(there.body.plan.name).toBe('Magasin');
    expect(there.body.coactivities.map((c: { id: number }) => c.id)).toEqual([elsewhere]);

    // The plan image is served to the company's users.
    const image = await author.agent.get(res.body.plan.path);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('gives plan null without sector, and a plan without path when the sector has no image', async () => {
    const company = newCompany();
    const author = await actor(t, company, RIGHTS.author);
    const noSector = await planOnSector(t, author.tenantId, author.id, null);
    const res = await author.agent.get(`/prevention-plan/${noSector}/localise`);
    expect(res.body).toEqual({ intervention: { id: noSector, zones: [], nbZones: 0 }, plan: null, coactivities: [] });
    const bare = await sectorWithPlan(t, author.tenantId, { image: false, name: 'Cour' });
    const withBare = await planOnSector(t, author.tenantId, author.id, bare.sectorId);
    expect((await author.agent.get(`/prevention-plan/${withBare}/localise`)).body.plan).toEqual({ name: 'Cour', path: null, width: null });
    expect((await author.agent.get(`/zone-map/sector/${bare.sectorId}/plan`)).status).toBe(404);
  });
});

describe('intervention_localise_save', () => {
  it('stores the posted image as the plan\'s snapshot (the newest wins)', async () => {
    const { author, planId } = await world();
    for (let i = 0; i < 2; i++) {
      const res = await author.agent.post(`/prevention-plan/${planId}/localise/save`).field('_csrf_token', author.csrf)
        .attach('image', png(50 + i, 40), { filename: 'carte.png', contentType: 'image/png' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('L\'image de la carte a été enregistrée.');
    }
    const rows = await db().query(
      `SELECT f.original_name, f.mime_type, f.tenant_id FROM map_snapshot s JOIN stored_file f ON f.id = s.file_id WHERE s.owner_type = 'prevention_plan' AND s.owner_id = $1`, [planId]);
    expect(rows).toEqual([{ original_name: 'carte.png', mime_type: 'image/png', tenant_id: author.tenantId }]);
    // The replaced image is removed.
    const files = await db().query("SELECT id FROM stored_file WHERE tenant_id = $1 AND original_name = 'carte.png'", [author.tenantId]);
    expect(files).toHaveLength(1);
  });

  it('refuses (400, logged) a missing image or a file that is not an image; 403 without token', async () => {
    const { author, planId } = await world();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const none = await author.agent.post(`/prevention-plan/${planId}/localise/save`).field('_csrf_token', author.csrf);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Aucune image de carte n\'a été envoyée.');
    const text = await author.agent.post(`/prevention-plan/${planId}/localise/save`).field('_csrf_token', author.csrf)
      .attach('image', Buffer.from('pas une image'), { filename: 'carte.png', contentType: 'image/png' });
    expect(text.status).toBe(400);
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    const noToken = await author.agent.post(`/prevention-plan/${planId}/localise/save`).attach('image', png(10, 10), { filename: 'carte.png', contentType: 'image/png' });
    expect(noToken.status).toBe(403);
    expect(await db().query(`SELECT 1 FROM map_snapshot WHERE owner_type = 'prevention_plan' AND owner_id = $1`, [planId])).toEqual([]);
  });
});
