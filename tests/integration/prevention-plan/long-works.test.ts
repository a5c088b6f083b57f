import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { runPlanChecks } from '../../../server/modules/prevention-plan/core/plan-checks';
import { loadPlanRef } from '../../../server/modules/prevention-plan/core/plan-access';
import { dangerOf, longWorksOf, planFlags, windowStart } from '../../../server/modules/prevention-plan/core/plan-long-works.service';
import '../../../server/modules/prevention-plan/indicators/plan-long-works.checks';
import { planFixtures } from './long-works-fixtures';
import path from 'node:path';
import ejs from 'ejs';
import { translator } from '../../../server/kernel/i18n/i18n';
import { VIEWS_DIR } from '../../../server/kernel/http/render';

let t: TestApp;
let f: ReturnType<typeof planFixtures>;
let restoreClock: () => void;
beforeAll(async () => {
  t = await createTestApp();
  f = planFixtures(t.db.dataSource);
  restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
});
afterAll(async () => { restoreClock(); await t.close(); });

const db = () => t.db.dataSource;
const tenant = async () => (await makeUser(t, { rights: ['pdp.view'] })).tenantId;
const summary = (long: Awaited<ReturnType<typeof longWorksOf>>) => long!.companies.map((c) => ({ name: c.name, hours: c.hours, long: c.long, plans: c.plans.map((p) => p.pdpNumber) }));

