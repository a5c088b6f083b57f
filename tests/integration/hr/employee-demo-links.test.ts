import { seedEmployeeDemo } from '../../../server/modules/hr/employee/employee.demo';
import { createTestApp, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let seq = 0;
const company = () => `RH démo liens ${process.pid}-${Date.now()}-${++seq}`;
const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);

/**
 * The demo account `username` as a member of the company (created once: usernames are global, and
 * an account has one employee record at most, so an earlier run's link is undone).
 */
async function demoUser(username: string, tenantId: number): Promise<number> {
  const [found] = await q('SELECT id FROM app_user WHERE username = $1', [username]);
  if (found) {
    await q('UPDATE employee SET user_id = NULL WHERE user_id = $1', [found.id]);
    await q('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [found.id, tenantId]);
    return found.id;
  }
  const [row] = await q(`INSERT INTO app_user (tenant_id, username, email, password_hash) VALUES ($1, $2, $3, 'x') RETURNING id`, [tenantId, username, `${username}@demo-links.test`]);
  return row.id;
}

// Issue 25 item 8: Karim (and every demo user) is linked to his employee record, so he can ask for leave.
describe('employee demo: the demo users are linked to their records', () => {
  it('links the four demo users to their employee records when seeding', async () => {
    const owner = await makeUser(t, { company: company() });
    const ids: Record<string, number> = {};
    for (const u of ['claire.martin', 'karim.benali', 'sophie.lefebvre', 'julien.moreau']) ids[u] = await demoUser(u, owner.tenantId);
    await seedEmployeeDemo(t.db.dataSource, owner.tenantId);
    const rows = await q('SELECT last_name, user_id FROM employee WHERE tenant_id = $1 AND user_id IS NOT NULL ORDER BY matricule', [owner.tenantId]);
    expect(rows).toEqual([
      { last_name: 'Martin', user_id: ids['claire.martin'] }, { last_name: 'Lefebvre', user_id: ids['sophie.lefebvre'] },
      { last_name: 'Moreau', user_id: ids['julien.moreau'] }, { last_name: 'Benali', user_id: ids['karim.benali'] },
    ]);
  });

  it('links them on the next run in a company seeded before the links, and leaves other links alone', async () => {
    const owner = await makeUser(t, { company: company() });
    await seedEmployeeDemo(t.db.dataSource, owner.tenantId);
    expect((await q('SELECT count(user_id)::int AS n FROM employee WHERE tenant_id = $1', [owner.tenantId]))[0].n).toBe(0);
    const karim = await demoUser('karim.benali', owner.tenantId);
    // Julien's record is already linked to someone else: it stays so.
    await q(`UPDATE employee SET user_id = $2 WHERE tenant_id = $1 AND matricule = 'S0003'`, [owner.tenantId, owner.id]);
    await demoUser('julien.moreau', owner.tenantId);
    await seedEmployeeDemo(t.db.dataSource, owner.tenantId);
    expect(await q('SELECT matricule, user_id FROM employee WHERE tenant_id = $1 AND user_id IS NOT NULL ORDER BY matricule', [owner.tenantId]))
      .toEqual([{ matricule: 'S0003', user_id: owner.id }, { matricule: 'S0004', user_id: karim }]);
  });
});
