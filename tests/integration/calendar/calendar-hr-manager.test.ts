import { HrManagerUnavailability1795771000000 } from '../../../migrations/1795771000000-HrManagerUnavailability';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { XHR } from './calendar-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

function propsOf(html: string): Record<string, any> {
  const m = /data-island="calendar"[\s\S]*?<script type="application\/json" data-island-props>([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]);
}

const hrManagerRights = async (tenantId: number): Promise<string[]> => (await t.db.dataSource.query(
  `SELECT rr."right" FROM role_right rr JOIN role r ON r.id = rr.role_id WHERE r.tenant_id = $1 AND r.code = 'hr_manager'`, [tenantId])).map((r: { right: string }) => r.right);

// Issue 25 item 8: the unavailability mode is offered to HR managers, not only to the administrator.
describe('calendar: the HR manager records unavailability', () => {
  it('offers the unavailability mode and its form to the HR manager role, not to a plain user', async () => {
    const hr = await makeUser(t, { roles: ['hr_manager'] });
    const { agent } = await loginAs(t, hr);
    const page = await agent.get('/calendar');
    expect(page.status).toBe(200);
    expect(propsOf(page.text).can.unavailability).toBe(true);
    expect((await agent.get('/calendar/work-accident/new').set(XHR)).status).toBe(200);

    const plain = await loginAs(t, await makeUser(t, { roles: ['user'] }));
    expect(propsOf((await plain.agent.get('/calendar')).text).can.unavailability).toBe(false);
    expect((await plain.agent.get('/calendar/work-accident/new').set(XHR)).status).toBe(403);
  });

  it('gives « Gérer les indisponibilités » to the HR manager of a company created before (migration), once', async () => {
    const hr = await makeUser(t, { roles: ['hr_manager'] });
    await t.db.dataSource.query(
      `DELETE FROM role_right WHERE "right" = 'project.unavailability' AND role_id IN (SELECT id FROM role WHERE tenant_id = $1 AND code = 'hr_manager')`, [hr.tenantId]);
    expect(await hrManagerRights(hr.tenantId)).not.toContain('project.unavailability');
    const runner = t.db.dataSource.createQueryRunner();
    try {
      await new HrManagerUnavailability1795771000000().up(runner);
      await new HrManagerUnavailability1795771000000().up(runner);
    } finally { await runner.release(); }
    expect((await hrManagerRights(hr.tenantId)).filter((r) => r === 'project.unavailability')).toEqual(['project.unavailability']);
  });
});
