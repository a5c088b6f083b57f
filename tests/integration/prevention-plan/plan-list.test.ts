import { createTestApp, type TestApp } from '../../support/app';
import { actor, frenchDay, insertPlan, newCompany, RIGHTS, setting } from './plan-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const ids = (html: string) => [...html.matchAll(/data-plan="(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);

describe('plan list: filters, validity, archived, pager, empty state', () => {
  it('filters by text, state, site, ordering customer, dates, validity and archived', async () => {
    const company = newCompany();
    const manager = await actor(t, company, RIGHTS.manager);
    const claire = await actor(t, company, RIGHTS.reader, 'Claire');
    const s = await setting(t, manager.tenantId);
    const tid = manager.tenantId;
    const late = await insertPlan(t, tid, manager.id, { subject: 'Levage du moteur', status: 'in_operation', start_date: -30, end_date: -2, hierarchy_item_id: s.site });
    const expiring = await insertPlan(t, tid, manager.id, { subject: 'Travaux en toiture', status: 'waiting_tiers', start_date: 3, end_date: 20, hierarchy_item_id: s.other, ordering_customer_id: claire.id });
    const upToDate = await insertPlan(t, tid, manager.id, { subject: 'Nettoyage industriel', status: 'draft', start_date: 40, end_date: 90, hierarchy_item_id: s.site, order_number: 'BC-2231' });
    const expired = await insertPlan(t, tid, manager.id, { subject: 'Échafaudage façade', status: 'expired', start_date: -90, end_date: -60 });
    const archived = await insertPlan(t, tid, manager.id, { subject: 'Désamiantage archives', status: 'expired', start_date: -400, end_date: -370, archived: true });
    const get = async (q: string) => { const res = await manager.agent.get(`/prevention-plan/?${q}`); expect(res.status).toBe(200); return res.text; };

    expect(ids(await get(''))).toEqual([late, expiring, upToDate, expired].sort((a, b) => a - b));
    expect(ids(await get('archived=yes'))).toEqual([archived]);
    expect(ids(await get('archived=all'))).toHaveLength(5);
    expect(ids(await get('q=toiture'))).toEqual([expiring]);
    expect(ids(await get('q=BC-2231'))).toEqual([upToDate]);
    expect(ids(await get('status=in_operation'))).toEqual([late]);
    expect(ids(await get(`item=${s.site}`))).toEqual([late, upToDate].sort((a, b) => a - b));
    expect(ids(await get(`customer=${claire.id}`))).toEqual([expiring]);
    expect(ids(await get('validity=late'))).toEqual([late]);
    expect(ids(await get('validity=expiring'))).toEqual([expiring]);
    expect(ids(await get('validity=up_to_date'))).toEqual([upToDate]);
    expect(ids(await get(`from=${encodeURIComponent(frenchDay(30))}`))).toEqual([upToDate]);
    expect(ids(await get(`to=${encodeURIComponent(frenchDay(-1))}`))).toEqual([late, expired].sort((a, b) => a - b));
    const page = await get('');
    expect(page).toContain('En retard');
    expect(page).toContain('Arrive à échéance');
    expect(page).toContain('En attente des entreprises');
    const none = await get('q=inexistant');
    expect(none).toContain('Aucun plan ne correspond à ces filtres.');
  });

  it('shows an empty state with the add button, and pages long lists', async () => {
    const manager = await actor(t, newCompany(), RIGHTS.manager);
    const empty = await manager.agent.get('/prevention-plan/');
    expect(empty.text).toContain('Aucun plan de prévention pour l&#39;instant.');
    expect(empty.text).toContain('href="/prevention-plan/new"');
    for (let i = 0; i < 12; i++) await insertPlan(t, manager.tenantId, manager.id, { subject: `Plan n° ${i}`, start_date: i });
    const first = await manager.agent.get('/prevention-plan/?perPage=10');
    expect(ids(first.text)).toHaveLength(10);
    expect(first.text).toContain('12 résultat(s)');
    const second = await manager.agent.get('/prevention-plan/?perPage=10&page=2');
    expect(ids(second.text)).toHaveLength(2);
  });
});
