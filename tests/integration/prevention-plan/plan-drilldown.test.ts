import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { planFixtures } from './long-works-fixtures';

let t: TestApp;
let f: ReturnType<typeof planFixtures>;
let restoreClock: () => void;
beforeAll(async () => {
  t = await createTestApp();
  f = planFixtures(t.db.dataSource);
  restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
});
afterAll(async () => { restoreClock(); await t.close(); });

/**
 * On 15/06/2026: D1 demolition, 500 h for Kilo (dangerous, long); D2 roof works (dangerous, roof);
 * D3 cleaning, 30 h (nothing); D4 cleaning, 450 h for Mike (long only); D5 archived demolition;
 * D6 in the trash, roof works and 900 h; another company's plan with roof works and 900 h.
 */
async function seed() {
  const company = `Drilldown ${process.pid} ${Date.now()}`;
  const admin = await makeUser(t, { roles: ['super_admin'], company });
  const tenantId = admin.tenantId;
  const site = await f.site(tenantId, 'Usine de Grenoble');
  const [demolition, roof, cleaning] = [
    await f.workType(tenantId, 'Travaux de démolition'), await f.workType(tenantId, 'Travaux en toiture'), await f.workType(tenantId, 'Nettoyage des locaux'),
  ];
  const plan = async (number: string, types: number[], p: { hours?: number; company?: string; archived?: boolean } = {}) => {
    const id = await f.plan(tenantId, { number, subject: `Plan ${number}`, site, start: '2026-06-01', end: '2026-06-30', hours: p.hours ?? 10, status: 'in_operation', archived: p.archived });
    if (p.company) await f.company(tenantId, id, 'EE', await f.tiers(tenantId, p.company), p.company);
    await f.workTypes(tenantId, id, types);
    return id;
  };
  const ids = {
    d1: await plan('DRL-1', [demolition], { hours: 500, company: 'Kilo Démolition' }),
    d2: await plan('DRL-2', [roof, cleaning]),
    d3: await plan('DRL-3', [cleaning], { hours: 30 }),
    d4: await plan('DRL-4', [cleaning], { hours: 450, company: 'Mike Nettoyage' }),
    d5: await plan('DRL-5', [demolition], { archived: true }),
    d6: await plan('DRL-6', [roof], { hours: 900, company: 'Oscar Toitures' }),
  };
  await t.db.dataSource.query('UPDATE prevention_plan SET deleted_at = now() WHERE id = $1', [ids.d6]);
  const stranger = await makeUser(t, { roles: ['super_admin'] });
  const theirs = await f.plan(stranger.tenantId, { number: 'DRL-X', start: '2026-06-01', end: '2026-06-30', status: 'in_operation', hours: 900 });
  await f.company(stranger.tenantId, theirs, 'EE', null, 'Kilo Démolition');
  await f.workTypes(stranger.tenantId, theirs, [await f.workType(stranger.tenantId, 'Travaux en toiture')]);
  return { admin, ids };
}

/** Ids of the plans listed on a page of the plan list. */
const listed = (html: string) => [...html.matchAll(/data-plan="(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('prevention plan list: "Particularités" filter and the indicators drill-downs', () => {
  it('filters exactly the dangerous, long-works and roof-works plans', async () => {
    const { admin, ids } = await seed();
    const { agent } = await loginAs(t, admin);
    const list = async (query: Record<string, string>) => {
      const res = await agent.get(t.ctx.routes.path('pdp_index', query));
      expect(res.status).toBe(200);
      return res.text;
    };
    const all = await list({});
    expect(all).toContain('Particularités');
    expect(all).toContain('<option value="long">Travaux de plus de 400 h</option>');
    expect(listed(all)).toEqual(sorted([ids.d1, ids.d2, ids.d3, ids.d4]));
    expect(listed(await list({ feature: 'dangerous' }))).toEqual(sorted([ids.d1, ids.d2]));
    expect(listed(await list({ feature: 'long' }))).toEqual(sorted([ids.d1, ids.d4]));
    expect(listed(await list({ feature: 'roof' }))).toEqual([ids.d2]);
    const selected = await list({ feature: 'roof' });
    expect(selected).toContain('<option value="roof" selected>Travaux en toiture</option>');
    // Combined with the other filters: archived dangerous plans, long works among the plans matching a search.
    expect(listed(await list({ feature: 'dangerous', archived: 'yes' }))).toEqual([ids.d5]);
    expect(listed(await list({ feature: 'long', q: 'DRL-4' }))).toEqual([ids.d4]);
    // An unknown value is ignored (all plans).
    expect(listed(await list({ feature: 'nope' }))).toEqual(sorted([ids.d1, ids.d2, ids.d3, ids.d4]));
  });

  it('links the dangerous / long / roof widgets to the filtered list, which shows as many plans as they count', async () => {
    const { admin } = await seed();
    const { agent } = await loginAs(t, admin);
    for (const [widget, feature, total] of [['pdp_dashboard_dangerous', 'dangerous', 2], ['pdp_dashboard_long_works', 'long', 2], ['pdp_dashboard_roof_works', 'roof', 1]] as const) {
      const data = (await agent.get(t.ctx.routes.path(widget))).body;
      expect(data.total).toBe(total);
      expect(data.links).toEqual([t.ctx.routes.path('pdp_index', { feature })]);
      const page = await agent.get(data.links[0]);
      expect(page.status).toBe(200);
      expect(listed(page.text)).toHaveLength(total);
    }
    // State, validity and archived widgets open the list on their own filter.
    const states = (await agent.get(t.ctx.routes.path('pdp_dashboard_states'))).body;
    expect(states.links).toEqual([t.ctx.routes.path('pdp_index', { status: 'in_operation' })]);
    expect(listed((await agent.get(states.links[0])).text)).toHaveLength(states.total);
    const validity = (await agent.get(t.ctx.routes.path('pdp_dashboard_validity'))).body;
    expect(validity.links).toEqual([t.ctx.routes.path('pdp_index', { validity: 'expiring' })]);
    expect(listed((await agent.get(validity.links[0])).text)).toHaveLength(validity.total);
    const archived = (await agent.get(t.ctx.routes.path('pdp_dashboard_archived'))).body;
    expect(archived.links).toEqual([t.ctx.routes.path('pdp_index', { archived: 'yes' })]);
    expect(listed((await agent.get(archived.links[0])).text)).toHaveLength(archived.total);
  });
});
