import { trainingPart } from '../../../server/modules/hr/training/training.part';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { insertEmployee } from './training-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

describe('training demo and employee tab', () => {
  it('seeds themes, formations, trainers and sessions with attendance once, and the employee page shows the formations tab', async () => {
    const admin = await makeUser(t, { roles: ['super_admin'] });
    const names = ['Bernard', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Lefèvre', 'Leroy', 'Roux', 'David', 'Bertrand', 'Morel'];
    const ids: number[] = [];
    for (const n of names) ids.push(await insertEmployee(t, admin.tenantId, n));
    await trainingPart.demo!(t.db.dataSource, admin.tenantId);
    await trainingPart.demo!(t.db.dataSource, admin.tenantId);
    const count = async (table: string) => (await q(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1`, [admin.tenantId]))[0].n;
    expect(await count('formation_theme')).toBe(4);
    expect(await count('formation')).toBe(6);
    expect(await count('trainer')).toBe(3);
    expect(await count('training_session')).toBe(7);
    expect(await count('employee_formation')).toBe(12);

    const { agent } = await loginAs(t, admin);
    const monitoring = await agent.get('/rh/formation-monitoring?perPage=100');
    for (const status of ['valid', 'expiring', 'expired']) expect(monitoring.text).toContain(`data-status="${status}"`);
    expect((await agent.get('/rh/sessions?period=upcoming')).text).toContain('Travail en hauteur et port du harnais');

    // Bernard: SST (expiring) and an upcoming session.
    const tab = await agent.get(`/rh/employees/${ids[0]}?tab=formations`);
    expect(tab.status).toBe(200);
    expect(tab.text).toContain('data-testid="employee-formations"');
    expect(tab.text).toMatch(/Sauveteur secouriste du travail \(SST\)[\s\S]*?data-status="expiring"/);
    expect(tab.text).toContain('Travail en hauteur et port du harnais');
  });
});
