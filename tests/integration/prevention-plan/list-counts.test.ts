import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { planFixtures } from './long-works-fixtures';

let t: TestApp;
let f: ReturnType<typeof planFixtures>;
let restoreClock: () => void;
const at = (iso: string) => useClock(new FixedClock(new Date(`${iso}T10:00:00Z`)));
beforeAll(async () => {
  t = await createTestApp();
  f = planFixtures(t.db.dataSource);
  restoreClock = at('2026-06-15');
});
afterAll(async () => { restoreClock(); await t.close(); });

/**
 * One company's plans on 15/06/2026, at the 30-day boundary: LC-A in operation ends today, LC-B (draft)
 * in 30 days, LC-C in operation in 31 days, LC-D (waiting for signatures) ended yesterday, LC-E expired
 * ending in 30 days (no validity), LC-F archived ending in 10 days. LC-A has an outside company with
 * its contact and the user company; LC-C an outside company and its subcontractor.
 */
async function seed() {
  const company = `Listes et chiffres ${process.pid} ${Date.now()}`;
  const admin = await makeUser(t, { roles: ['super_admin'], company });
  const tenantId = admin.tenantId;
  const plan = (number: string, end: string, status: string, archived = false) => f.plan(tenantId, { number, start: '2026-01-01', end, status, archived });
  const a = await plan('LC-A', '2026-06-15', 'in_operation');
  await plan('LC-B', '2026-07-15', 'draft');
  const c = await plan('LC-C', '2026-07-16', 'in_operation');
  await plan('LC-D', '2026-06-14', 'waiting_sign');
  await plan('LC-E', '2026-07-15', 'expired');
  await plan('LC-F', '2026-06-25', 'in_operation', true);
  const morel = await f.company(tenantId, a, 'EE', null, 'Levage Morel');
  await t.db.dataSource.query("UPDATE plan_company SET first_name = 'Paul', last_name = 'Morel' WHERE id = $1", [morel]);
  await f.company(tenantId, a, 'EU', null, 'Chimie hôte');
  const azur = await f.company(tenantId, c, 'EE', null, 'Nettoyage Azur');
  await f.company(tenantId, c, 'ST', null, 'Échafaudages Rhône', azur);
  return { admin, company };
}

type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];
const widget = async (agent: Agent, name: string) => (await agent.get(t.ctx.routes.path(name))).body;
const page = async (agent: Agent, query: Record<string, string> = {}) => {
  const res = await agent.get(t.ctx.routes.path('pdp_index', query));
  expect(res.status).toBe(200);
  return res.text;
};
const numbers = (html: string) => [...html.matchAll(/>(LC-[A-F])<\/a>/g)].map((m) => m[1]);
const badges = (html: string, validity: string) => html.split(`data-validity="${validity}"`).length - 1;