describe('the 400-hour rule', () => {
  it('flags a plan that crosses 400 hours during its course with the earlier plans of the same company on the site', async () => {
    const tenantId = await tenant();
    const site = await f.site(tenantId, 'Usine de Lyon');
    const alpha = await f.tiers(tenantId, 'Alpha Maintenance');
    const p1 = await f.plan(tenantId, { number: 'LW-1', site, start: '2025-09-01', end: '2025-12-31', hours: 300 });
    const p2 = await f.plan(tenantId, { number: 'LW-2', site, start: '2026-03-01', end: '2026-06-30', hours: 150 });
    await f.company(tenantId, p1, 'EU', null, 'Notre usine');
    await f.company(tenantId, p1, 'EE', alpha, 'Alpha Maintenance');
    await f.company(tenantId, p2, 'EE', alpha, 'Alpha Maintenance SAS');

    const second = await longWorksOf(db(), tenantId, p2);
    expect(second).toMatchObject({ long: true, from: '2025-07-01', to: '2026-06-30' });
    expect(summary(second)).toEqual([{ name: 'Alpha Maintenance SAS', hours: 450, long: true, plans: ['LW-1', 'LW-2'] }]);
    // The first plan alone stays under 400 h: the later one is outside its window.
    const first = await longWorksOf(db(), tenantId, p1);
    expect(first!.long).toBe(false);
    expect(summary(first)).toEqual([{ name: 'Alpha Maintenance', hours: 300, long: false, plans: ['LW-1'] }]);
    // Continuous or not: a third short plan in between adds up too, exactly 400 is long.
    const p3 = await f.plan(tenantId, { number: 'LW-3', site, start: '2026-01-10', end: '2026-01-20', hours: 100 });
    await f.company(tenantId, p3, 'EE', alpha, 'Alpha');
    expect(summary(await longWorksOf(db(), tenantId, p3))).toEqual([{ name: 'Alpha', hours: 400, long: true, plans: ['LW-1', 'LW-3'] }]);
  });

  it('counts subcontractors: a plan counts in full for its EE and its ST, and an ST’s other plans count for it', async () => {
    const tenantId = await tenant();
    const site = await f.site(tenantId, 'Entrepôt de Nantes');
    const [bravo, charlie] = [await f.tiers(tenantId, 'Bravo Électricité'), await f.tiers(tenantId, 'Charlie Levage')];
    // Bravo subcontracts to Charlie on a 250 h plan; then Charlie works alone 200 h.
    const withSub = await f.plan(tenantId, { number: 'ST-1', site, start: '2026-01-05', end: '2026-02-27', hours: 250 });
    const ee = await f.company(tenantId, withSub, 'EE', bravo, 'Bravo Électricité');
    await f.company(tenantId, withSub, 'ST', charlie, 'Charlie Levage', ee);
    const alone = await f.plan(tenantId, { number: 'ST-2', site, start: '2026-04-01', end: '2026-05-29', hours: 200 });
    await f.company(tenantId, alone, 'EE', charlie, 'Charlie Levage');
    expect(summary(await longWorksOf(db(), tenantId, alone))).toEqual([{ name: 'Charlie Levage', hours: 450, long: true, plans: ['ST-1', 'ST-2'] }]);

    // On one 420 h plan, the hours (its subcontractor's included) count for the EE and for the ST.
    const big = await f.plan(tenantId, { number: 'ST-3', site: await f.site(tenantId, 'Dépôt de Rennes'), start: '2026-05-01', end: '2026-07-31', hours: 420 });
    const bigEe = await f.company(tenantId, big, 'EE', bravo, 'Bravo Électricité');
    await f.company(tenantId, big, 'ST', null, 'Delta Échafaudages', bigEe);
    const long = await longWorksOf(db(), tenantId, big);
    expect(long!.long).toBe(true);
    expect(summary(long)).toEqual([
      { name: 'Bravo Électricité', hours: 420, long: true, plans: ['ST-3'] },
      { name: 'Delta Échafaudages', hours: 420, long: true, plans: ['ST-3'] },
    ]);
  });

  it('leaves out plans older than 12 months, other sites, other companies, the trash and other tenants', async () => {
    const tenantId = await tenant();
    const [site, otherSite] = [await f.site(tenantId, 'Site A'), await f.site(tenantId, 'Site B')];
    const [echo, foxtrot] = [await f.tiers(tenantId, 'Echo Nettoyage'), await f.tiers(tenantId, 'Foxtrot Peinture')];
    const target = await f.plan(tenantId, { number: 'EX-0', site, start: '2026-04-01', end: '2026-06-30', hours: 100 });
    await f.company(tenantId, target, 'EE', echo, 'Echo Nettoyage');
    // Ended the day the window opens: too old. Ended the day after: counted.
    const tooOld = await f.plan(tenantId, { number: 'EX-OLD', site, start: '2025-01-01', end: '2025-06-30', hours: 500 });
    await f.company(tenantId, tooOld, 'EE', echo, 'Echo Nettoyage');
    const justIn = await f.plan(tenantId, { number: 'EX-IN', site, start: '2025-06-01', end: '2025-07-01', hours: 10 });
    await f.company(tenantId, justIn, 'EE', echo, 'Echo Nettoyage');
    const elsewhere = await f.plan(tenantId, { number: 'EX-SITE', site: otherSite, start: '2026-01-01', end: '2026-02-01', hours: 500 });
    await f.company(tenantId, elsewhere, 'EE', echo, 'Echo Nettoyage');
    const otherCompany = await f.plan(tenantId, { number: 'EX-CO', site, start: '2026-01-01', end: '2026-02-01', hours: 500 });
    await f.company(tenantId, otherCompany, 'EE', foxtrot, 'Foxtrot Peinture');
    const trashed = await f.plan(tenantId, { number: 'EX-TRASH', site, start: '2026-01-01', end: '2026-02-01', hours: 500 });
    await f.company(tenantId, trashed, 'EE', echo, 'Echo Nettoyage');
    await db().query('UPDATE prevention_plan SET deleted_at = now() WHERE id = $1', [trashed]);
    const later = await f.plan(tenantId, { number: 'EX-LATER', site, start: '2026-07-01', end: '2026-08-01', hours: 500 });
    await f.company(tenantId, later, 'EE', echo, 'Echo Nettoyage');
    const otherTenant = await tenant();
    const theirSite = await f.site(otherTenant, 'Site A');
    const theirs = await f.plan(otherTenant, { number: 'EX-THEIRS', site: theirSite, start: '2026-01-01', end: '2026-02-01', hours: 500 });
    await f.company(otherTenant, theirs, 'EE', null, 'Echo Nettoyage');

    const long = await longWorksOf(db(), tenantId, target);
    expect(long).toMatchObject({ long: false, from: '2025-07-01', to: '2026-06-30' });
    expect(summary(long)).toEqual([{ name: 'Echo Nettoyage', hours: 110, long: false, plans: ['EX-IN', 'EX-0'] }]);
    expect(await longWorksOf(db(), otherTenant, target)).toBeNull();
  });

  it('matches companies typed by hand by name, and counts a plan without dates on its own', async () => {
    const tenantId = await tenant();
    const site = await f.site(tenantId, 'Site C');
    const a = await f.plan(tenantId, { number: 'NM-1', site, start: '2026-01-01', end: '2026-01-31', hours: 250 });
    await f.company(tenantId, a, 'EE', null, 'Golf Services');
    const b = await f.plan(tenantId, { number: 'NM-2', site, start: '2026-02-01', end: '2026-02-28', hours: 200 });
    await f.company(tenantId, b, 'EE', null, ' golf services ');
    expect((await longWorksOf(db(), tenantId, b))!.companies[0]).toMatchObject({ hours: 450, long: true });
    const undated = await f.plan(tenantId, { number: 'NM-3', site, hours: 50 });
    await f.company(tenantId, undated, 'EE', null, 'Golf Services');
    // No date: the window ends today (clock at 15/06/2026) and the undated plan counts itself only once.
    expect(summary(await longWorksOf(db(), tenantId, undated))).toEqual([{ name: 'Golf Services', hours: 500, long: true, plans: ['NM-3', 'NM-1', 'NM-2'] }]);
  });

  it('computes the window start on month ends', () => {
    expect(windowStart('2026-06-30')).toBe('2025-07-01');
    expect(windowStart('2026-03-31')).toBe('2025-04-01');
    expect(windowStart('2026-01-15')).toBe('2025-01-16');
  });
});

