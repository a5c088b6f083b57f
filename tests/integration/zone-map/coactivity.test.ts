import type { Request } from 'express';
import { translator } from '../../../server/kernel/i18n/i18n';
import { formatDate } from '../../../server/kernel/i18n/format';
import { coactivityAlerts } from '../../../server/modules/zone-map/coactivity.alerts';
import { findCoactivities } from '../../../server/modules/zone-map/coactivity.service';
import { deleteZonesOf, listZones } from '../../../server/modules/zone-map/zone.service';
import { zonesFigure } from '../../../server/modules/zone-map/zone-svg';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, newCompany, RIGHTS } from '../prevention-plan/plan-helpers';
import { insertZone, planOnSector, sectorWithPlan, square } from './zone-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const db = () => t.db.dataSource;
const ctx = (tenantId: number) => ({ db: db(), tenantId, routes: t.ctx.routes });

/** The parts of a request `coactivityAlerts` reads. */
function fakeReq(tenantId: number): Request {
  const tr = translator('fr');
  return { t: tr, authUser: { tenantId }, ctx: t.ctx, res: { locals: { t: tr, formatDate } } } as unknown as Request;
}

async function twoPlans(second: { start?: number; end?: number; zone: [string, unknown]; sameSector?: boolean; status?: string }) {
  const company = newCompany();
  const a = await actor(t, company, RIGHTS.author, 'Jean');
  const { sectorId } = await sectorWithPlan(t, a.tenantId);
  const other = await sectorWithPlan(t, a.tenantId, { name: 'Magasin' });
  const first = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Peinture du hall' });
  await insertZone(t, a.tenantId, 'prevention_plan', first, sectorId, 'polygon', square(100, 100, 50));
  const where = second.sameSector === false ? other.sectorId : sectorId;
  const next = await planOnSector(t, a.tenantId, a.id, where, { subject: 'Soudure de la charpente', start_date: second.start ?? 2, end_date: second.end ?? 9, status: second.status ?? 'in_operation' });
  const zone = await insertZone(t, a.tenantId, 'prevention_plan', next, where, second.zone[0], second.zone[1]);
  return { a, first, next, zone, sectorId };
}

describe('findCoactivities', () => {
  it('finds a plan of the same period whose zone touches one of ours on the same sector, both ways', async () => {
    const { a, first, next, zone } = await twoPlans({ zone: ['circle', { lat: 125, lng: 160, radius: 10 }] });
    const found = await findCoactivities(ctx(a.tenantId), 'prevention_plan', first);
    expect(found).toHaveLength(1);
    expect(found[0].other).toMatchObject({ ownerType: 'prevention_plan', id: next, subject: 'Soudure de la charpente', orderingCustomer: 'Jean Test', url: `/prevention-plan/${next}` });
    expect(found[0].zones).toEqual([{ id: zone, type: 'circle', data: { lat: 125, lng: 160, radius: 10 }, sectorId: expect.any(Number) }]);
    expect(found[0].critical).toBe(false);
    const back = await findCoactivities(ctx(a.tenantId), 'prevention_plan', next);
    expect(back.map((c) => c.other.id)).toEqual([first]);
  });

  it('ignores zones apart, another sector, another period, an expired plan, another company', async () => {
    for (const second of [
      { zone: ['circle', { lat: 125, lng: 161, radius: 10 }] as [string, unknown] },
      { zone: ['polygon', square(100, 100, 50)] as [string, unknown], sameSector: false },
      { zone: ['polygon', square(100, 100, 50)] as [string, unknown], start: 6, end: 9 },
      { zone: ['polygon', square(100, 100, 50)] as [string, unknown], status: 'expired' },
    ]) {
      const { a, first } = await twoPlans(second);
      expect(await findCoactivities(ctx(a.tenantId), 'prevention_plan', first)).toEqual([]);
    }
    // Without sector, zones have no common plan: never a coactivity.
    const company = newCompany();
    const b = await actor(t, company, RIGHTS.author);
    const [p1, p2] = [await planOnSector(t, b.tenantId, b.id, null), await planOnSector(t, b.tenantId, b.id, null)];
    await insertZone(t, b.tenantId, 'prevention_plan', p1, null, 'marker', { lat: 1, lng: 1 });
    await insertZone(t, b.tenantId, 'prevention_plan', p2, null, 'marker', { lat: 1, lng: 1 });
    expect(await findCoactivities(ctx(b.tenantId), 'prevention_plan', p1)).toEqual([]);
    expect((await b.agent.get(`/prevention-plan/${p1}/localise`)).body.coactivities).toEqual([]);
    const { first } = await twoPlans({ zone: ['polygon', square(100, 100, 50)] });
    const stranger = await actor(t, newCompany(), RIGHTS.author);
    expect(await findCoactivities(ctx(stranger.tenantId), 'prevention_plan', first)).toEqual([]);
  });
});

describe('coactivityAlerts', () => {
  it('renders a warning with a link to the other plan, or nothing', async () => {
    const { a, first, next } = await twoPlans({ zone: ['marker', { lat: 150, lng: 150 }] });
    const [{ pdp_number: number, start, end }] = await db().query(
      "SELECT pdp_number, to_char(start_date, 'DD/MM/YYYY') AS start, to_char(end_date, 'DD/MM/YYYY') AS end FROM prevention_plan WHERE id = $1", [next]);
    const html = await coactivityAlerts(fakeReq(a.tenantId), 'prevention_plan', first);
    expect(html).toContain('data-testid="coactivity-alert"');
    expect(html).toContain('alert-warning');
    expect(html).not.toContain('alert-danger');
    expect(html).toContain(`href="/prevention-plan/${next}"`);
    expect(html).toContain(number);
    expect(html).toContain('plan de prévention');
    expect(html).toContain('Soudure de la charpente');
    expect(html).toContain(`(du ${start} au ${end})`);
    const apart = await twoPlans({ zone: ['marker', { lat: 151, lng: 151 }], sameSector: false });
    expect(await coactivityAlerts(fakeReq(apart.a.tenantId), 'prevention_plan', apart.first)).toBe('');
  });
});

