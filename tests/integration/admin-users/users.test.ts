import request from 'supertest';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function companyOf(tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

function form(fields: Record<string, string | string[]>, csrf: string): Record<string, unknown> {
  const body: Record<string, unknown> = { _csrf_token: csrf };
  for (const [k, v] of Object.entries(fields)) body[`user[${k}]`] = v;
  return body;
}

const valid = (n: string) => ({
  username: `jdupont_${n}`, email: `jean.dupont.${n}@example.fr`, firstName: 'Jean', lastName: 'Dupont', locale: 'fr',
  roles: ['user'], enabled: '1', plainPassword: 'Un-mot-de-passe-sûr', plainPasswordConfirm: 'Un-mot-de-passe-sûr', version: '0',
});

describe('users administration', () => {
  it('is refused (403) without the right', async () => {
    const plain = await makeUser(t);
    const { agent } = await loginAs(t, plain);
    expect((await agent.get('/admin/users')).status).toBe(403);
  });

  it('lists the users of the company with search, status and role filters', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const company = await companyOf(admin.tenantId);
    const a = await makeUser(t, { company, roles: ['hsqe'] });
    await t.db.dataSource.query(`UPDATE app_user SET last_name = 'Martinez', first_name = 'Inès' WHERE id = $1`, [a.id]);
    const b = await makeUser(t, { company });
    await t.db.dataSource.query(`UPDATE app_user SET last_name = 'Bernard', enabled = false WHERE id = $1`, [b.id]);
    const stranger = await makeUser(t);
    const { agent } = await loginAs(t, admin);
    const all = await agent.get('/admin/users');
    expect(all.status).toBe(200);
    expect(all.text).toContain(a.username);
    expect(all.text).toContain(b.username);
    expect(all.text).not.toContain(stranger.username);
    const search = await agent.get('/admin/users').query({ q: 'martin' });
    expect(search.text).toContain(a.username);
    expect(search.text).not.toContain(b.username);
    const disabled = await agent.get('/admin/users').query({ activated: '0' });
    expect(disabled.text).toContain(b.username);
    expect(disabled.text).not.toContain(a.username);
    const hsqe = await agent.get('/admin/users').query({ role: 'hsqe' });
    expect(hsqe.text).toContain(a.username);
    expect(hsqe.text).not.toContain(b.username);
    const none = await agent.get('/admin/users').query({ q: 'personne-de-ce-nom' });
    expect(none.text).toContain('Aucun utilisateur ne correspond à ces critères.');
  });

  it('creates a user who can then log in; errors come back in French with the input kept', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent, csrf } = await loginAs(t, admin);
    const n = `${Date.now() % 1e7}`;
    const missing = await agent.post('/admin/users/new').set(XHR).type('form').send(form({ ...valid(n), lastName: '' }, csrf));
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('Veuillez renseigner ce champ.');
    expect(missing.text).toContain(`value="jean.dupont.${n}@example.fr"`);
    const mismatch = await agent.post('/admin/users/new').set(XHR).type('form').send(form({ ...valid(n), plainPasswordConfirm: 'autre-chose-longue' }, csrf));
    expect(mismatch.text).toContain('Les mots de passe ne sont pas identiques');
    const taken = await agent.post('/admin/users/new').set(XHR).type('form').send(form({ ...valid(n), email: `${admin.username}@example.fr` }, csrf));
    expect(taken.text).toContain('Cette adresse e-mail est déjà utilisée par Camille Test.');
    const ok = await agent.post('/admin/users/new').set(XHR).type('form').send(form(valid(n), csrf));
    expect(ok.status).toBe(201);
    const [row] = await t.db.dataSource.query('SELECT tenant_id FROM app_user WHERE username = $1', [`jdupont_${n}`]);
    expect(row.tenant_id).toBe(admin.tenantId);
    await loginAs(t, { username: `jdupont_${n}`, password: 'Un-mot-de-passe-sûr' });
  });

  it('refuses to grant super_admin unless the actor is one', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent, csrf } = await loginAs(t, admin);
    const n = `${Date.now() % 1e7}s`;
    const res = await agent.post('/admin/users/new').set(XHR).type('form').send(form({ ...valid(n), roles: ['super_admin'] }, csrf));
    expect(res.status).toBe(200);
    expect(res.text).toContain('Seul un super administrateur peut attribuer ce rôle.');
  });

  it('edits with an optimistic lock (409) and never reaches another company (404, unchanged)', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const target = await makeUser(t, { company: await companyOf(admin.tenantId) });
    const stranger = await makeUser(t);
    const { agent, csrf } = await loginAs(t, admin);
    const page = await agent.get(`/admin/users/${target.id}/edit`).set(XHR);
    expect(page.status).toBe(200);
    const version = /name="user\[version\]" value="(\d+)"/.exec(page.text)![1];
    const fields = { username: target.username, email: `${target.username}@example.fr`, firstName: 'Camille', lastName: 'Renommée', locale: 'fr', roles: ['user'], enabled: '1', version };
    expect((await agent.post(`/admin/users/${target.id}/edit`).set(XHR).type('form').send(form(fields, csrf))).status).toBe(201);
    const stale = await agent.post(`/admin/users/${target.id}/edit`).set(XHR).type('form').send(form({ ...fields, lastName: 'Écrasée' }, csrf));
    expect(stale.status).toBe(409);
    const [row] = await t.db.dataSource.query('SELECT last_name FROM app_user WHERE id = $1', [target.id]);
    expect(row.last_name).toBe('Renommée');
    expect((await agent.get(`/admin/users/${stranger.id}/edit`).set(XHR)).status).toBe(404);
    const foreign = await agent.post(`/admin/users/${stranger.id}/edit`).set(XHR).type('form').send(form({ ...fields, username: stranger.username, email: `${stranger.username}@example.fr`, version: '1' }, csrf));
    expect(foreign.status).toBe(404);
    const [other] = await t.db.dataSource.query('SELECT last_name FROM app_user WHERE id = $1', [stranger.id]);
    expect(other.last_name).toBe('Test');
  });

  it('disabling a user ends their sessions at once', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const target = await makeUser(t, { company: await companyOf(admin.tenantId) });
    const victim = await loginAs(t, target);
    expect((await victim.agent.get('/')).status).toBe(200);
    const { agent, csrf } = await loginAs(t, admin);
    const res = await agent.post(`/admin/users/${target.id}/toggle`).type('form').send({ _csrf_token: csrf, enabled: '0' });
    expect(res.status).toBe(302);
    const after = await victim.agent.get('/');
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/login/);
    const list = await agent.get('/admin/users');
    expect(list.text).toContain('Le compte a été désactivé et ses sessions fermées.');
    const fresh = request.agent(t.app);
    const page = await fresh.get('/login');
    const relog = await fresh.post('/login').type('form').send({ _username: target.username, _password: target.password, _csrf_token: csrfFrom(page.text) });
    expect(relog.status).toBe(200);
    expect(relog.text).toContain('Ce compte est désactivé.');
  });
});

