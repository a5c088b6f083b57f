import { createTestApp, type TestApp } from '../../support/app';
import { actor, insertPpsps, isoDay, newCompany, PPSPS_RIGHTS } from './ppsps-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const numbers = (html: string) => [...html.matchAll(/<tr data-ppsps="\d+">\s*<td class="text-nowrap"><a href="\/ppsps\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe('PPSPS list', () => {
  it('shows an empty state with the add button', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.author);
    const res = await a.agent.get('/ppsps/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="empty-state"');
    expect(res.text).toContain('Aucun PPSPS pour le moment');
    expect(res.text).toContain('href="/ppsps/new"');
  });

  it('lists the PPSPS the user is involved in, filters by text, state, site and dates, and pages', async () => {
    const company = newCompany();
    const a = await actor(t, company, PPSPS_RIGHTS.author);
    const other = await actor(t, company, PPSPS_RIGHTS.author, 'Dominique');
    const [type] = await t.db.dataSource.query("INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Chantier', 1) RETURNING id", [a.tenantId]);
    const [site] = await t.db.dataSource.query("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Chantier de la gare', $2) RETURNING id", [a.tenantId, type.id]);
    await insertPpsps(t, a.tenantId, a.id, { number: 'A-1', nature_of_operations: 'Terrassement', start_date: isoDay(5), end_date: isoDay(20), hierarchy_item_id: site.id });
    await insertPpsps(t, a.tenantId, a.id, { number: 'A-2', nature_of_operations: 'Peinture', status: 'in_operation', start_date: isoDay(60), end_date: isoDay(90) });
    const subbed = await insertPpsps(t, a.tenantId, other.id, { number: 'B-1', nature_of_operations: 'Plomberie' });
    await insertPpsps(t, a.tenantId, other.id, { number: 'B-2', nature_of_operations: 'Couverture' });
    await t.db.dataSource.query('INSERT INTO ppsps_substitute (ppsps_id, user_id, tenant_id) VALUES ($1, $2, $3)', [subbed, a.id, a.tenantId]);
    expect(numbers((await a.agent.get('/ppsps/')).text).sort()).toEqual(['A-1', 'A-2', 'B-1']);
    expect(numbers((await a.agent.get('/ppsps/?q=peint')).text)).toEqual(['A-2']);
    expect(numbers((await a.agent.get('/ppsps/?status=in_operation')).text)).toEqual(['A-2']);
    expect(numbers((await a.agent.get(`/ppsps/?item=${site.id}`)).text)).toEqual(['A-1']);
    const [y, m, d] = isoDay(50).split('-');
    expect(numbers((await a.agent.get(`/ppsps/?from=${d}/${m}/${y}`)).text)).toEqual(['A-2']);
    const none = await a.agent.get('/ppsps/?q=zzz');
    expect(none.text).toContain('Aucun PPSPS ne correspond à ces filtres.');
    const page = await a.agent.get('/ppsps/?perPage=10&page=1');
    expect(page.status).toBe(200);
    const all = await actor(t, company, PPSPS_RIGHTS.viewAll, 'Sacha');
    expect(numbers((await all.agent.get('/ppsps/')).text).sort()).toEqual(['A-1', 'A-2', 'B-1', 'B-2']);
  });

  it('shows the menu entry "PPSPS" under Prévention to those holding ppsps.view', async () => {
    const a = await actor(t, newCompany(), PPSPS_RIGHTS.reader);
    const res = await a.agent.get('/ppsps/');
    expect(res.text).toMatch(/href="\/ppsps\/"/);
    const b = await actor(t, newCompany(), []);
    expect((await b.agent.get('/ppsps/')).status).toBe(403);
  });
});
