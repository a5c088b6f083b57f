import { FixedClock, useClock } from '../../../server/kernel/clock';
import { cataloguePart } from '../../../server/modules/equipment/catalogue/catalogue.part';
import { seedControlsDemo } from '../../../server/modules/equipment/controls/controls.demo';
import { deadlineState } from '../../../server/modules/equipment/core/deadline';
import { equipmentPart } from '../../../server/modules/equipment/equipment/equipment.part';
import { formsPart } from '../../../server/modules/equipment/forms/forms.part';
import { createTestApp, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => { t = await createTestApp(); restore = useClock(new FixedClock(new Date('2026-06-15T08:00:00Z'))); });
afterAll(async () => { restore(); await t.close(); });

describe('controls demo data', () => {
  it('gives each demo equipment a control, operated by the company\'s controllers, overdue, due soon, up to date or unplanned, once', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
    const company = (await q('SELECT name FROM tenant WHERE id = $1', [admin.tenantId]))[0].name;
    const controller = await makeUser(t, { roles: ['controller'], company });
    for (const part of [cataloguePart, formsPart, equipmentPart]) await part.demo?.(t.db.dataSource, admin.tenantId);
    await seedControlsDemo(t.db.dataSource, admin.tenantId);
    const first = await q('SELECT count(*)::int AS n FROM vgp_controllable WHERE tenant_id = $1', [admin.tenantId]);
    await seedControlsDemo(t.db.dataSource, admin.tenantId);
    expect(await q('SELECT count(*)::int AS n FROM vgp_controllable WHERE tenant_id = $1', [admin.tenantId])).toEqual(first);

    const equipment = (await q('SELECT count(*)::int AS n FROM equipment WHERE tenant_id = $1 AND NOT archived', [admin.tenantId]))[0].n;
    expect(equipment).toBeGreaterThan(0);
    const rows: Array<{ deadline: string | null; last: string | null; operator_id: number | null; equipment_id: number; park_number: string }> = await q(
      'SELECT deadline::text AS deadline, last_control_date::text AS last, operator_id, equipment_id, park_number FROM vgp_controllable WHERE tenant_id = $1', [admin.tenantId]);
    expect(new Set(rows.map((r) => r.equipment_id)).size).toBe(equipment);
    const states = new Set(rows.map((r) => deadlineState(r.deadline, '2026-06-15')));
    expect([...states].sort()).toEqual(['due_soon', 'ok', 'overdue', 'unplanned']);
    expect(rows.filter((r) => r.last).length).toBeGreaterThan(equipment / 2);
    // Operators: the users who see controls (the administrator and the controller here).
    expect([...new Set(rows.map((r) => r.operator_id))].sort()).toEqual([admin.id, controller.id].sort());
    expect(rows.every((r) => r.park_number)).toBe(true);
  });
});
