import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { seedControllable } from './control-fixtures';

/** Issue 24 item 1: the equipment page's « Historique » (its controls and their reports) and « Actions » (what they raised) tabs. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const RIGHTS = ['vgp.view', 'vgp.equipment_view', 'vgp.controls_view', 'vgp.validate', 'vgp.equipment_actions', 'action.view'];
type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];
const json = (agent: Agent, csrf: string, url: string, body: Record<string, unknown> = {}) =>
  agent.post(url).set('X-CSRF-Token', csrf).set('X-Requested-With', 'XMLHttpRequest').set('Accept', 'application/json').send(body);

describe('equipment page: history and actions of its controls', () => {
  it('lists the done control with its non-conformity and report, and the action it raised; without the right, no actions tab', async () => {
    const user = await makeUser(t, { company: `VGP onglets ${process.pid}-${Date.now()}`, rights: RIGHTS });
    const { agent, csrf } = await loginAs(t, user);
    const seeded = await seedControllable(t.db.dataSource, user.tenantId, { name: 'Portique 3 t' });
    const empty = await agent.get(`/equipment/${seeded.equipmentId}?tab=history`);
    expect(empty.text).toContain('Aucun contrôle réalisé : lancez-en un depuis l&#39;onglet Contrôles.');

    const start = await agent.post(`/equipment/controls/${seeded.controllableId}/control`).set('X-CSRF-Token', csrf);
    const controlId = Number(/\/equipment\/control\/(\d+)$/.exec(start.headers.location)![1]);
    const [k] = await t.db.dataSource.query('SELECT version FROM vgp_control WHERE id = $1', [controlId]);
    expect((await json(agent, csrf, `/equipment/control/${controlId}/general`, { controlDate: '15/03/2026', controllerId: user.id, supervisorId: '', comment: '', version: k.version })).status).toBe(200);
    const [first, ...rest] = seeded.form.groups.flatMap((g) => g.checkpoints);
    await json(agent, csrf, `/equipment/control/${controlId}/checkpoint`, { questionId: first.id, answerId: first.ko, comment: 'Câble effiloché' });
    for (const c of rest) await json(agent, csrf, `/equipment/control/${controlId}/checkpoint`, { questionId: c.id, answerId: c.ok, comment: null });
    expect((await json(agent, csrf, `/equipment/control/${controlId}/validate`)).status).toBe(201);

    const history = await agent.get(`/equipment/${seeded.equipmentId}?tab=history`);
    const row = history.text.slice(history.text.indexOf(`data-control="${controlId}"`));
    expect(row).toContain('15/03/2026');
    expect(row).toContain('1 non-conformité');
    expect(row).toContain(`href="/equipment/control/${controlId}/report"`);

    const actions = await agent.get(`/equipment/${seeded.equipmentId}?tab=actions`);
    const [action] = await t.db.dataSource.query(`SELECT id FROM action WHERE source_type = 'vgp_control' AND source_id = $1`, [controlId]);
    expect(actions.text).toContain(`data-action="${action.id}"`);
    expect(actions.text).toContain(`href="/action-plan/${action.id}"`);
    expect(actions.text).toContain('data-testid="equipment-tab-actions"');

    const reader = await makeUser(t, { company: (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [user.tenantId]))[0].name, rights: ['vgp.view', 'vgp.equipment_view'] });
    const other = await loginAs(t, reader);
    const page = await other.agent.get(`/equipment/${seeded.equipmentId}?tab=actions`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="equipment-tab-actions"');
    expect(page.text).not.toContain(`data-action="${action.id}"`);
  });
});
