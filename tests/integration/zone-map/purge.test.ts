import { purgeFromTrash, softDelete } from '../../../server/kernel/trash/trash';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, newCompany, RIGHTS } from '../prevention-plan/plan-helpers';
import { insertZone, planOnSector, sectorWithPlan, square } from './zone-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const zonesOf = async (tenantId: number) =>
  (await t.db.dataSource.query('SELECT owner_type, owner_id FROM map_zone WHERE tenant_id = $1 ORDER BY owner_type, owner_id', [tenantId]))
    .map((r: { owner_type: string; owner_id: number }) => `${r.owner_type}:${r.owner_id}`);

describe('a plan purged from the trash', () => {
  it('takes its zones and those of its work orders and permits with it, and leaves the other plans\' zones', async () => {
    const a = await actor(t, newCompany(), RIGHTS.author, 'Jean');
    const { sectorId } = await sectorWithPlan(t, a.tenantId);
    const gone = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Peinture du hall' });
    const kept = await planOnSector(t, a.tenantId, a.id, sectorId, { subject: 'Soudure de la charpente' });
    const [wo] = await t.db.dataSource.query(
      `INSERT INTO work_order (tenant_id, plan_id, number, start_date, end_date) VALUES ($1, $2, $3, CURRENT_DATE, CURRENT_DATE) RETURNING id`,
      [a.tenantId, gone, `BT-P-${gone}`]);
    const [permit] = await t.db.dataSource.query(
      `INSERT INTO permit (tenant_id, type, number, plan_id, description, start_at, end_at) VALUES ($1, 'fire', $2, $3, 'Soudure', now(), now()) RETURNING id`,
      [a.tenantId, `PF-P-${gone}`, gone]);
    await insertZone(t, a.tenantId, 'prevention_plan', gone, sectorId, 'polygon', square(100, 100, 50));
    await insertZone(t, a.tenantId, 'work_order', wo.id, sectorId, 'circle', { lat: 120, lng: 120, radius: 10 });
    await insertZone(t, a.tenantId, 'permit', permit.id, sectorId, 'marker', { lat: 110, lng: 110 });
    await insertZone(t, a.tenantId, 'prevention_plan', kept, sectorId, 'polygon', square(10, 10, 20));

    await t.db.dataSource.transaction((m) => softDelete(m, { table: 'prevention_plan', id: gone, tenantId: a.tenantId, title: 'Peinture du hall', userId: a.id }));
    // In the trash the plan keeps its zones: it may come back.
    expect(await zonesOf(a.tenantId)).toHaveLength(4);
    const [item] = await t.db.dataSource.query('SELECT id FROM trash_item WHERE tenant_id = $1 AND subject_id = $2', [a.tenantId, gone]);
    expect(await purgeFromTrash(t.db.dataSource, a.tenantId, item.id, a.id)).toBe('deleted');
    expect(await zonesOf(a.tenantId)).toEqual([`prevention_plan:${kept}`]);
  });
});
