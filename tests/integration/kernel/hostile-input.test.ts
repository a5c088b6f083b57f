import request from 'supertest';
import { MAX_INPUT_DEPTH } from '../../../server/kernel/http/input-guard';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** `a[b][b]…=x` with `levels` pairs of brackets. */
function nested(levels: number): string {
  return `a${'[b]'.repeat(levels)}=x`;
}

describe('hostile input never gets a 500', () => {
  it('answers a French 400 to a login form nested 200 levels deep, and logs nobody in', async () => {
    const agent = request.agent(t.app);
    const page = await agent.get('/login');
    const body = `${nested(200)}&_username=x&_password=y&_csrf_token=${encodeURIComponent(csrfFrom(page.text))}`;
    const res = await agent.post('/login').type('form').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La requête est mal formée.');
  });

  it('accepts a field nested as deep as the limit and refuses one level more', async () => {
    const user = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, user);
    // `_csrf_token` + a field with MAX_INPUT_DEPTH - 1 brackets: depth MAX_INPUT_DEPTH counting the top object.
    const at = await agent.post('/logout').type('form').send(`${nested(MAX_INPUT_DEPTH - 1)}&_csrf_token=${encodeURIComponent(csrf)}`);
    expect(at.status).toBe(302);
    const relog = await loginAs(t, user);
    const over = await relog.agent.post('/logout').type('form').send(`${nested(MAX_INPUT_DEPTH)}&_csrf_token=${encodeURIComponent(relog.csrf)}`);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Le formulaire envoyé a une structure non admise (trop de champs ou de niveaux).');
    // The refused logout changed nothing: the session is still there.
    expect((await relog.agent.get('/')).status).toBe(200);
  });

  it('refuses a deep multipart form and a deep JSON body with the same French 400', async () => {
    const user = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, user);
    const multipart = await agent.post('/logout').field('_csrf_token', csrf).field(`a${'[b]'.repeat(200)}`, 'x');
    expect(multipart.status).toBe(400);
    expect(multipart.body.message).toBe('Le formulaire envoyé a une structure non admise (trop de champs ou de niveaux).');
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { b: deep };
    const json = await agent.post('/logout').set('X-CSRF-Token', csrf).send({ a: deep });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Le formulaire envoyé a une structure non admise (trop de champs ou de niveaux).');
    expect((await agent.get('/')).status).toBe(200);
  });

  it('refuses a NUL byte in the login username before any query, in French', async () => {
    const agent = request.agent(t.app);
    const page = await agent.get('/login');
    const res = await agent.post('/login').type('form').send({ _username: 'admin\u0000', _password: 'x', _csrf_token: csrfFrom(page.text) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La saisie contient un caractère nul, qui n’est pas admis. Retirez-le puis réessayez.');
  });

  it('refuses a NUL byte in a query string, in a multipart field and in a path parameter', async () => {
    const user = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, user);
    const list = await agent.get('/admin/users?search=a%00b');
    expect(list.status).toBe(400);
    expect(list.text).toContain('La saisie contient un caractère nul');
    const multipart = await agent.post('/logout').field('_csrf_token', csrf).field('comment', 'a\u0000b');
    expect(multipart.status).toBe(400);
    const token = await request(t.app).get('/sign/pdp/abc%00def');
    expect(token.status).toBe(400);
    expect(token.text).toContain('La saisie contient un caractère nul');
  });

  it('answers 400, not 500, to a malformed percent escape in the path', async () => {
    const res = await request(t.app).get('/sign/pdp/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.text).toContain('La requête est mal formée.');
  });
});

describe('screen locals never hide the logged-in user', () => {
  it('shows the goals page of another user as a full page, the top bar naming the admin', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const [other] = await t.db.dataSource.query(
      `INSERT INTO app_user (tenant_id, username, email, password_hash, first_name, last_name, enabled)
       VALUES ($1, $2, $3, 'x', 'Léa', 'Objectif', true) RETURNING id`,
      [admin.tenantId, `goals_${admin.id}`, `goals_${admin.id}@example.fr`],
    );
    const res = await agent.get(`/admin/users/${other.id}/goals`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="goals-form"');
    expect(res.text).toContain('Camille Test');
    expect(res.text).toContain(`/admin/users/${other.id}/goals`);
  });
});
