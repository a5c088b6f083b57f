import { FixedClock, useClock } from '../../../server/kernel/clock';
import { planNextControl } from '../../../server/modules/equipment/core/controllable-deadline';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, controllableId, insert, postControllable, postForm, REQUIRED, XHR } from './controls-fixtures';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-15T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
const MANAGER = ['vgp.view', 'vgp.controls_view', 'vgp.controls_manage', 'vgp.plan'];
const deadlineOf = async (id: number): Promise<string | null> => (await q('SELECT deadline::text AS d FROM vgp_controllable WHERE id = $1', [id]))[0].d;

describe('the next deadline, computed through the controllable form', () => {
  it('adds the frequency to the last control date, per unit, and shows it DD/MM/YYYY', async () => {
    const m = await actor(t, MANAGER);
    const cases = [
      // 10/03/2026 + 2 weeks = 24/03/2026
      { name: 'Semaines', frequency: '2', frequencyUnit: 'week', lastControlDate: '10/03/2026', expected: '2026-03-24', shown: '24/03/2026' },
      // 31/01/2026 + 1 month: February has 28 days in 2026
      { name: 'Mois fin janvier', frequency: '1', frequencyUnit: 'month', lastControlDate: '31/01/2026', expected: '2026-02-28', shown: '28/02/2026' },
      // 15/11/2025 + 6 months = 15/05/2026 (across the year)
      { name: 'Six mois', frequency: '6', frequencyUnit: 'month', lastControlDate: '15/11/2025', expected: '2026-05-15', shown: '15/05/2026' },
      // 15/05/2025 + 2 years = 15/05/2027
      { name: 'Deux ans', frequency: '2', frequencyUnit: 'year', lastControlDate: '15/05/2025', expected: '2027-05-15', shown: '15/05/2027' },
    ];
    for (const c of cases) {
      // A typed deadline is not kept once a last control date and a frequency are set.
      const res = await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: c.name, frequency: c.frequency, frequencyUnit: c.frequencyUnit, lastControlDate: c.lastControlDate, deadline: '01/01/2030' });
      expect(res.status).toBe(201);
      expect(res.body.message).toContain(c.shown);
      const id = await controllableId(t, m.tenantId, c.name);
      expect(await deadlineOf(id)).toBe(c.expected);
      const page = await m.agent.get(`/equipment/controls/${id}`);
      expect(page.text).toMatch(new RegExp(`data-testid="deadline">${c.shown}<`));
    }
    const list = await m.agent.get('/equipment/controls');
    expect(list.text).toContain('28/02/2026');
  });

  it('keeps a typed deadline only without a last control date, and recomputes on edit', async () => {
    const m = await actor(t, MANAGER);
    expect((await postControllable(m, '/equipment/controls/new', { ...REQUIRED, name: 'Premier contrôle', frequency: '12', frequencyUnit: 'month', deadline: '01/09/2026' })).status).toBe(201);
    const id = await controllableId(t, m.tenantId, 'Premier contrôle');
    expect(await deadlineOf(id)).toBe('2026-09-01');
    // No frequency: nothing to compute from, the typed deadline stays.
    expect((await postControllable(m, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Premier contrôle', lastControlDate: '01/06/2026', deadline: '02/09/2026', version: 1 })).status).toBe(201);
    expect(await deadlineOf(id)).toBe('2026-09-02');
    expect((await postControllable(m, `/equipment/controls/${id}/edit`, { ...REQUIRED, name: 'Premier contrôle', frequency: '3', frequencyUnit: 'month', lastControlDate: '01/06/2026', deadline: '02/09/2026', version: 2 })).status).toBe(201);
    expect(await deadlineOf(id)).toBe('2026-09-01');
  });

  it('fills frequency and unit from a preset, from the equipment category\'s preset, and keeps them editable', async () => {
    const m = await actor(t, MANAGER);
    const category = await insert(t, 'equipment_category', { tenant_id: m.tenantId, name: 'Nacelles', preset: 'lifting_listed' });
    const equipment = await insert(t, 'equipment', { tenant_id: m.tenantId, name: 'Nacelle ciseaux 12 m', category_id: category });
    const form = await m.agent.get(`/equipment/controls/new?equipment=${equipment}`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/name="vgp_controllable\[frequency\]" value="6"/);
    expect(form.text).toMatch(/<option value="lifting_listed" selected>/);
    expect(form.text).toMatch(new RegExp(`<option value="${equipment}" selected>Nacelle ciseaux 12 m`));

    const chosen = await postForm(m, '/equipment/controls/form-fields', 'vgp_controllable', { preset: 'electrical_no_observation', presetApplied: 'lifting_listed', frequency: '6', frequencyUnit: 'month' });
    expect(chosen.text).toMatch(/name="vgp_controllable\[frequency\]" value="24"/);
    // The same preset, already applied: the frequency typed since stays.
    const typed = await postForm(m, '/equipment/controls/form-fields', 'vgp_controllable', { preset: 'electrical_no_observation', presetApplied: 'electrical_no_observation', frequency: '18', frequencyUnit: 'month' });
    expect(typed.text).toMatch(/name="vgp_controllable\[frequency\]" value="18"/);
  });
});

describe('planNextControl (called by the control flow)', () => {
  it('sets the last control date and the next deadline, none when the type does not auto-plan, ignores an older control', async () => {
    const m = await actor(t, MANAGER);
    const auto = await insert(t, 'equipment_type', { tenant_id: m.tenantId, name: 'VGP', auto_plan: true });
    const manual = await insert(t, 'equipment_type', { tenant_id: m.tenantId, name: 'Interne', auto_plan: false });
    const a = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'A', type_id: auto, frequency: 1, frequency_unit: 'month', planned_date: '2026-06-10', deadline: '2026-06-20' });
    const b = await insert(t, 'vgp_controllable', { tenant_id: m.tenantId, name: 'B', type_id: manual, frequency: 1, frequency_unit: 'month', deadline: '2026-06-20' });
    const other = await actor(t, MANAGER);

    expect(await t.db.dataSource.transaction((em) => planNextControl(em, m.tenantId, a, '2026-01-31'))).toEqual({ lastControlDate: '2026-01-31', deadline: '2026-02-28' });
    expect((await q('SELECT last_control_date::text AS l, deadline::text AS d, planned_date, version FROM vgp_controllable WHERE id = $1', [a]))[0]).toEqual({ l: '2026-01-31', d: '2026-02-28', planned_date: null, version: 2 });
    expect(await planNextControl(t.db.dataSource, m.tenantId, a, '2026-01-30')).toEqual({ lastControlDate: '2026-01-31', deadline: '2026-02-28' });
    expect(await planNextControl(t.db.dataSource, m.tenantId, b, '2026-06-15')).toEqual({ lastControlDate: '2026-06-15', deadline: null });
    expect(await deadlineOf(b)).toBeNull();
    expect(await planNextControl(t.db.dataSource, other.tenantId, a, '2026-06-15')).toBeNull();
  });
});