describe('dangerous works and the plan check', () => {
  it('makes a plan dangerous through a dangerous work type, with the reason, and warns on the plan', async () => {
    const tenantId = await tenant();
    const site = await f.site(tenantId, 'Usine de Grenoble');
    const hotel = await f.tiers(tenantId, 'Hotel Démolition');
    const demolition = await f.workType(tenantId, 'Travaux de démolition');
    const roof = await f.workType(tenantId, 'Travaux en toiture');
    const cleaning = await f.workType(tenantId, 'Nettoyage des locaux');
    const dangerousPlan = await f.plan(tenantId, { number: 'DG-1', site, start: '2026-03-01', end: '2026-06-30', hours: 420 });
    await f.company(tenantId, dangerousPlan, 'EE', hotel, 'Hotel Démolition');
    await f.workTypes(tenantId, dangerousPlan, [cleaning, roof, demolition]);
    const safePlan = await f.plan(tenantId, { number: 'DG-2', site: await f.site(tenantId, 'Bureaux'), start: '2026-03-01', end: '2026-03-31', hours: 20 });
    await f.workTypes(tenantId, safePlan, [cleaning]);

    const danger = await dangerOf(db(), tenantId, dangerousPlan);
    expect(danger.dangerous).toBe(true);
    expect(danger.workTypes.map((w) => w.label)).toEqual(['Travaux de démolition', 'Travaux en toiture']);
    expect(await dangerOf(db(), tenantId, safePlan)).toEqual({ dangerous: false, workTypes: [] });
    // Another tenant sees nothing of the plan.
    expect((await dangerOf(db(), await tenant(), dangerousPlan)).dangerous).toBe(false);

    const problems = (await runPlanChecks(db(), (await loadPlanRef(db(), tenantId, dangerousPlan))!))
      .filter((p) => p.key.startsWith('prevention-admin.checks'));
    expect(problems).toEqual([
      { severity: 'warning', key: 'prevention-admin.checks.long_works', params: { detail: 'Hotel Démolition : 420 h (DG-1 : 420 h)' }, tab: 'intervention' },
      { severity: 'warning', key: 'prevention-admin.checks.dangerous_works', params: { detail: 'Travaux de démolition ; Travaux en toiture' }, tab: 'intervention' },
    ]);
    expect((await runPlanChecks(db(), (await loadPlanRef(db(), tenantId, safePlan))!)).filter((p) => p.key.startsWith('prevention-admin.checks'))).toEqual([]);

    const flags = await planFlags(db(), tenantId, [dangerousPlan, safePlan]);
    expect(flags.get(dangerousPlan)).toEqual({ long: true, dangerous: true, roofWork: true });
    expect(flags.get(safePlan)).toEqual({ long: false, dangerous: false, roofWork: false });
    // The list's badges.
    const badges = (f: unknown) => ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'plan', '_indicators_flags.ejs'), { t: translator('fr'), flags: f });
    const html = await badges(flags.get(dangerousPlan));
    expect(html).toContain('Dangereux');
    expect(html).toContain('400 h');
    expect(html).toContain('Toiture');
    expect((await badges(flags.get(safePlan))).trim()).toBe('');
  });

  it('shows both warnings in French on the plan page', async () => {
    const user = await makeUser(t, { roles: ['super_admin'] });
    const site = await f.site(user.tenantId, 'Usine de Valence');
    const plan = await f.plan(user.tenantId, { number: 'DG-PAGE', site, start: '2026-03-01', end: '2026-06-30', hours: 400, createdBy: user.id });
    await f.company(user.tenantId, plan, 'EE', null, 'India Cuves');
    await f.workTypes(user.tenantId, plan, [await f.workType(user.tenantId, 'Travaux de démolition')]);
    const { loginAs } = await import('../../support/app');
    const { agent } = await loginAs(t, user);
    const page = await agent.get(t.ctx.routes.path('pdp_show', { id: plan }));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Travaux de plus de 400 heures : India Cuves : 400 h (DG-PAGE : 400 h)');
    expect(page.text).toContain('Travaux dangereux (arrêté du 19 mars 1993) : Travaux de démolition');
  });
});
