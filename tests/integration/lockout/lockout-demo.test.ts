import { lockoutModule } from '../../../server/modules/lockout/lockout.routes';
import { createTestApp, type TestApp } from '../../support/app';
import { actor } from '../risk-evaluation/du-fixtures';
import { ALL_RIGHTS } from './lockout-fixtures';

/** The lockout demo (machines with photos and isolation points, a slip in every state) and every page drawn from it. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

it('seeds three machines with photos and a slip in every state, once, and draws every page', async () => {
  const a = await actor(t, ALL_RIGHTS);
  const ds = t.db.dataSource;
  const [type] = await ds.query("INSERT INTO hierarchy_type (tenant_id, name, level, attach_consignment) VALUES ($1, 'Atelier', 1, true) RETURNING id", [a.tenantId]);
  await ds.query("INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Atelier de presses', $2)", [a.tenantId, type.id]);
  await lockoutModule.demo!(ds, a.tenantId);
  const count = async () => (await ds.query(
    `SELECT (SELECT count(*)::int FROM lockout_machine WHERE tenant_id = $1 AND sector_id IS NOT NULL) AS machines,
            (SELECT count(*)::int FROM lockout_photo WHERE tenant_id = $1) AS photos,
            (SELECT count(*)::int FROM lockout_point WHERE tenant_id = $1) AS points,
            (SELECT array_agg(DISTINCT state ORDER BY state) FROM lockout_slip WHERE tenant_id = $1) AS states`, [a.tenantId]))[0];
  const first = await count();
  expect(first).toEqual({ machines: 3, photos: 3, points: 6, states: ['awaiting_consignment', 'consigned', 'deconsigned', 'draft', 'end_works'] });
  await lockoutModule.demo!(ds, a.tenantId);
  expect(await count()).toEqual(first);

  const slips: Array<{ id: number; state: string; machine_id: number }> = await ds.query('SELECT id, state, machine_id FROM lockout_slip WHERE tenant_id = $1 ORDER BY id', [a.tenantId]);
  for (const url of ['/consignment', '/consignment/machines', '/consignment/types', '/consignment/activities', '/consignment/indicators', '/consignment/new', '/consignment/machines/new']) {
    expect({ url, status: (await a.agent.get(url)).status }).toEqual({ url, status: 200 });
  }
  const machine = await a.agent.get(`/consignment/machines/${slips[0].machine_id}`);
  expect(machine.status).toBe(200);
  expect(machine.text).toContain('data-testid="photo-list"');
  const consigned = slips.find((s) => s.state === 'consigned')!;
  const page = await a.agent.get(`/consignment/${consigned.id}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('data-testid="transition-end"');
  expect(page.text).toContain('Posé');
  const endWorks = slips.find((s) => s.state === 'end_works')!;
  const blocked = await a.agent.get(`/consignment/${endWorks.id}`);
  expect(blocked.text).toContain('Des consignations obligatoires sont encore en place');
  for (const s of slips) expect((await a.agent.get(`/consignment/${s.id}/history`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
  const staff: Array<{ id: number }> = await ds.query('SELECT id FROM lockout_staff WHERE slip_id = $1 ORDER BY id', [consigned.id]);
  expect((await a.agent.get(`/consignment/${consigned.id}/staff/${staff[0].id}/padlock`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
  expect((await a.agent.get(`/consignment/${consigned.id}/staff/${staff[0].id}/sign`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
  expect((await a.agent.get(`/consignment/${consigned.id}/staff/new`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
  expect((await a.agent.get(`/consignment/${consigned.id}/edit`).set('X-Requested-With', 'XMLHttpRequest')).status).toBe(200);
});
