import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, insert } from './controls-fixtures';

let t: TestApp;
let restoreClock: () => void;
// 15/06/2026 in Paris: today + 30 days = 15/07/2026.
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-15T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const VIEWER = ['vgp.view', 'vgp.controls_view'];

/** `name → state` of the rows of a list page. */
function states(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<tr data-controllable="([^"]+)"[\s\S]*?data-state="([a-z_]+)"/g)) out[m[1]] = m[2];
  return out;
}
const names = (html: string): string[] => [...html.matchAll(/<tr data-controllable="([^"]+)"/g)].map((m) => m[1]);

describe('control lists (vgp_controllable_index, vgp_my_controls)', () => {
  it('shows the deadline state at its boundaries, sorted by deadline, with DD/MM/YYYY dates', async () => {
    const v = await actor(t, VIEWER);
    const add = (name: string, deadline: string | null) => insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name, deadline });
    await add('J+31', '2026-07-16');
    await add('J+30', '2026-07-15');
    await add('J+29', '2026-07-14');
    await add('Aujourd\'hui', '2026-06-15');
    await add('Hier', '2026-06-14');
    await add('Sans échéance', null);
    const page = await v.agent.get('/equipment/controls');
    expect(page.status).toBe(200);
    expect(states(page.text)).toEqual({
      'J+31': 'ok', 'J+30': 'due_soon', 'J+29': 'due_soon', 'Aujourd&#39;hui': 'due_soon', Hier: 'overdue', 'Sans échéance': 'unplanned',
    });
    expect(names(page.text)).toEqual(['Hier', 'Aujourd&#39;hui', 'J+29', 'J+30', 'J+31', 'Sans échéance']);
    expect(page.text).toContain('15/07/2026');
    expect(page.text).toMatch(/text-bg-danger" data-testid="state" data-state="overdue">En retard/);
    expect(page.text).toMatch(/text-bg-warning" data-testid="state" data-state="due_soon">Bientôt dû/);

    // The state filter draws the same line.
    expect(names((await v.agent.get('/equipment/controls?state=due_soon')).text)).toEqual(['Aujourd&#39;hui', 'J+29', 'J+30']);
    expect(names((await v.agent.get('/equipment/controls?state=ok')).text)).toEqual(['J+31']);
    expect(names((await v.agent.get('/equipment/controls?state=overdue')).text)).toEqual(['Hier']);
    expect(names((await v.agent.get('/equipment/controls?state=unplanned')).text)).toEqual(['Sans échéance']);
    // Planning: one heading per month of deadline; a month filter on deadline or planned date.
    expect([...page.text.matchAll(/data-testid="month-heading"><i[^>]*><\/i> ([^<]+)</g)].map((m) => m[1].trim())).toEqual(['06/2026', '07/2026', 'Sans échéance']);
    expect(names((await v.agent.get('/equipment/controls?month=2026-07')).text)).toEqual(['J+29', 'J+30', 'J+31']);
    expect(names((await v.agent.get('/equipment/controls?from=15/07/2026&to=16/07/2026')).text)).toEqual(['J+30', 'J+31']);
    // Bad filters are no filter, never a 500.
    const bad = await v.agent.get('/equipment/controls?state=x&month=2026-13&from=99/99/2026&category=abc&page=-1');
    expect(bad.status).toBe(200);
    expect(names(bad.text)).toHaveLength(6);
  });

  it('filters by category, operator and entity, hides archived ones, and lists « my controls »', async () => {
    const v = await actor(t, VIEWER);
    const other = await actor(t, VIEWER, await companyOf(t, v.tenantId));
    const type = await insert(t, 'hierarchy_type', { tenant_id: v.tenantId, name: 'Site', level: 1 });
    const lyon = await insert(t, 'hierarchy_item', { tenant_id: v.tenantId, name: 'Lyon', type_id: type });
    const cat = await insert(t, 'equipment_category', { tenant_id: v.tenantId, name: 'Levage' });
    const crane = await insert(t, 'equipment', { tenant_id: v.tenantId, name: 'Pont roulant', hierarchy_item_id: lyon });
    await insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name: 'Mien', operator_id: v.id, deadline: '2026-07-01', category_id: cat });
    await insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name: 'Autre', operator_id: other.id, deadline: '2026-07-02', equipment_id: crane });
    await insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name: 'Archivé', operator_id: v.id, deadline: '2026-07-03', archived: true });
    const stranger = await actor(t, VIEWER);
    await insert(t, 'vgp_controllable', { tenant_id: stranger.tenantId, name: 'Étranger', deadline: '2026-07-01' });

    expect(names((await v.agent.get('/equipment/controls')).text)).toEqual(['Mien', 'Autre']);
    expect(names((await v.agent.get(`/equipment/controls?category=${cat}`)).text)).toEqual(['Mien']);
    expect(names((await v.agent.get(`/equipment/controls?operator=${other.id}`)).text)).toEqual(['Autre']);
    expect(names((await v.agent.get(`/equipment/controls?entity=${lyon}`)).text)).toEqual(['Autre']);
    expect(names((await v.agent.get('/equipment/controls?archived=1')).text)).toEqual(['Archivé']);
    expect(names((await v.agent.get('/equipment/my-controls')).text)).toEqual(['Mien']);
    expect(names((await other.agent.get('/equipment/my-controls')).text)).toEqual(['Autre']);
    expect((await stranger.agent.get('/equipment/controls')).text).not.toContain('Mien');

    // A user limited to another entity does not see the Lyon equipment's control.
    const paris = await insert(t, 'hierarchy_item', { tenant_id: v.tenantId, name: 'Paris', type_id: type });
    const limited = await actor(t, VIEWER, await companyOf(t, v.tenantId));
    await t.db.dataSource.query('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [limited.id, paris, v.tenantId]);
    expect(names((await limited.agent.get('/equipment/controls')).text)).toEqual(['Mien']);
  });

  it('plans by month: a month holds the controls due or planned in it, the planned date under the deadline', async () => {
    const v = await actor(t, VIEWER);
    await insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name: 'Dû en août, planifié en juillet', deadline: '2026-08-20', planned_date: '2026-07-31' });
    await insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name: 'Dû le 1er août', deadline: '2026-08-01' });
    await insert(t, 'vgp_controllable', { tenant_id: v.tenantId, name: 'Dû le 31 juillet', deadline: '2026-07-31' });
    const july = await v.agent.get('/equipment/controls?month=2026-07');
    expect(names(july.text)).toEqual(['Dû le 31 juillet', 'Dû en août, planifié en juillet']);
    expect(july.text).toContain('planifié le 31/07/2026');
    expect(names((await v.agent.get('/equipment/controls?month=2026-08')).text)).toEqual(['Dû le 1er août', 'Dû en août, planifié en juillet']);
  });

  it('shows the equipment page\'s « Contrôles » tab with its controls and « Ajouter un contrôle » prefilled', async () => {
    const m = await actor(t, ['vgp.view', 'vgp.equipment_view', 'vgp.controls_view', 'vgp.controls_manage']);
    const crane = await insert(t, 'equipment', { tenant_id: m.tenantId, name: 'Pont roulant' });
    await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'VGP pont', equipment_id: crane, deadline: '2026-06-14', last_control_date: '2025-06-14', frequency: 12 });
    const page = await m.agent.get(`/equipment/${crane}?tab=controls`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="equipment-controls-tab"');
    expect(states(page.text)).toEqual({ 'VGP pont': 'overdue' });
    expect(page.text).toContain('14/06/2025');
    expect(page.text).toContain(`href="/equipment/controls/new?equipment=${crane}"`);
  });
});
