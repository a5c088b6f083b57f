import { seedEventDemo } from '../../../server/modules/event/event.demo';
import { seedProjectDemo, DEMO_PROJECTS } from '../../../server/modules/project/core/project.demo';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { company } from './core-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('project demo data', () => {
  it('seeds three realistic projects once, with members, documents and comments', async () => {
    const user = await makeUser(t, { company: company() });
    await seedEventDemo(t.db.dataSource, user.tenantId);
    await seedProjectDemo(t.db.dataSource, user.tenantId);
    await seedProjectDemo(t.db.dataSource, user.tenantId);
    const rows = await t.db.dataSource.query('SELECT label, state FROM project WHERE tenant_id = $1 ORDER BY label', [user.tenantId]);
    expect(rows).toEqual([
      { label: DEMO_PROJECTS.tms, state: 'unstarted' },
      { label: DEMO_PROJECTS.atex, state: 'in_progress' },
      { label: DEMO_PROJECTS.lighting, state: 'completed' },
    ]);
    const [{ docs }] = await t.db.dataSource.query('SELECT count(*)::int AS docs FROM project_document WHERE tenant_id = $1', [user.tenantId]);
    expect(docs).toBe(4);
    const linked = await t.db.dataSource.query(
      'SELECT e.subject FROM event e JOIN project p ON p.id = e.project_id WHERE p.tenant_id = $1 AND p.label = $2', [user.tenantId, DEMO_PROJECTS.tms]);
    expect(linked).toEqual([{ subject: 'QHP : gestes et postures au poste de conditionnement' }]);
  });
});