describe('plan list and indicators agree', () => {
  it('the expiring figure equals the rows badged « Arrive à échéance » and the filtered list, at the 30-day boundary', async () => {
    const { admin } = await seed();
    const { agent } = await loginAs(t, admin);
    const expiring = await widget(agent, 'pdp_dashboard_expiring');
    // Today and today + 30 days are in, today + 31 days is out, whatever the state; the expired and archived plans are not counted.
    expect(expiring.total).toBe(2);
    const all = await page(agent);
    expect(numbers(all).sort()).toEqual(['LC-A', 'LC-B', 'LC-C', 'LC-D', 'LC-E']);
    expect(badges(all, 'expiring')).toBe(expiring.total);
    const filtered = await page(agent, { validity: 'expiring' });
    expect(numbers(filtered).sort()).toEqual(['LC-A', 'LC-B']);
    // The figure's link opens that filtered list.
    expect(Object.fromEntries(new URL(expiring.links[0], 'http://vigie.test').searchParams)).toEqual({ validity: 'expiring' });

    // The validity chart: each segment equals its badges and its filtered list.
    const validity = await widget(agent, 'pdp_dashboard_validity');
    expect(validity.labels).toEqual(['À jour', 'Arrive à échéance', 'En retard']);
    const keys = ['up_to_date', 'expiring', 'late'];
    expect(validity.series[0].data).toEqual([1, 2, 1]);
    for (const [i, key] of keys.entries()) {
      expect(badges(all, key)).toBe(validity.series[0].data[i]);
      expect(numbers(await page(agent, { validity: key }))).toHaveLength(validity.series[0].data[i]);
    }
    expect(numbers(await page(agent, { validity: 'late' }))).toEqual(['LC-D']);
  });

  it('one day later: the plan ending yesterday is late, the one 30 days ahead comes in', async () => {
    const { admin } = await seed();
    const restore = at('2026-06-16');
    try {
      const { agent } = await loginAs(t, admin);
      expect((await widget(agent, 'pdp_dashboard_expiring')).total).toBe(2);
      const filtered = await page(agent, { validity: 'expiring' });
      expect(numbers(filtered).sort()).toEqual(['LC-B', 'LC-C']);
      expect(badges(await page(agent), 'expiring')).toBe(2);
      expect(numbers(await page(agent, { validity: 'late' })).sort()).toEqual(['LC-A', 'LC-D']);
    } finally {
      restore();
      restoreClock = at('2026-06-15');
    }
  });

  it('the state chart uses the list badges\' words', async () => {
    const { admin } = await seed();
    const { agent } = await loginAs(t, admin);
    const states = await widget(agent, 'pdp_dashboard_states');
    const all = await page(agent);
    for (const label of states.labels) expect(all).toContain(label);
    expect(states.labels).toEqual(['Brouillon', 'En attente de signature sur site', 'En cours', 'Terminé']);
  });

  it('shows the outside companies with their contact, and filters by company and by contact', async () => {
    const { admin } = await seed();
    const { agent } = await loginAs(t, admin);
    const all = await page(agent);
    expect(all).toContain('Levage Morel');
    expect(all).toContain('Paul Morel');
    expect(all).toContain('Échafaudages Rhône');
    // The user company is not an outside company.
    expect(all).not.toContain('Chimie hôte');
    expect(numbers(await page(agent, { company: 'morel' }))).toEqual(['LC-A']);
    expect(numbers(await page(agent, { company: 'échafaudages' }))).toEqual(['LC-C']);
    expect(numbers(await page(agent, { company: 'Chimie' }))).toEqual([]);
    expect(numbers(await page(agent, { contact: 'paul' }))).toEqual(['LC-A']);
    expect(numbers(await page(agent, { contact: 'paul', company: 'azur' }))).toEqual([]);
    // Wildcards are typed text, not patterns.
    expect(numbers(await page(agent, { company: '%' }))).toEqual([]);
    const none = await page(agent, { company: 'Inconnue SARL' });
    expect(none).toContain('value="Inconnue SARL"');
  });
});

describe('outside company suggestions of the list filters', () => {
  it('suggests the outside companies and contacts of the plans the user sees, from two characters', async () => {
    const { admin, company } = await seed();
    const { agent } = await loginAs(t, admin);
    const suggest = async (name: string, q: string) => {
      const res = await agent.get(`${t.ctx.routes.path(name)}?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.map((s: { label: string }) => s.label);
    };
    expect(await suggest('pdp_company_autocomplete', 'e')).toEqual([]);
    expect(await suggest('pdp_company_autocomplete', 'net')).toEqual(['Nettoyage Azur']);
    expect(await suggest('pdp_company_autocomplete', 'Rhô')).toEqual(['Échafaudages Rhône']);
    // The user company is not an outside company.
    expect(await suggest('pdp_company_autocomplete', 'chimie')).toEqual([]);
    expect(await suggest('pdp_contact_autocomplete', 'paul m')).toEqual(['Paul Morel']);
    // A reader who sees none of these plans gets no names from them.
    const reader = await makeUser(t, { rights: ['pdp.view'], company });
    const mine = await loginAs(t, reader);
    expect((await mine.agent.get(`${t.ctx.routes.path('pdp_company_autocomplete')}?q=Levage`)).body).toEqual([]);
  });
});
