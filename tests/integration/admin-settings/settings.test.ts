import { intSetting } from '../../../server/kernel/settings/settings';
import { loadToggles } from '../../../server/kernel/toggles/toggles';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

function body(csrf: string, settings: Record<string, string>, toggles: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { _csrf_token: csrf };
  for (const [k, v] of Object.entries(settings)) out[`settings[${k}]`] = v;
  for (const [k, v] of Object.entries(toggles)) out[`toggles[${k}]`] = v;
  return out;
}

async function currentForm(agent: Awaited<ReturnType<typeof loginAs>>['agent']): Promise<{ settings: Record<string, string>; toggles: Record<string, string> }> {
  const page = await agent.get('/admin/settings');
  const settings: Record<string, string> = {};
  for (const m of page.text.matchAll(/name="settings\[(\w+)\]"[^>]*value="([^"]*)"/g)) settings[m[1]] = m[2];
  for (const m of page.text.matchAll(/name="settings\[(\w+)\]" rows="2">([^<]*)</g)) settings[m[1]] = m[2];
  const toggles: Record<string, string> = {};
  for (const m of page.text.matchAll(/name="toggles\[(\w+)\]" value="1"( checked)?/g)) toggles[m[1]] = m[2] ? '1' : '0';
  return { settings, toggles };
}

describe('global parameters and toggles', () => {
  it('saves parameters for the active company only and refuses bad values in French', async () => {
    const admin = await makeUser(t, { rights: ['admin.settings'] });
    const other = await makeUser(t, { rights: ['admin.settings'] });
    const { agent, csrf } = await loginAs(t, admin);
    const form = await currentForm(agent);
    expect(form.settings.password_min_length).toBe('12');
    const bad = await agent.post('/admin/settings').type('form').send(body(csrf, { ...form.settings, password_min_length: '3', annual_hours: '1600' }, form.toggles));
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Saisissez un nombre entier entre 8 et 64.');
    expect(bad.text).toContain('value="1600"');
    const ok = await agent.post('/admin/settings').type('form').send(body(csrf, { ...form.settings, password_min_length: '14' }, form.toggles));
    expect(ok.status).toBe(302);
    expect((await agent.get('/admin/settings')).text).toContain('Les paramètres ont été enregistrés.');
    expect(await intSetting(t.db.dataSource, admin.tenantId, 'password_min_length')).toBe(14);
    expect(await intSetting(t.db.dataSource, other.tenantId, 'password_min_length')).toBe(12);
  });

  it('switching events on also switches on the action plan it needs, and says so', async () => {
    const admin = await makeUser(t, { rights: ['admin.settings'] });
    const { agent, csrf } = await loginAs(t, admin);
    const form = await currentForm(agent);
    await agent.post('/admin/settings').type('form').send(body(csrf, form.settings, { ...form.toggles, module_events: '0', module_action_plan: '0', module_vgp: '0' }));
    let toggles = await loadToggles(t.db.dataSource, admin.tenantId);
    expect([toggles.module_events, toggles.module_action_plan]).toEqual([false, false]);
    await agent.post('/admin/settings').type('form').send(body(csrf, form.settings, { ...form.toggles, module_events: '1', module_action_plan: '0', module_vgp: '0' }));
    toggles = await loadToggles(t.db.dataSource, admin.tenantId);
    expect([toggles.module_events, toggles.module_action_plan]).toEqual([true, true]);
    expect((await agent.get('/admin/settings')).text).toContain('Activé aussi, car nécessaire : Module Plan d&#39;actions.');
  });

  it('hides a route whose toggle is off (404) and is refused without the right (403)', async () => {
    const plain = await makeUser(t);
    const { agent } = await loginAs(t, plain);
    expect((await agent.get('/admin/settings')).status).toBe(403);
  });
});
