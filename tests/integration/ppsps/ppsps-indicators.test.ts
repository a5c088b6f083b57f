import path from 'node:path';
import ejs from 'ejs';
import { createTestApp, loginAs, type TestApp } from '../../support/app';
import { FixedClock, useClock } from '../../../server/kernel/clock';
import { translator } from '../../../server/kernel/i18n/i18n';
import { VIEWS_DIR } from '../../../server/kernel/http/render';
import { actor, insertPpsps, newCompany, PPSPS_RIGHTS, type Actor } from './ppsps-helpers';

const WIDGETS = ['ppsps_dashboard_state', 'ppsps_dashboard_in_operation', 'ppsps_dashboard_expiring', 'ppsps_dashboard_validity'];

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
});
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, params: unknown[]) => t.db.dataSource.query(sql, params);

/**
 * One company's PPSPS on 15/06/2026, all created by the manager unless told: S1 in operation until
 * 30/06 (expiring; the reader is the contact of a company on it), S2 in operation until 31/12, S3 in
 * operation ended 10/06 (late), S4 draft until 20/06 created by the reader, S5 waiting for the
 * companies until 30/09 with the reader as correspondent, S6 waiting for internal validation until
 * 25/06 with the reader as substitute, S7 expired, S8 archived and S9 in the trash (both in operation
 * ending 20/06), S10 a draft of the manager's the reader does not see; plus another company's PPSPS
 * in operation ending 20/06.
 */
async function seed() {
  const company = newCompany();
  const manager = await actor(t, company, PPSPS_RIGHTS.manager, 'Morgane');
  const reader = await actor(t, company, PPSPS_RIGHTS.reader, 'Rémi');
  const tenantId = manager.tenantId;
  const add = (number: string, status: string, end: string, cols: Record<string, unknown> = {}) =>
    insertPpsps(t, tenantId, manager.id, { number, status, start_date: '2026-01-01', end_date: end, ...cols });
  const s1 = await add('S1', 'in_operation', '2026-06-30');
  await add('S2', 'in_operation', '2026-12-31');
  await add('S3', 'in_operation', '2026-06-10');
  await add('S4', 'draft', '2026-06-20', { created_by_id: reader.id });
  await add('S5', 'waiting_tiers', '2026-09-30', { correspondent_id: reader.id });
  const s6 = await add('S6', 'waiting_internal', '2026-06-25');
  await add('S7', 'expired', '2026-03-01');
  await add('S8', 'in_operation', '2026-06-20', { archived: true, created_by_id: reader.id });
  const s9 = await add('S9', 'in_operation', '2026-06-20', { created_by_id: reader.id });
  await add('S10', 'draft', '2026-12-31');
  await q('UPDATE ppsps SET deleted_at = now() WHERE id = $1', [s9]);
  await q('INSERT INTO ppsps_substitute (ppsps_id, user_id, tenant_id) VALUES ($1, $2, $3)', [s6, reader.id, tenantId]);
  const [contact] = await q(`INSERT INTO contact (tenant_id, last_name, first_name, email, user_id) VALUES ($1, 'Roux', 'Rémi', 'r.roux@example.fr', $2) RETURNING id`, [tenantId, reader.id]);
  await q(`INSERT INTO ppsps_company (tenant_id, ppsps_id, kind, name, contact_id) VALUES ($1, $2, 'ET', 'Roux Maçonnerie', $3)`, [tenantId, s1, contact.id]);

  const stranger = await actor(t, newCompany(), PPSPS_RIGHTS.manager, 'Xavier');
  await insertPpsps(t, stranger.tenantId, stranger.id, { number: 'SX', status: 'in_operation', start_date: '2026-01-01', end_date: '2026-06-20' });
  return { manager, reader, tenantId };
}

const json = async (a: Actor, name: string) => {
  const res = await a.agent.get(t.ctx.routes.path(name));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
};

