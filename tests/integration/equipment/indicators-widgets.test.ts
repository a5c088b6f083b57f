import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

/** Issue 24 item 8: the VGP widgets (breakdown per deadline state, my controls, totals) and the « Mes contrôles » home card. */
let t: TestApp;
let restore: () => void;

beforeAll(async () => {
  t = await createTestApp();
  // 27/11/2026, noon in Paris: « today » for the states below.
  restore = useClock(new FixedClock(new Date('2026-11-27T11:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

async function equipment(tenantId: number, name: string, itemId: number | null = null): Promise<number> {
  const [row] = await t.db.dataSource.query('INSERT INTO equipment (tenant_id, name, hierarchy_item_id) VALUES ($1, $2, $3) RETURNING id', [tenantId, name, itemId]);
  return row.id;
}

async function controllable(tenantId: number, name: string, deadline: string | null, opts: { equipmentId?: number; operatorId?: number; archived?: boolean } = {}): Promise<number> {
  const [row] = await t.db.dataSource.query(
    `INSERT INTO vgp_controllable (tenant_id, name, deadline, equipment_id, operator_id, archived, frequency, frequency_unit)
     VALUES ($1, $2, $3, $4, $5, $6, 12, 'month') RETURNING id`,
    [tenantId, name, deadline, opts.equipmentId ?? null, opts.operatorId ?? null, opts.archived ?? false]);
  return row.id;
}

const byState = (body: any) => Object.fromEntries(body.labels.map((l: string, i: number) => [l, body.series[i].data[i]]));

describe('VGP widgets', () => {
  it('count the live controls per deadline state: overdue from the day after, due soon up to 30 days, ok from 31', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const { agent } = await loginAs(t, admin);
    const crane = await equipment(admin.tenantId, 'Pont roulant 5 t');
    await controllable(admin.tenantId, 'Hier', '2026-11-26', { equipmentId: crane });
    await controllable(admin.tenantId, 'Aujourd’hui', '2026-11-27', { equipmentId: crane });
    await controllable(admin.tenantId, 'Dans 29 jours', '2026-12-26', { equipmentId: crane });
    await controllable(admin.tenantId, 'Dans 30 jours', '2026-12-27', { equipmentId: crane });
    await controllable(admin.tenantId, 'Dans 31 jours', '2026-12-28', { equipmentId: crane });
    await controllable(admin.tenantId, 'Sans échéance', null);
    await controllable(admin.tenantId, 'Archivé', '2020-01-01', { archived: true });
    const stranger = await makeUser(t, { roles: ['super_admin'] });
    await controllable(stranger.tenantId, 'Ailleurs', '2020-01-01');

    const res = await agent.get('/dashboard/equipment/breakdown');
    expect(res.status).toBe(200);
    expect(byState(res.body)).toEqual({ 'En retard': 1, 'Bientôt dû': 3, 'À jour': 1, 'Non planifié': 1 });
    expect(res.body.total).toBe(6);
    expect(res.body.series.map((s: any) => s.color)).toEqual(['#dc3545', '#ffc107', '#198754', '#6c757d']);
    expect(res.body.links[0]).toBe('/equipment/controls?state=overdue');

    const totals = await Promise.all(['total-equipment', 'total-controls', 'total-done', 'total-actions'].map((s) => agent.get(`/dashboard/equipment/${s}`)));
    expect(totals.map((r) => r.body.total)).toEqual([1, 6, 0, 0]);

    // A control done this year, one done last year; the open action it raised counts, a closed one does not.
    const [done] = await t.db.dataSource.query(
      `INSERT INTO vgp_control (tenant_id, controllable_id, state, step, control_date) VALUES ($1, $2, 'done', 4, '2026-01-01') RETURNING id`,
      [admin.tenantId, (await t.db.dataSource.query('SELECT id FROM vgp_controllable WHERE tenant_id = $1 LIMIT 1', [admin.tenantId]))[0].id]);
    await t.db.dataSource.query(
      `INSERT INTO vgp_control (tenant_id, controllable_id, state, step, control_date) SELECT tenant_id, controllable_id, 'done', 4, '2025-12-31' FROM vgp_control WHERE id = $1`, [done.id]);
    for (const status of ['IN_PROGRESS', 'CLOSED']) {
      await t.db.dataSource.query(
        `INSERT INTO action (tenant_id, status, comments, creator_id, source_type, source_id, created_at, updated_at) VALUES ($1, $2, 'Changer le câble', $3, 'vgp_control', $4, now(), now())`,
        [admin.tenantId, status, admin.id, done.id]);
    }
    const after = await Promise.all(['total-done', 'total-actions'].map((s) => agent.get(`/dashboard/equipment/${s}`)));
    expect(after.map((r) => r.body.total)).toEqual([1, 1]);
    expect(after.map((r) => r.body.labels)).toEqual([['validés en 2026'], ['ni clôturées ni abandonnées']]);
  });

  it('count only the entities of a user without « voir tout », and refuse a user without vgp.view', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const [type] = await t.db.dataSource.query(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [admin.tenantId]);
    const items = await t.db.dataSource.query(
      `INSERT INTO hierarchy_item (tenant_id, type_id, name) VALUES ($1, $2, 'Lyon'), ($1, $2, 'Grenoble') RETURNING id`, [admin.tenantId, type.id]);
    await controllable(admin.tenantId, 'Lyon', '2026-11-26', { equipmentId: await equipment(admin.tenantId, 'Grue Lyon', items[0].id) });
    await controllable(admin.tenantId, 'Grenoble', '2026-11-26', { equipmentId: await equipment(admin.tenantId, 'Grue Grenoble', items[1].id) });
    const local = await makeUser(t, { company: await companyName(admin.tenantId), rights: ['vgp.view'] });
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (tenant_id, user_id, hierarchy_item_id) VALUES ($1, $2, $3)', [admin.tenantId, local.id, items[0].id]);
    const { agent } = await loginAs(t, local);
    const res = await agent.get('/dashboard/equipment/breakdown');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect((await agent.get('/dashboard/equipment/total-equipment')).body.total).toBe(1);

    const nobody = await makeUser(t, { company: await companyName(admin.tenantId), rights: ['action.view'] });
    const other = await loginAs(t, nobody);
    expect((await other.agent.get('/dashboard/equipment/breakdown')).status).toBe(403);
  });

  it('list my next controls, nearest first, in the widget and on the home card with their state', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const me = await makeUser(t, { company: await companyName(admin.tenantId), rights: ['vgp.view', 'vgp.controls_view'] });
    const crane = await equipment(admin.tenantId, 'Chariot élévateur 3');
    await controllable(admin.tenantId, 'VGP chariot', '2027-03-01', { equipmentId: crane, operatorId: me.id });
    await controllable(admin.tenantId, 'Contrôle fourches', '2026-11-20', { equipmentId: crane, operatorId: me.id });
    await controllable(admin.tenantId, 'Pas à moi', '2026-11-01', { equipmentId: crane, operatorId: admin.id });
    const { agent } = await loginAs(t, me);

    const widget = await agent.get('/dashboard/equipment/my-controls');
    expect(widget.body.rows).toEqual([['Contrôle fourches', 'Chariot élévateur 3', '20/11/2026'], ['VGP chariot', 'Chariot élévateur 3', '01/03/2027']]);
    expect(widget.body.total).toBe(2);

    const home = await agent.get('/');
    const card = home.text.slice(home.text.indexOf('data-testid="home-card-vgp-my-controls"'));
    expect(card).toContain('Mes contrôles');
    expect(card.indexOf('Contrôle fourches')).toBeLessThan(card.indexOf('VGP chariot'));
    expect(card).toContain('En retard');
    expect(card).not.toContain('Pas à moi');
  });
});

async function companyName(tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}