describe('users form re-rendered with errors', () => {
  it('keeps the switches and roles as they were ticked', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent, csrf } = await loginAs(t, admin);
    const body = form({ ...valid('x'), lastName: '', enabled: ['0', '1'], actionProcessedMail: '0', roles: ['user', 'hsqe'] }, csrf);
    const res = await agent.post('/admin/users/new').set(XHR).type('form').send(body);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/id="user_enabled" name="user\[enabled\]" value="1" checked/);
    expect(res.text).not.toMatch(/id="user_actionProcessedMail" name="user\[actionProcessedMail\]" value="1" checked/);
    expect(res.text).toMatch(/id="user_role_hsqe" name="user\[roles\]\[\]" value="hsqe" checked/);
  });
});

describe('organisation of a user', () => {
  it('attaches entities, services and a hierarchy role; refuses another company\'s ids and changes nothing', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const stranger = await makeUser(t);
    const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p);
    const [type] = await q('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [admin.tenantId, 'Site']);
    const [item] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [admin.tenantId, 'Usine de Lyon', type.id]);
    const [service] = await q('INSERT INTO service (tenant_id, name) VALUES ($1, $2) RETURNING id', [admin.tenantId, 'Maintenance']);
    const [otherType] = await q('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [stranger.tenantId, 'Site']);
    const [foreignItem] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [stranger.tenantId, 'Ailleurs', otherType.id]);
    const { agent, csrf } = await loginAs(t, admin);
    const n = `${Date.now() % 1e7}o`;
    const refused = await agent.post('/admin/users/new').set(XHR).type('form').send(form({ ...valid(n), hierarchyItemIds: [String(foreignItem.id)] }, csrf));
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');
    expect(await q('SELECT 1 FROM app_user WHERE username = $1', [`jdupont_${n}`])).toEqual([]);
    const ok = await agent.post('/admin/users/new').set(XHR).type('form')
      .send(form({ ...valid(n), hierarchyItemIds: [String(item.id)], serviceIds: [String(service.id)], hierarchyRole: 'manager' }, csrf));
    expect(ok.status).toBe(201);
    const [created] = await q('SELECT id, hierarchy_role FROM app_user WHERE username = $1', [`jdupont_${n}`]);
    expect(created.hierarchy_role).toBe('manager');
    const filtered = await agent.get('/admin/users').query({ service: service.id });
    expect(filtered.text).toContain(`jdupont_${n}`);
    expect(filtered.text).not.toContain(`>${admin.username}<`);
    const edit = await agent.get(`/admin/users/${created.id}/edit`).set(XHR);
    expect(edit.text).toMatch(new RegExp(`<option value="${item.id}" selected>`));
    expect(edit.text).toMatch(new RegExp(`<option value="${service.id}" selected>`));
  });
});