describe('PPSPS indicators', () => {
  it('counts the seeded PPSPS of the company by state, in operation, expiring and validity', async () => {
    const { manager } = await seed();
    expect(t.ctx.routes.path('ppsps_dashboard_state')).toBe('/dashboard/ppsps/state');

    const state = await json(manager, 'ppsps_dashboard_state');
    expect(state.labels).toEqual(['Brouillon', 'En attente des entreprises', 'En attente de validation interne', 'En application', 'Expiré']);
    expect(state.series).toEqual([{ label: 'PPSPS', data: [2, 1, 1, 3, 1] }]);
    expect(state.total).toBe(8);
    expect(state.links[3]).toBe(t.ctx.routes.path('ppsps_index', { status: 'in_operation' }));

    const inOperation = await json(manager, 'ppsps_dashboard_in_operation');
    expect(inOperation).toMatchObject({ labels: ['PPSPS en application'], total: 3 });
    expect(inOperation.links).toEqual([t.ctx.routes.path('ppsps_index', { status: 'in_operation' })]);

    // Only S1 is in operation and ends within 30 days (S3 is late, S4 and S6 are not in operation).
    expect(await json(manager, 'ppsps_dashboard_expiring')).toMatchObject({ labels: ['Arrivent à échéance (30 jours)'], total: 1 });

    // S2, S5, S10 up to date; S1, S4, S6 expiring; S3 late; S7 expired has none.
    const validity = await json(manager, 'ppsps_dashboard_validity');
    expect(validity.labels).toEqual(['À jour', 'Expire bientôt', 'En retard']);
    expect(validity.series[0].data).toEqual([3, 3, 1]);
    expect(validity.total).toBe(7);

    // The state drilldown lists what the segment counts.
    const page = await manager.agent.get(state.links[3]);
    expect(page.status).toBe(200);
    expect([...page.text.matchAll(/<tr data-ppsps="\d+">\s*<td class="text-nowrap"><a href="\/ppsps\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]).sort()).toEqual(['S1', 'S2', 'S3']);
  });

  it('moves with the clock: on 01/07 S1 is late and nothing in operation expires', async () => {
    const { manager } = await seed();
    useClock(new FixedClock(new Date('2026-07-01T10:00:00Z')));
    try {
      const later = { ...manager, ...(await loginAs(t, manager)) };
      expect((await json(later, 'ppsps_dashboard_expiring')).total).toBe(0);
      const validity = await json(later, 'ppsps_dashboard_validity');
      // Up to date: S2, S5, S10; late: S1, S3, S4, S6.
      expect(validity.labels).toEqual(['À jour', 'En retard']);
      expect(validity.series[0].data).toEqual([3, 4]);
    } finally {
      restoreClock = useClock(new FixedClock(new Date('2026-06-15T10:00:00Z')));
    }
  });

  it('counts only the PPSPS the user sees (creator, correspondent, substitute, company contact)', async () => {
    const { reader } = await seed();
    const state = await json(reader, 'ppsps_dashboard_state');
    expect(state.labels).toEqual(['Brouillon', 'En attente des entreprises', 'En attente de validation interne', 'En application']);
    expect(state.series[0].data).toEqual([1, 1, 1, 1]);
    expect((await json(reader, 'ppsps_dashboard_in_operation')).total).toBe(1);
    expect((await json(reader, 'ppsps_dashboard_expiring')).total).toBe(1);
    // S5 up to date; S1, S4, S6 expiring.
    expect((await json(reader, 'ppsps_dashboard_validity')).series[0].data).toEqual([1, 3]);
  });

  it('refuses users without ppsps.view', async () => {
    const outsider = await actor(t, newCompany(), []);
    for (const name of WIDGETS) expect((await outsider.agent.get(t.ctx.routes.path(name))).status).toBe(403);
  });

  it('renders every widget in the _indicators partial and on the PPSPS list page', async () => {
    const html = await ejs.renderFile(path.join(VIEWS_DIR, 'ppsps', '_indicators.ejs'), {
      t: translator('fr'), locale: 'fr', path: (name: string, params?: Record<string, string>) => t.ctx.routes.path(name, params),
      json: (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c'),
    });
    for (const title of ['Indicateurs', 'PPSPS en application', 'Arrivent à échéance (30 jours)', 'PPSPS par état', 'PPSPS par validité']) expect(html).toContain(title);
    for (const name of WIDGETS) expect(html).toContain(`"url":"${t.ctx.routes.path(name)}"`);

    const reader = await actor(t, newCompany(), PPSPS_RIGHTS.reader);
    const page = await reader.agent.get(t.ctx.routes.path('ppsps_index'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="ppsps-indicators"');
    for (const name of WIDGETS) expect(page.text).toContain(`"url":"${t.ctx.routes.path(name)}"`);
  });
});
