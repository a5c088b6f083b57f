import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { planFixtures } from './long-works-fixtures';
import path from 'node:path';
import ejs from 'ejs';
import { translator } from '../../../server/kernel/i18n/i18n';
import { VIEWS_DIR } from '../../../server/kernel/http/render';

const WIDGETS = ['pdp_dashboard_dangerous', 'pdp_dashboard_long_works', 'pdp_dashboard_roof_works', 'pdp_dashboard_today', 'pdp_dashboard_states', 'pdp_dashboard_work_types', 'pdp_dashboard_validity', 'pdp_dashboard_archived'];

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

/**
 * One company's plans on 15/06/2026: P1 in operation until 30/06 (expiring, demolition, 500 h: long),
 * P2 draft from today to 31/12 (roof works and cleaning), P3 awaiting signature, ended 31/05 (late,
 * cleaning), P4 expired, P5 archived (demolition), P6 in the trash (demolition); plus another
 * company's dangerous plan.
 */
async function seed() {
  const company = `Indicateurs ${process.pid} ${Date.now()}`;
  const admin = await makeUser(t, { roles: ['super_admin'], company });
  const tenantId = admin.tenantId;
  const creator = await makeUser(t, { rights: ['pdp.view'], company });
  const site = await f.site(tenantId, 'Usine de Lyon');
  const [demolition, roof, cleaning] = [
    await f.workType(tenantId, 'Travaux de démolition'), await f.workType(tenantId, 'Travaux en toiture'), await f.workType(tenantId, 'Nettoyage des locaux'),
  ];
  const kilo = await f.tiers(tenantId, 'Kilo Démolition');
  const p1 = await f.plan(tenantId, { number: 'IND-1', subject: 'Démolition du hall B', site, start: '2026-06-01', end: '2026-06-30', hours: 500, status: 'in_operation' });
  await f.company(tenantId, p1, 'EE', kilo, 'Kilo Démolition');
  await f.workTypes(tenantId, p1, [demolition]);
  const p2 = await f.plan(tenantId, { number: 'IND-2', subject: 'Réfection de la toiture', site, start: '2026-06-15', end: '2026-12-31', hours: 10, status: 'draft' });
  await f.company(tenantId, p2, 'EE', null, 'Lima Couverture');
  await f.workTypes(tenantId, p2, [roof, cleaning]);
  const p3 = await f.plan(tenantId, { number: 'IND-3', subject: 'Nettoyage des bureaux', site, start: '2026-01-01', end: '2026-05-31', hours: 30, status: 'waiting_sign', createdBy: creator.id });
  await f.workTypes(tenantId, p3, [cleaning]);
  await f.plan(tenantId, { number: 'IND-4', site, start: '2026-01-01', end: '2026-03-01', status: 'expired' });
  const p5 = await f.plan(tenantId, { number: 'IND-5', site, start: '2026-06-01', end: '2026-12-31', status: 'in_operation', archived: true });
  await f.workTypes(tenantId, p5, [demolition]);
  const p6 = await f.plan(tenantId, { number: 'IND-6', site, start: '2026-06-01', end: '2026-12-31', status: 'in_operation', hours: 900 });
  await f.company(tenantId, p6, 'EE', kilo, 'Kilo Démolition');
  await f.workTypes(tenantId, p6, [demolition]);
  await db().query('UPDATE prevention_plan SET deleted_at = now() WHERE id = $1', [p6]);

  const stranger = await makeUser(t, { roles: ['super_admin'] });
  const theirs = await f.plan(stranger.tenantId, { number: 'IND-X', start: '2026-06-01', end: '2026-06-30', status: 'in_operation', hours: 900 });
  await f.company(stranger.tenantId, theirs, 'EE', null, 'Kilo Démolition');
  await f.workTypes(stranger.tenantId, theirs, [await f.workType(stranger.tenantId, 'Travaux en toiture')]);
  return { admin, creator, tenantId, ids: { p1, p2, p3 } };
}

const json = async (agent: Awaited<ReturnType<typeof loginAs>>['agent'], name: string) => {
  const res = await agent.get(t.ctx.routes.path(name));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
};

