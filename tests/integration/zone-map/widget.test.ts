import path from 'node:path';
import ejs from 'ejs';
import { VIEWS_DIR } from '../../../server/kernel/http/render';
import { translator } from '../../../server/kernel/i18n/i18n';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, newCompany, RIGHTS } from '../prevention-plan/plan-helpers';
import { insertZone, planOnSector, sectorWithPlan, square } from './zone-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** Reads an SVG answer as text (supertest buffers only text types by itself). */
const svgText = (res: { body: unknown }) => (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : String(res.body));

describe('coactivity map widget', () => {
  it('lists today\'s coactivities and draws today\'s zones on the busiest sector, coactivities in red', async () => {
    const company = newCompany();
    const a = await actor(t, company, RIGHTS.viewAll, 'Jean');
    const { sectorId } = await sectorWithPlan(t, a.tenantId, { name: 'Atelier de production' });
    const first = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Peinture du hall' });
    const second = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Soudure' });
    const third = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Nettoyage' });
    const tomorrow = await planOnSector(t, a.tenantId, a.id, sectorId, { start_date: 1, end_date: 3 });
    await insertZone(t, a.tenantId, 'prevention_plan', first, sectorId, 'polygon', square(100, 100, 50));
    await insertZone(t, a.tenantId, 'prevention_plan', second, sectorId, 'circle', { lat: 120, lng: 120, radius: 5 });
    await insertZone(t, a.tenantId, 'prevention_plan', third, sectorId, 'marker', { lat: 300, lng: 500 });
    await insertZone(t, a.tenantId, 'prevention_plan', tomorrow, sectorId, 'marker', { lat: 120, lng: 120 });
    const numbers: Record<number, string> = Object.fromEntries((await t.db.dataSource.query('SELECT id, pdp_number FROM prevention_plan WHERE id = ANY($1)', [[first, second]])).map((r: any) => [r.id, r.pdp_number]));

    const table = await a.agent.get('/dashboard/zone-map/coactivities');
    expect(table.status).toBe(200);
    expect(table.body.total).toBe(1);
    expect(table.body.rows).toEqual([[`plan de prévention ${numbers[first]}`, `plan de prévention ${numbers[second]}`, 'Atelier de production', null]]);
    expect(table.body.links).toEqual([`/prevention-plan/${first}`]);

    const map = await a.agent.get('/dashboard/zone-map/map');
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const svg = svgText(map);
    expect(svg).toContain('href="data:image/png;base64,');
    expect(svg.match(/#dc3545/g)?.length).toBeGreaterThanOrEqual(2);
    expect(svg).toMatch(/<path d="M500 100 [^"]*" stroke="#0d6efd"/);
    // Each owner's number is written on its zones.
    for (const id of [first, second]) expect(svg).toContain(`>${numbers[id]}</text>`);
    expect(svgText(await a.agent.get(`/dashboard/zone-map/map/${sectorId}`))).toBe(svg);

    // A user who may not see these plans sees neither their zones nor their coactivities.
    const outsider = await actor(t, company, RIGHTS.reader);
    expect((await outsider.agent.get('/dashboard/zone-map/coactivities')).body).toMatchObject({ rows: [], total: 0 });
    expect(svgText(await outsider.agent.get('/dashboard/zone-map/map'))).toContain('Aucune zone dessinée');
  });

  it('shows a sentence when nothing is drawn today, 404 for another company\'s sector, 403 without pdp.view', async () => {
    const a = await actor(t, newCompany(), RIGHTS.viewAll);
    const empty = await a.agent.get('/dashboard/zone-map/map/0');
    expect(empty.status).toBe(200);
    expect(svgText(empty)).toContain('Aucune zone dessinée sur un plan de secteur pour aujourd&#39;hui.');
    expect((await a.agent.get('/dashboard/zone-map/coactivities')).body).toMatchObject({ rows: [], total: 0 });
    const stranger = await actor(t, newCompany(), RIGHTS.viewAll);
    const foreign = await sectorWithPlan(t, stranger.tenantId);
    expect((await a.agent.get(`/dashboard/zone-map/map/${foreign.sectorId}`)).status).toBe(404);
    const nobody = await actor(t, newCompany(), []);
    expect((await nobody.agent.get('/dashboard/zone-map/map')).status).toBe(403);
  });

  it('renders the widget partial with the map image and the table widget', async () => {
    const html = await ejs.renderFile(path.join(VIEWS_DIR, 'zone-map', 'widget_coactivity.ejs'), {
      t: translator('fr'), locale: 'fr', path: (name: string, params?: Record<string, string>) => t.ctx.routes.path(name, params),
      json: (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c'),
    });
    expect(html).toContain('Carte des coactivités du jour');
    expect(html).toContain('src="/dashboard/zone-map/map"');
    expect(html).toContain('"url":"/dashboard/zone-map/coactivities"');
  });
});
