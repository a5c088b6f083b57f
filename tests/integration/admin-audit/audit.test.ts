import request from 'supertest';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('audit log screen', () => {
  it('shows logins, failures and refusals of the company, filterable by user, kind and date', async () => {
    const admin = await makeUser(t, { rights: ['admin.audit'] });
    const [{ name }] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [admin.tenantId]);
    const colleague = await makeUser(t, { company: name });
    await loginAs(t, colleague);
    const agentFail = request.agent(t.app);
    const page = await agentFail.get('/login');
    await agentFail.post('/login').type('form').send({ _username: colleague.username, _password: 'faux', _csrf_token: csrfFrom(page.text) });
    const { agent } = await loginAs(t, admin);
    const all = await agent.get('/admin/audit');
    expect(all.status).toBe(200);
    const badge = (label: string) => new RegExp(`<span class="badge[^"]*">${label}</span>`);
    expect(all.text).toMatch(badge('Connexion'));
    expect(all.text).toMatch(badge('Échec de connexion'));
    const mine = await agent.get('/admin/audit').query({ user: colleague.id, event: 'login' });
    expect(mine.text).toContain('Camille Test');
    expect(mine.text).toMatch(badge('Connexion'));
    expect(mine.text).not.toMatch(badge('Échec de connexion'));
    const future = await agent.get('/admin/audit').query({ from: '01/01/2099' });
    expect(future.text).toContain('Aucun événement pour ces critères.');
  });
});