describe('prevention plan indicators', () => {
  it('counts each widget’s figures on the seeded plans', async () => {
    const { admin, ids } = await seed();
    const { agent } = await loginAs(t, admin);

    expect(await json(agent, 'pdp_dashboard_dangerous')).toMatchObject({ labels: ['Travaux dangereux'], total: 2 });
    expect(await json(agent, 'pdp_dashboard_long_works')).toMatchObject({ labels: ['Plus de 400 heures'], total: 1 });
    expect(await json(agent, 'pdp_dashboard_roof_works')).toMatchObject({ labels: ['Travaux en toiture'], total: 1 });
    const archived = await json(agent, 'pdp_dashboard_archived');
    expect(archived).toMatchObject({ labels: ['Plans archivés'], total: 1 });
    expect(archived.links).toEqual([t.ctx.routes.path('pdp_index', { archived: 'yes' })]);

    const today = await json(agent, 'pdp_dashboard_today');
    expect(today.labels).toEqual(['Numéro', 'Objet', 'Site', 'Fin']);
    expect(today.rows).toEqual([
      ['IND-1', 'Démolition du hall B', 'Usine de Lyon', '30/06/2026'],
      ['IND-2', 'Réfection de la toiture', 'Usine de Lyon', '31/12/2026'],
    ]);
    expect(today.total).toBe(2);
    expect(today.links).toEqual([ids.p1, ids.p2].map((id) => t.ctx.routes.path('pdp_show', { id })));

    const states = await json(agent, 'pdp_dashboard_states');
    // The list's state badges' words (prevention-plan.status.*), one per state.
    expect(states.labels).toEqual(['Brouillon', 'En attente de signature sur site', 'En cours', 'Terminé']);
    expect(states.series[0].data).toEqual([1, 1, 1, 1]);
    expect(states.total).toBe(4);
    expect(states.links[0]).toBe(t.ctx.routes.path('pdp_index', { status: 'draft' }));

    const workTypes = await json(agent, 'pdp_dashboard_work_types');
    expect(workTypes.labels).toEqual(['Nettoyage des locaux', '⚠ Travaux de démolition', '⚠ Travaux en toiture']);
    expect(workTypes.series[0].data).toEqual([2, 1, 1]);

    const validity = await json(agent, 'pdp_dashboard_validity');
    expect(validity.labels).toEqual(['À jour', 'Arrive à échéance', 'En retard']);
    expect(validity.series[0].data).toEqual([1, 1, 1]);
    expect(validity.links[2]).toBe(t.ctx.routes.path('pdp_index', { validity: 'late' }));
  });

  it('moves with the clock: tomorrow the plan starting today is the only intervention of the day', async () => {
    const { admin } = await seed();
    const restore = useClock(new FixedClock(new Date('2026-07-01T10:00:00Z')));
    try {
      const { agent } = await loginAs(t, admin);
      const today = await json(agent, 'pdp_dashboard_today');
      expect(today.rows.map((r: unknown[]) => r[0])).toEqual(['IND-2']);
      const validity = await json(agent, 'pdp_dashboard_validity');
      // IND-1 ended on 30/06: late now, with IND-3; nothing expires within 30 days.
      expect(validity.labels).toEqual(['À jour', 'En retard']);
      expect(validity.series[0].data).toEqual([1, 2]);
    } finally {
      restore();
      restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
    }
  });

  it('counts only the plans the user may see, and refuses users without pdp.view or with the module off', async () => {
    const { creator, tenantId } = await seed();
    const { agent } = await loginAs(t, creator);
    // Without pdp.view_all, only the plan he created.
    expect((await json(agent, 'pdp_dashboard_dangerous')).total).toBe(0);
    const states = await json(agent, 'pdp_dashboard_states');
    expect(states.labels).toEqual(['En attente de signature sur site']);
    expect((await json(agent, 'pdp_dashboard_validity')).series[0].data).toEqual([1]);

    const outsider = await makeUser(t, { roles: ['user'] });
    const { agent: outsiderAgent } = await loginAs(t, outsider);
    expect((await outsiderAgent.get(t.ctx.routes.path('pdp_dashboard_dangerous'))).status).toBe(403);

    await setToggle(db(), tenantId, 'module_prevention_plan', false);
    expect((await agent.get(t.ctx.routes.path('pdp_dashboard_states'))).status).toBe(404);
    await setToggle(db(), tenantId, 'module_prevention_plan', true);
  });

  it('renders every widget in the _indicators partial, and on the indicators page linked above the list', async () => {
    const html = await ejs.renderFile(path.join(VIEWS_DIR, 'prevention-plan', 'indicators', '_indicators.ejs'), {
      t: translator('fr'), locale: 'fr', path: (name: string, params?: Record<string, string>) => t.ctx.routes.path(name, params),
      json: (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c'),
    });
    expect(html).toContain('Indicateurs');
    for (const title of ['Travaux dangereux', 'Plus de 400 heures', 'Travaux en toiture', 'Plans archivés', 'Interventions du jour', 'Plans par état', 'Plans par validité', 'Plans par type de travaux']) expect(html).toContain(title);
    for (const name of WIDGETS) expect(html).toContain(`"url":"${t.ctx.routes.path(name)}"`);

    const { admin } = await seed();
    const { agent } = await loginAs(t, admin);
    const list = await agent.get(t.ctx.routes.path('pdp_index'));
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('data-testid="pdp-indicators"');
    expect(list.text).toContain(`href="${t.ctx.routes.path('pdp_indicators')}"`);
    const page = await agent.get(t.ctx.routes.path('pdp_indicators'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="pdp-indicators"');
    for (const name of WIDGETS) expect(page.text).toContain(`"url":"${t.ctx.routes.path(name)}"`);
  });
});