describe('zonesFigure', () => {
  it('draws the zones as SVG over the plan image, nothing without zones or plan image', async () => {
    const { a, first } = await twoPlans({ zone: ['marker', { lat: 1, lng: 1 }] });
    await insertZone(t, a.tenantId, 'prevention_plan', first, (await listZones(db(), a.tenantId, 'prevention_plan', first))[0].sectorId, 'circle', { lat: 300, lng: 50, radius: 20 });
    const html = await zonesFigure(db(), a.tenantId, 'prevention_plan', first);
    expect(html).toContain('<svg');
    expect(html).toContain('viewBox="0 0 600 400"');
    expect(html).toContain('href="data:image/png;base64,');
    expect(html).toContain('<polygon points="100,300 150,300 150,250 100,250"');
    expect(html).toContain('<circle cx="50" cy="100" r="20"');
    expect(html).toContain('Atelier de production');
    const lonely = await planOnSector(t, a.tenantId, a.id, null);
    expect(await zonesFigure(db(), a.tenantId, 'prevention_plan', lonely)).toBe('');
    const bare = await sectorWithPlan(t, a.tenantId, { image: false });
    await insertZone(t, a.tenantId, 'prevention_plan', lonely, bare.sectorId, 'marker', { lat: 1, lng: 1 });
    expect(await zonesFigure(db(), a.tenantId, 'prevention_plan', lonely)).toBe('');
  });
});

describe('deleteZonesOf', () => {
  it('removes the owner\'s zones and snapshot only', async () => {
    const { a, first, next } = await twoPlans({ zone: ['marker', { lat: 1, lng: 1 }] });
    const [file] = await db().query("INSERT INTO stored_file (tenant_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, 'carte.png', 'image/png', 1) RETURNING id", [a.tenantId, `t/${a.tenantId}/x-${first}`]);
    await db().query("INSERT INTO map_snapshot (tenant_id, owner_type, owner_id, file_id) VALUES ($1, 'prevention_plan', $2, $3)", [a.tenantId, first, file.id]);
    await db().transaction((m) => deleteZonesOf(m, a.tenantId, 'prevention_plan', first));
    expect(await listZones(db(), a.tenantId, 'prevention_plan', first)).toEqual([]);
    expect(await listZones(db(), a.tenantId, 'prevention_plan', next)).toHaveLength(1);
    expect(await db().query('SELECT 1 FROM map_snapshot WHERE file_id = $1', [file.id])).toEqual([]);
    expect(await db().query('SELECT 1 FROM stored_file WHERE id = $1', [file.id])).toEqual([]);
  });
});

describe('fire permit against ATEX permit', () => {
  async function permit(tenantId: number, type: string, planId: number | null, sectorId: number, days: [number, number]): Promise<number> {
    const at = (d: number) => new Date(Date.now() + d * 86_400_000);
    const [row] = await db().query(
      `INSERT INTO permit (tenant_id, type, number, state, plan_id, description, start_at, end_at, sector_id)
       VALUES ($1, $2, $3, 'in_progress', $4, $5, $6, $7, $8) RETURNING id`,
      [tenantId, type, `${type.toUpperCase()}-${process.pid}-${Date.now() % 1e6}`, planId, `Travaux ${type}`, at(days[0]), at(days[1]), sectorId]);
    return row.id;
  }

  it('is a critical coactivity, shown in red on both sides and first in the widget', async () => {
    const a = await actor(t, newCompany(), RIGHTS.viewAll, 'Jean');
    const { sectorId } = await sectorWithPlan(t, a.tenantId);
    const planA = await planOnSector(t, a.tenantId, a.id, sectorId);
    const planB = await planOnSector(t, a.tenantId, a.id, sectorId);
    const fire = await permit(a.tenantId, 'fire', planA, sectorId, [-0.2, 0.3]);
    const atex = await permit(a.tenantId, 'atex', planB, sectorId, [-0.1, 1]);
    const dust = await permit(a.tenantId, 'dust', planB, sectorId, [-0.1, 1]);
    await insertZone(t, a.tenantId, 'permit', fire, sectorId, 'circle', { lat: 200, lng: 200, radius: 20 });
    await insertZone(t, a.tenantId, 'permit', atex, sectorId, 'polygon', square(210, 210, 50));
    await insertZone(t, a.tenantId, 'permit', dust, sectorId, 'marker', { lat: 200, lng: 215 });

    const found = await findCoactivities(ctx(a.tenantId), 'permit', fire);
    expect(found.map((c) => [c.other.kind, c.critical])).toEqual([['atex', true], ['dust', false]]);
    const html = await coactivityAlerts(fakeReq(a.tenantId), 'permit', atex);
    expect(html).toContain('alert-danger');
    expect(html).toContain('Coactivité critique');
    expect(html).toContain('permis de feu');

    const table = await a.agent.get('/dashboard/zone-map/coactivities');
    expect(table.body.rows[0][3]).toBe('Critique (feu / ATEX)');
    // A plan and its own permit are no coactivity; the other plan's permits are.
    await insertZone(t, a.tenantId, 'prevention_plan', planA, sectorId, 'circle', { lat: 200, lng: 200, radius: 25 });
    const ofPlan = await findCoactivities(ctx(a.tenantId), 'prevention_plan', planA);
    expect(ofPlan.map((c) => [c.other.ownerType, c.other.id])).toEqual([['permit', atex], ['permit', dust]]);
  });
});
