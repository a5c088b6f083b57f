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

/** The title of the list's and the plan page's « 400 h » badge. */
const LONG_BADGE = 'title="Travaux de 400 heures ou plus sur douze mois"';

/**
 * A company with three current plans on one site, in operation in June 2026, each with its own
 * outside company: 399, 400 and 401 hours. Long works start at 400 hours (Code du travail R4512-7).
 */
async function seed() {
  const admin = await makeUser(t, { roles: ['super_admin'], company: `Seuil 400 h ${process.pid} ${Date.now()}` });
  const tenantId = admin.tenantId;
  const site = await f.site(tenantId, 'Usine de Valence');
  const plan = async (hours: number) => {
    const id = await f.plan(tenantId, { number: `H-${hours}`, subject: `Plan de ${hours} h`, site, start: '2026-06-01', end: '2026-06-30', hours, status: 'in_operation' });
    const name = `Entreprise ${hours} h`;
    await f.company(tenantId, id, 'EE', await f.tiers(tenantId, name), name);
    return id;
  };
  return { admin, below: await plan(399), exact: await plan(400), above: await plan(401) };
}

/** The row of plan `id` in the plan list. */
const rowOf = (html: string, id: number) => {
  const start = html.indexOf(`<tr data-plan="${id}">`);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</tr>', start));
};
const listed = (html: string) => [...html.matchAll(/data-plan="(\d+)"/g)].map((m) => Number(m[1])).sort((a, b) => a - b);

describe('the 400-hour rule at 399, 400 and 401 hours', () => {
  it('lists, flags and counts 400 and 401 hours as long works, not 399', async () => {
    const { admin, below, exact, above } = await seed();
    const { agent } = await loginAs(t, admin);

    // « Particularités : travaux de plus de 400 h » filter.
    const long = await agent.get(t.ctx.routes.path('pdp_index', { feature: 'long' }));
    expect(long.status).toBe(200);
    expect(listed(long.text)).toEqual([exact, above]);

    // The list's badges.
    const all = await agent.get(t.ctx.routes.path('pdp_index'));
    expect(listed(all.text)).toEqual([below, exact, above]);
    expect([below, exact, above].map((id) => rowOf(all.text, id).includes(LONG_BADGE))).toEqual([false, true, true]);

    // The dashboard widget « Plus de 400 heures ».
    const widget = await agent.get(t.ctx.routes.path('pdp_dashboard_long_works'));
    expect(widget.status).toBe(200);
    expect(widget.body).toMatchObject({ labels: ['Plus de 400 heures'], total: 2 });
  });

  it('shows the badge and the warning on the plan page of 400 and 401 hours, neither at 399', async () => {
    const { admin, below, exact, above } = await seed();
    const { agent } = await loginAs(t, admin);
    const page = async (id: number) => {
      const res = await agent.get(t.ctx.routes.path('pdp_show', { id }));
      expect(res.status).toBe(200);
      return { badge: res.text.includes(LONG_BADGE), warning: (res.text.match(/Travaux de plus de 400 heures : [^<]*/) ?? [''])[0] };
    };
    expect(await page(below)).toEqual({ badge: false, warning: '' });
    expect(await page(exact)).toEqual({ badge: true, warning: 'Travaux de plus de 400 heures : Entreprise 400 h : 400 h (H-400 : 400 h)' });
    expect(await page(above)).toEqual({ badge: true, warning: 'Travaux de plus de 400 heures : Entreprise 401 h : 401 h (H-401 : 401 h)' });
  });
});