describe('supervisor and subordinates', () => {
  it('shows a manager\'s direct reports in their form', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const company = await companyOf(admin.tenantId);
    const boss = await makeUser(t, { company });
    const report = await makeUser(t, { company });
    await t.db.dataSource.query(`UPDATE app_user SET supervisor_id = $1, first_name = 'Léa', last_name = 'Subordonnée' WHERE id = $2`, [boss.id, report.id]);
    const { agent } = await loginAs(t, admin);
    const page = await agent.get(`/admin/users/${boss.id}/edit`).set(XHR);
    expect(page.text).toMatch(/Collaborateurs directs : Léa Subordonnée/);
    const alone = await agent.get(`/admin/users/${report.id}/edit`).set(XHR);
    expect(alone.text).toMatch(/Collaborateurs directs : aucun/);
  });
});

describe('users filtered by hierarchy entity', () => {
  it('lists only the users attached to the chosen entity', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const company = await companyOf(admin.tenantId);
    const q = (sql: string, p: unknown[]) => t.db.dataSource.query(sql, p);
    const [type] = await q('INSERT INTO hierarchy_type (tenant_id, name, level) VALUES ($1, $2, 1) RETURNING id', [admin.tenantId, 'Site']);
    const [lyon] = await q('INSERT INTO hierarchy_item (tenant_id, name, type_id) VALUES ($1, $2, $3) RETURNING id', [admin.tenantId, 'Lyon', type.id]);
    const inLyon = await makeUser(t, { company });
    const elsewhere = await makeUser(t, { company });
    await q('INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) VALUES ($1, $2, $3)', [inLyon.id, lyon.id, admin.tenantId]);
    const { agent } = await loginAs(t, admin);
    const page = await agent.get(`/admin/users?selected[t${type.id}][]=${lyon.id}`);
    expect(page.text).toContain(inLyon.username);
    expect(page.text).not.toContain(elsewhere.username);
    expect(page.text).toMatch(new RegExp(`<option value="${lyon.id}" selected>Lyon</option>`));
  });
});
