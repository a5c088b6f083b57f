import { seedBookDemo } from '../../../server/modules/equipment/book/book.demo';
import { equipmentModule } from '../../../server/modules/equipment/equipment.routes';
import { hierarchyModule } from '../../../server/modules/hierarchy/hierarchy.routes';
import { seedToursDemo } from '../../../server/modules/equipment/tours/tours.demo';
import { createTestApp, makeUser, type TestApp } from '../../support/app';

/** Issue 24 item 9: the maintenance book and tour demo, after the equipment and controls demos; once per company. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('maintenance book and tours demo', () => {
  it('fills the book (8 interventions, 7 parts) of four pieces of equipment and one tour of four or five controls, two done, once', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
    // The demo's order: the organisation (entities) comes before the equipment.
    await hierarchyModule.demo!(t.db.dataSource, admin.tenantId);
    await equipmentModule.demo!(t.db.dataSource, admin.tenantId);
    await equipmentModule.demo!(t.db.dataSource, admin.tenantId);
    const book = await q('SELECT equipment_id, count(*)::int AS n FROM equipment_maintenance WHERE tenant_id = $1 GROUP BY equipment_id', [admin.tenantId]);
    expect(book).toHaveLength(4);
    expect(book.reduce((s: number, r: { n: number }) => s + r.n, 0)).toBe(8);
    expect((await q('SELECT count(*)::int AS n FROM equipment_part WHERE tenant_id = $1 AND file_id IS NULL', [admin.tenantId]))[0].n).toBe(7);
    const tours = await q('SELECT id, hierarchy_item_id FROM vgp_tour WHERE tenant_id = $1', [admin.tenantId]);
    expect(tours).toHaveLength(1);
    const controls = await q(`SELECT tc.position, tc.done_at, e.hierarchy_item_id FROM vgp_tour_control tc JOIN vgp_controllable c ON c.id = tc.controllable_id
      JOIN equipment e ON e.id = c.equipment_id WHERE tc.tour_id = $1 ORDER BY tc.position`, [tours[0].id]);
    expect(controls.length).toBeGreaterThanOrEqual(4);
    expect(controls.length).toBeLessThanOrEqual(5);
    expect(controls.map((c: { position: number }) => c.position)).toEqual(controls.map((_: unknown, i: number) => i + 1));
    expect(controls.filter((c: { done_at: Date | null }) => c.done_at).length).toBe(2);
    expect(tours[0].hierarchy_item_id).not.toBeNull();
    expect(controls.every((c: { hierarchy_item_id: number }) => c.hierarchy_item_id === tours[0].hierarchy_item_id)).toBe(true);
  });

  it('does nothing in a company without equipment', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    await seedBookDemo(t.db.dataSource, admin.tenantId);
    await seedToursDemo(t.db.dataSource, admin.tenantId);
    expect((await t.db.dataSource.query('SELECT (SELECT count(*) FROM equipment_maintenance WHERE tenant_id = $1)::int + (SELECT count(*) FROM vgp_tour WHERE tenant_id = $1)::int AS n', [admin.tenantId]))[0].n).toBe(0);
  });
});
