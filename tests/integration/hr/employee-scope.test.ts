import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let seq = 0;
const company = () => `RH périmètre ${process.pid}-${Date.now()}-${++seq}`;

// Issue 25 item 8: without hr.view_all an empty list is a scope limit, not an empty company.
describe('employee list: the scope limit is explained', () => {
  it('tells a user with hr.view only that the list is limited to their scope', async () => {
    const c = company();
    const viewer = await makeUser(t, { company: c, rights: ['hr.view'] });
    await t.db.dataSource.query(`INSERT INTO employee (tenant_id, last_name, first_name) VALUES ($1, 'Hors', 'Périmètre')`, [viewer.tenantId]);
    const { agent } = await loginAs(t, viewer);
    const text = (await agent.get('/rh/employees')).text;
    expect(text).toContain('Vous ne voyez que les salariés de vos services et votre propre fiche : aucun ne figure dans votre périmètre.');
    expect(text).not.toContain('Aucun salarié pour le moment.');
    expect(text).not.toContain('Hors');
  });

  it('shows the scope hint above a scoped list that has rows, and nothing of it with hr.view_all', async () => {
    const c = company();
    const viewer = await makeUser(t, { company: c, rights: ['hr.view'] });
    const all = await makeUser(t, { company: c, rights: ['hr.view', 'hr.view_all'] });
    await t.db.dataSource.query(`INSERT INTO employee (tenant_id, last_name, first_name, user_id) VALUES ($1, 'Moi', 'Même', $2)`, [viewer.tenantId, viewer.id]);
    const scoped = (await (await loginAs(t, viewer)).agent.get('/rh/employees')).text;
    expect(scoped).toContain('Moi');
    expect(scoped).toContain('Vous ne voyez que les salariés de vos services et votre propre fiche (droit « Voir tous les salariés » pour les autres).');
    const full = (await (await loginAs(t, all)).agent.get('/rh/employees')).text;
    expect(full).toContain('Moi');
    expect(full).not.toContain('Vous ne voyez que');
  });

  it('keeps « Aucun salarié pour le moment. » for a user who sees every employee of an empty company', async () => {
    const all = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.view_all'] });
    const text = (await (await loginAs(t, all)).agent.get('/rh/employees')).text;
    expect(text).toContain('Aucun salarié pour le moment.');
  });
});
