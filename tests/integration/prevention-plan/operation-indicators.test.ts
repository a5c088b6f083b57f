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
 * One company's plans on 15/06/2026: three in operation (OP-1 ends 30/06: expiring; OP-2 ends
 * 31/12; OP-3 ended 10/06: late), a draft ending 20/06 (expiring, not in operation), an archived
 * plan and a plan in the trash in operation ending soon, an expired plan; another company's plan
 * in operation ending soon.
 */
async function seed() {
  const company = `Indicateurs en cours ${process.pid} ${Date.now()}`;
  const admin = await makeUser(t, { roles: ['super_admin'], company });
  const tenantId = admin.tenantId;
  const reader = await makeUser(t, { rights: ['pdp.view'], company });
  const site = await f.site(tenantId, 'Usine de Lyon');
  const ids = {
    op1: await f.plan(tenantId, { number: 'OP-1', subject: 'Démolition du hall B', site, start: '2026-06-01', end: '2026-06-30', status: 'in_operation' }),
    op2: await f.plan(tenantId, { number: 'OP-2', subject: 'Maintenance des portes', site, start: '2026-01-01', end: '2026-12-31', status: 'in_operation', createdBy: reader.id }),
    op3: await f.plan(tenantId, { number: 'OP-3', subject: 'Relamping LED', site, start: '2026-03-01', end: '2026-06-10', status: 'in_operation' }),
  };
  await f.plan(tenantId, { number: 'OP-4', site, start: '2026-06-01', end: '2026-06-20', status: 'draft' });
  await f.plan(tenantId, { number: 'OP-5', site, start: '2026-06-01', end: '2026-06-20', status: 'in_operation', archived: true });
  const trashed = await f.plan(tenantId, { number: 'OP-6', site, start: '2026-06-01', end: '2026-06-20', status: 'in_operation' });
  await t.db.dataSource.query('UPDATE prevention_plan SET deleted_at = now() WHERE id = $1', [trashed]);
  await f.plan(tenantId, { number: 'OP-7', site, start: '2026-01-01', end: '2026-02-01', status: 'expired' });
  const stranger = await makeUser(t, { roles: ['super_admin'] });
  await f.plan(stranger.tenantId, { number: 'OP-X', start: '2026-06-01', end: '2026-06-20', status: 'in_operation' });
  return { admin, reader, ids };
}

const json = async (agent: Awaited<ReturnType<typeof loginAs>>['agent'], name: string) => {
  const res = await agent.get(t.ctx.routes.path(name));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
};

describe('prevention plan indicators: in operation, expiring, validity', () => {
  it('counts and lists the plans in operation of the seeded company', async () => {
    const { admin, ids } = await seed();
    const { agent } = await loginAs(t, admin);

    const inOperation = await json(agent, 'pdp_dashboard_in_operation');
    expect(inOperation).toMatchObject({ labels: ['Plans en cours'], total: 3 });
    expect(inOperation.links).toEqual([t.ctx.routes.path('pdp_index', { status: 'in_operation' })]);

    const expiring = await json(agent, 'pdp_dashboard_expiring');
    // Every current plan badged « Arrive à échéance », as the list shows them: OP-1 in operation and the draft OP-4.
    expect(expiring).toMatchObject({ labels: ['Arrivent à échéance (30 jours)'], total: 2 });
    expect(expiring.links).toEqual([t.ctx.routes.path('pdp_index', { validity: 'expiring' })]);

    const list = await json(agent, 'pdp_dashboard_in_operation_list');
    expect(list.labels).toEqual(['Numéro', 'Objet', 'Site', 'Fin', 'Validité']);
    expect(list.rows).toEqual([
      ['OP-3', 'Relamping LED', 'Usine de Lyon', '10/06/2026', 'En retard'],
      ['OP-1', 'Démolition du hall B', 'Usine de Lyon', '30/06/2026', 'Arrive à échéance'],
      ['OP-2', 'Maintenance des portes', 'Usine de Lyon', '31/12/2026', 'À jour'],
    ]);
    expect(list.total).toBe(3);
    expect(list.links).toEqual([ids.op3, ids.op1, ids.op2].map((id) => t.ctx.routes.path('pdp_show', { id })));

    // Validity counts every current plan, the draft included: OP-2 up to date; OP-1 and OP-4 expiring; OP-3 late.
    const validity = await json(agent, 'pdp_dashboard_validity');
    expect(validity.labels).toEqual(['À jour', 'Arrive à échéance', 'En retard']);
    expect(validity.series[0].data).toEqual([1, 2, 1]);

    // The expiring drilldown lists exactly the plans the figure counts.
    const page = await agent.get(expiring.links[0]);
    expect(page.status).toBe(200);
    expect(page.text).toContain('OP-1');
    expect(page.text).toContain('OP-4');
    expect(page.text).not.toMatch(/OP-[235-7X]\b/);
  });

  it('counts only the plans the user sees, and moves with the clock', async () => {
    const { admin, reader } = await seed();
    const mine = await loginAs(t, reader);
    expect((await json(mine.agent, 'pdp_dashboard_in_operation')).total).toBe(1);
    expect((await json(mine.agent, 'pdp_dashboard_expiring')).total).toBe(0);
    expect((await json(mine.agent, 'pdp_dashboard_in_operation_list')).rows.map((r: unknown[]) => r[0])).toEqual(['OP-2']);

    const restore = useClock(new FixedClock(new Date('2026-12-05T10:00:00Z')));
    try {
      const { agent } = await loginAs(t, admin);
      // On 05/12 only OP-2 (ends 31/12) is within 30 days.
      expect((await json(agent, 'pdp_dashboard_expiring')).total).toBe(1);
    } finally {
      restore();
      restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
    }
  });

  it('shows the widgets on the plans\' indicators page', async () => {
    const { admin } = await seed();
    const { agent } = await loginAs(t, admin);
    const page = await agent.get(t.ctx.routes.path('pdp_indicators'));
    expect(page.status).toBe(200);
    for (const id of ['pdp-in-operation', 'pdp-expiring', 'pdp-in-operation-list', 'pdp-validity']) expect(page.text).toContain(`data-testid="widget-${id}"`);
    expect(page.text).toContain(t.ctx.routes.path('pdp_dashboard_in_operation_list'));
  });
});
