import { actionSource } from '../../../server/modules/action-plan/action-sources';
import { VGP_CONTROL_SOURCE } from '../../../server/modules/equipment/control/control-action-source';
import type { AuthUser } from '../../../server/kernel/rights/auth-user';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { seedControllable } from './control-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const CONTROLLER = ['vgp.view', 'vgp.controls_view', 'vgp.validate'];

describe('the control and its entity', () => {
  it("is out of reach of a user whose entities do not hold the equipment (404), and of the action plan's quick-add", async () => {
    const company = `VGP périmètre ${process.pid}-${Date.now()}`;
    const boss = await makeUser(t, { company, rights: CONTROLLER });
    const local = await makeUser(t, { company, rights: CONTROLLER });
    const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
    const [type] = await q(`INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, 'Site', 1) RETURNING id`, [boss.tenantId]);
    const [lyon] = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Lyon', $2) RETURNING id`, [boss.tenantId, type.id]);
    const [nantes] = await q(`INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, 'Nantes', $2) RETURNING id`, [boss.tenantId, type.id]);
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [local.id, nantes.id, boss.tenantId]);
    const seeded = await seedControllable(t.db.dataSource, boss.tenantId);
    await q('UPDATE equipment SET hierarchy_item_id = $2 WHERE id = $1', [seeded.equipmentId, lyon.id]);

    const a = await loginAs(t, boss);
    const started = await a.agent.post(`/equipment/controls/${seeded.controllableId}/control`).set('X-CSRF-Token', a.csrf);
    expect(started.status).toBe(303);
    const controlId = Number(/(\d+)$/.exec(started.headers.location)![1]);
    expect((await a.agent.get(`/equipment/control/${controlId}`)).status).toBe(200);

    const b = await loginAs(t, local);
    expect((await b.agent.get(`/equipment/control/${controlId}`)).status).toBe(404);
    expect((await b.agent.post(`/equipment/controls/${seeded.controllableId}/control`).set('X-CSRF-Token', b.csrf)).status).toBe(404);
    const c = seeded.form.groups[0].checkpoints[0];
    expect((await b.agent.post(`/equipment/control/${controlId}/checkpoint`).set('X-CSRF-Token', b.csrf).send({ questionId: c.id, answerId: c.ok })).status).toBe(404);

    const source = actionSource(VGP_CONTROL_SOURCE)!;
    const user = (u: { id: number; tenantId: number }, rights: string[]): AuthUser => ({
      id: u.id, username: 'x', firstName: '', lastName: '', email: '', locale: 'fr', tenantId: u.tenantId, tenants: [], roles: ['user'], rights: new Set(rights), lastLoginAt: null,
    });
    expect(await source.sees(t.db.dataSource, user(boss, CONTROLLER), controlId)).toBe(true);
    expect(await source.sees(t.db.dataSource, user(local, CONTROLLER), controlId)).toBe(false);
    expect(await source.sees(t.db.dataSource, user(boss, ['vgp.view']), controlId)).toBe(false);
    expect((await source.describe(t.db.dataSource, boss.tenantId, controlId, 'fr'))?.label).toBe(`Contrôle n°${controlId} – VGP Pont roulant 5 t`);
    expect(await source.describe(t.db.dataSource, boss.tenantId + 1, controlId, 'fr')).toBeNull();
  });
});
