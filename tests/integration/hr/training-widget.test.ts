import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { insertEmployee, insertFormation, insertSession } from './training-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

describe('training-time widget', () => {
  it('sums hours × present employees per month (Paris) and theme, for the asked year', async () => {
    const admin = await makeUser(t, { rights: ['hr.formations'] });
    const other = await makeUser(t, { rights: ['hr.formations'] });
    const safety = await insertFormation(t, admin.tenantId, { theme: 'Sécurité', name: 'SST' });
    const driving = await insertFormation(t, admin.tenantId, { theme: 'Conduite', name: 'CACES' });
    const people = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) people.push(await insertEmployee(t, admin.tenantId, name));
    const [a, b, c, d] = people;

    // 15/01: 7 h × 3 present (d registered but absent) = 21 h of Sécurité.
    const jan = await insertSession(t, admin.tenantId, safety, '2026-01-15T08:00:00Z', '2026-01-15T16:00:00Z', [a, b, c], { hours: 7, present: true });
    await q('INSERT INTO session_employee (tenant_id, session_id, employee_id, present) VALUES ($1, $2, $3, FALSE)', [admin.tenantId, jan, d]);
    // 28/01: 3.5 h × 2 = 7 h of Conduite; 01/01 00:30 in Paris (31/12 in UTC): 2 h × 1 = 2 h of Conduite in January.
    await insertSession(t, admin.tenantId, driving, '2026-01-28T08:00:00Z', '2026-01-28T12:00:00Z', [a, b], { hours: 3.5, present: true });
    await insertSession(t, admin.tenantId, driving, '2025-12-31T23:30:00Z', '2026-01-01T01:30:00Z', [c], { hours: 2, present: true });
    // 05/03: 14 h × 1 = 14 h of Sécurité.
    await insertSession(t, admin.tenantId, safety, '2026-03-05T08:00:00Z', '2026-03-06T16:00:00Z', [d], { hours: 14, present: true });
    // Not counted: a session in the trash, one of 2025, one still to come without anybody present, another company's.
    const trashed = await insertSession(t, admin.tenantId, safety, '2026-02-10T08:00:00Z', '2026-02-10T16:00:00Z', [a], { hours: 7, present: true });
    await q('UPDATE training_session SET deleted_at = now() WHERE id = $1', [trashed]);
    await insertSession(t, admin.tenantId, safety, '2025-06-10T08:00:00Z', '2025-06-10T16:00:00Z', [a], { hours: 7, present: true });
    await insertSession(t, admin.tenantId, safety, '2026-11-10T08:00:00Z', '2026-11-10T16:00:00Z', [a, b], { hours: 7 });
    const foreign = await insertFormation(t, other.tenantId, { theme: 'Sécurité' });
    const stranger = await insertEmployee(t, other.tenantId, 'Zoulou');
    await insertSession(t, other.tenantId, foreign, '2026-01-15T08:00:00Z', '2026-01-15T16:00:00Z', [stranger], { hours: 100, present: true });

    const { agent } = await loginAs(t, admin);
    const res = await agent.get('/dashboard/hr/training-time?year=2026');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.labels).toEqual(['01/2026', '02/2026', '03/2026', '04/2026', '05/2026', '06/2026', '07/2026', '08/2026', '09/2026', '10/2026', '11/2026', '12/2026']);
    expect(res.body.series).toEqual([
      { label: 'Conduite', data: [9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      { label: 'Sécurité', data: [21, 0, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    ]);
    expect(res.body.total).toBe(44);

    const y2025 = await agent.get('/dashboard/hr/training-time?year=2025');
    expect(y2025.body.series).toEqual([{ label: 'Sécurité', data: [0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0] }]);

    const page = await agent.get('/rh/sessions');
    expect(page.text).toContain('data-island="dashboard-widget"');
    expect(page.text).toContain('/dashboard/hr/training-time?year=');

    const { agent: plain } = await loginAs(t, await makeUser(t));
    expect((await plain.get('/dashboard/hr/training-time')).status).toBe(403);
  });
});
