import type TestAgent from 'supertest/lib/agent';
import { loadAuthUser } from '../../../server/kernel/auth/load-user';
import { ALL_RIGHT_NAMES } from '../../../server/kernel/rights/catalogue';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

/**
 * Issue 19 item 2: roles and rights stay inside their company. An administrator of company B
 * never changes what the users of company A may do: not through the rights matrix, not through
 * a role id of A, not through the roles of a user who belongs to both.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function companyOf(tenantId: number): Promise<string> {
  const [row] = await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]);
  return row.name;
}

/** The rights matrix as the page draws it: fingerprint, the role ids posted, the id of each role by its French label. */
async function matrixForm(agent: TestAgent): Promise<{ csrf: string; fingerprint: string; roleIds: number[]; idOf: (label: string) => number; html: string }> {
  const page = await agent.get('/admin/roles/rights');
  expect(page.status).toBe(200);
  const roleIds = [...page.text.matchAll(/name="roles\[\]" value="(\d+)"/g)].map((m) => Number(m[1]));
  const idOf = (label: string): number => {
    const m = new RegExp(`name="rights\\[role_(\\d+)\\]\\[\\]"[^>]*aria-label="${label.replace(/'/g, '&#39;')} : `).exec(page.text);
    if (!m) throw new Error(`Pas de colonne « ${label} » dans la matrice`);
    return Number(m[1]);
  };
  return { csrf: csrfFrom(page.text), fingerprint: /name="fingerprint" value="([^"]+)"/.exec(page.text)![1], roleIds, idOf, html: page.text };
}

/** Posts the matrix: the roles given, each with the rights given (and nothing else). */
async function postMatrix(agent: TestAgent, form: { csrf: string; fingerprint: string }, rights: Map<number, string[]>): Promise<void> {
  const body = [`_csrf_token=${encodeURIComponent(form.csrf)}`, `fingerprint=${form.fingerprint}`];
  for (const [id, names] of rights) {
    body.push(`roles[]=${id}`);
    for (const n of names) body.push(`rights[role_${id}][]=${encodeURIComponent(n)}`);
  }
  const res = await agent.post('/admin/roles/rights').type('form').send(body.join('&'));
  expect(res.status).toBe(303);
}

/** The rights a user holds in a company, as every request computes them. */
async function rightsIn(userId: number, tenantId: number): Promise<string[]> {
  const u = await loadAuthUser(t.db.dataSource, userId, tenantId);
  return [...u!.rights].sort();
}

async function status(agent: TestAgent, url: string): Promise<number> {
  return (await agent.get(url)).status;
}

/** Switches the active company of a logged-in agent (`mf_company_set`). */
async function switchTo(agent: TestAgent, csrf: string, tenantId: number): Promise<void> {
  const res = await agent.post(`/company/${tenantId}`).type('form').send({ _csrf_token: csrf });
  expect(res.status).toBe(302);
}

/** An administrator of B sets the roles of a user of B through the users screen. */
async function setRolesAsAdmin(agent: TestAgent, csrf: string, user: { id: number; username: string }, roles: string[]): Promise<void> {
  const page = await agent.get(`/admin/users/${user.id}/edit`).set(XHR);
  expect(page.status).toBe(200);
  const version = /name="user\[version\]" value="(\d+)"/.exec(page.text)![1];
  const body: Record<string, unknown> = { _csrf_token: csrf };
  const fields = { username: user.username, email: `${user.username}@example.fr`, firstName: 'Camille', lastName: 'Test', locale: 'fr', roles, enabled: '1', version };
  for (const [k, v] of Object.entries(fields)) body[`user[${k}]`] = v;
  const res = await agent.post(`/admin/users/${user.id}/edit`).set(XHR).type('form').send(body);
  expect(res.status).toBe(201);
}

describe('the rights matrix of one company', () => {
  it("posted by company B's administrator changes nothing of what company A's users may do", async () => {
    const plainA = await makeUser(t, { roles: ['user'] });
    const adminA = await makeUser(t, { roles: ['admin'], company: await companyOf(plainA.tenantId) });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const plainB = await makeUser(t, { roles: ['user'], company: await companyOf(adminB.tenantId) });
    const a = await loginAs(t, plainA);
    expect(await status(a.agent, '/rh/employees')).toBe(403);
    const rightsOfA = { plain: await rightsIn(plainA.id, plainA.tenantId), admin: await rightsIn(adminA.id, adminA.tenantId) };

    // B gives every right of the catalogue to every role its matrix shows (`user` included).
    const b = await loginAs(t, adminB);
    const form = await matrixForm(b.agent);
    await postMatrix(b.agent, form, new Map(form.roleIds.map((id) => [id, ALL_RIGHT_NAMES])));
    expect((await b.agent.get('/admin/roles/rights')).text).toContain('Droits enregistrés.');

    // The save did take effect in B...
    const pb = await loginAs(t, plainB);
    expect(await status(pb.agent, '/rh/employees')).toBe(200);
    // ...and nowhere else: A's plain user still may not read A's employees.
    expect(await status(a.agent, '/rh/employees')).toBe(403);
    expect(await status((await loginAs(t, plainA)).agent, '/rh/employees')).toBe(403);
    expect({ plain: await rightsIn(plainA.id, plainA.tenantId), admin: await rightsIn(adminA.id, adminA.tenantId) }).toEqual(rightsOfA);
  });

  it("ignores role ids of another company slipped into the post", async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const plainA = await makeUser(t, { roles: ['user'], company: await companyOf(adminA.tenantId) });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const formA = await matrixForm((await loginAs(t, adminA)).agent);
    const userOfA = formA.idOf('Utilisateur');
    const before = await rightsIn(plainA.id, plainA.tenantId);

    const b = await loginAs(t, adminB);
    const formB = await matrixForm(b.agent);
    expect(formB.roleIds).not.toContain(userOfA);
    await postMatrix(b.agent, formB, new Map([[userOfA, ['hr.view', 'hr.manage_employees']]]));

    expect(await rightsIn(plainA.id, plainA.tenantId)).toEqual(before);
    expect(await rightsIn(plainA.id, plainA.tenantId)).not.toContain('hr.view');
  });

  it('shows and keeps apart the same system role in two companies', async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const b = await loginAs(t, adminB);
    const formB = await matrixForm(b.agent);
    await postMatrix(b.agent, formB, new Map([[formB.idOf('Utilisateur'), ['hr.view']]]));
    const a = await loginAs(t, adminA);
    const formA = await matrixForm(a.agent);
    const userA = formA.idOf('Utilisateur');
    const userB = (await matrixForm(b.agent)).idOf('Utilisateur');
    expect(new RegExp(`name="rights\\[role_${userB}\\]\\[\\]" value="hr.view"[^>]*checked`).test((await b.agent.get('/admin/roles/rights')).text)).toBe(true);
    expect(new RegExp(`name="rights\\[role_${userA}\\]\\[\\]" value="hr.view"[^>]*checked`).test(formA.html)).toBe(false);
  });
});

describe('the role screens', () => {
  it('name the company whose roles they show', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const sentence = `Ces rôles et leurs droits ne valent que pour la société « ${await companyOf(admin.tenantId)} ».`;
    expect((await agent.get('/admin/roles')).text).toContain(sentence);
    expect((await agent.get('/admin/roles/rights')).text).toContain(sentence);
  });
});

describe("another company's roles", () => {
  it("are neither listed, nor opened, nor saved, nor deleted by company B's administrator (404)", async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const holderA = await makeUser(t, { roles: ['user'], company: await companyOf(adminA.tenantId) });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const a = await loginAs(t, adminA);
    const label = `Chef d'équipe A ${adminA.id}`;
    expect((await a.agent.post('/admin/roles/new').set(XHR).type('form').send({ _csrf_token: a.csrf, 'role[label]': label, 'role[color]': 'green' })).status).toBe(201);
    const [custom] = await t.db.dataSource.query('SELECT id, code FROM role WHERE label = $1', [label]);
    const formA = await matrixForm(a.agent);
    await postMatrix(a.agent, formA, new Map([[custom.id, ['other.calendar']]]));
    const holderRights = await rightsIn(holderA.id, holderA.tenantId);

    const b = await loginAs(t, adminB);
    expect((await b.agent.get('/admin/roles')).text).not.toContain(`Chef d&#39;équipe A ${adminA.id}`);
    expect((await b.agent.get('/admin/roles/rights')).text).not.toContain(`rights[role_${custom.id}]`);
    expect((await b.agent.get(`/admin/roles/${custom.id}/edit`).set(XHR)).status).toBe(404);
    const update = await b.agent.post(`/admin/roles/${custom.id}/edit`).set(XHR).type('form').send({ _csrf_token: b.csrf, 'role[label]': 'Piraté', 'role[color]': 'red' });
    expect(update.status).toBe(404);
    const removal = await b.agent.post(`/admin/roles/${custom.id}/delete`).set(XHR).set('X-CSRF-Token', b.csrf);
    expect(removal.status).toBe(404);

    const [after] = await t.db.dataSource.query('SELECT label, color FROM role WHERE id = $1', [custom.id]);
    expect(after).toEqual({ label, color: 'green' });
    expect((await a.agent.get('/admin/roles')).text).toContain(`Chef d&#39;équipe A ${adminA.id}`);
    expect(await rightsIn(holderA.id, holderA.tenantId)).toEqual(holderRights);
  });

  it("cannot be given to a user by company B's administrator", async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const a = await loginAs(t, adminA);
    const label = `Réservé A ${adminA.id}`;
    await a.agent.post('/admin/roles/new').set(XHR).type('form').send({ _csrf_token: a.csrf, 'role[label]': label, 'role[color]': 'navy' });
    const [custom] = await t.db.dataSource.query('SELECT code FROM role WHERE label = $1', [label]);
    const adminB = await makeUser(t, { roles: ['admin'] });
    const target = await makeUser(t, { roles: ['user'], company: await companyOf(adminB.tenantId) });
    const b = await loginAs(t, adminB);
    const page = await b.agent.get(`/admin/users/${target.id}/edit`).set(XHR);
    expect(page.text).not.toContain(`value="${custom.code}"`);
    const version = /name="user\[version\]" value="(\d+)"/.exec(page.text)![1];
    const res = await b.agent.post(`/admin/users/${target.id}/edit`).set(XHR).type('form').send({
      _csrf_token: b.csrf, 'user[username]': target.username, 'user[email]': `${target.username}@example.fr`, 'user[firstName]': 'Camille',
      'user[lastName]': 'Test', 'user[locale]': 'fr', 'user[roles]': [custom.code], 'user[enabled]': '1', 'user[version]': version,
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Cette valeur doit être l&#39;un des choix proposés.");
  });

  it("keep their colour when company B's administrator recolours its own system role", async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const b = await loginAs(t, adminB);
    const listB = (await b.agent.get('/admin/roles')).text;
    const hsqeB = Number(/<tr data-role="hsqe"[\s\S]*?\/admin\/roles\/(\d+)\/edit/.exec(listB)![1]);
    const res = await b.agent.post(`/admin/roles/${hsqeB}/edit`).set(XHR).type('form').send({ _csrf_token: b.csrf, 'role[color]': 'maroon' });
    expect(res.status).toBe(201);
    const a = await loginAs(t, adminA);
    const hsqeRowA = /<tr data-role="hsqe"[\s\S]*?<\/tr>/.exec((await a.agent.get('/admin/roles')).text)![0];
    const hsqeRowB = /<tr data-role="hsqe"[\s\S]*?<\/tr>/.exec((await b.agent.get('/admin/roles')).text)![0];
    expect(hsqeRowB).toContain('background-color: #800000');
    expect(hsqeRowA).not.toContain('background-color: #800000');
  });
});

describe('a user who belongs to two companies', () => {
  it('has, in each company, the roles that company gave and the rights its matrix holds', async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const shared = await makeUser(t, { roles: ['user'], company: await companyOf(adminA.tenantId) });
    await t.db.dataSource.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [shared.id, adminB.tenantId]);
    // B makes them its HR manager: that is B's business only.
    const b = await loginAs(t, adminB);
    await setRolesAsAdmin(b.agent, b.csrf, shared, ['hr_manager']);

    const s = await loginAs(t, shared);
    expect(await status(s.agent, '/rh/employees')).toBe(403);
    await switchTo(s.agent, s.csrf, adminB.tenantId);
    expect(await status(s.agent, '/rh/employees')).toBe(200);
    expect(await status(s.agent, '/rh/employees/new')).toBe(200);
    await switchTo(s.agent, s.csrf, adminA.tenantId);
    expect(await status(s.agent, '/rh/employees')).toBe(403);
    expect(await rightsIn(shared.id, adminA.tenantId)).not.toContain('hr.manage_employees');
    expect(await rightsIn(shared.id, adminB.tenantId)).toContain('hr.manage_employees');
  });

  it('holding the same role in both, gets the rights each company gave that role', async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const adminB = await makeUser(t, { roles: ['admin'] });
    const shared = await makeUser(t, { roles: ['user'], company: await companyOf(adminA.tenantId) });
    await t.db.dataSource.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [shared.id, adminB.tenantId]);
    const b = await loginAs(t, adminB);
    await setRolesAsAdmin(b.agent, b.csrf, shared, ['user']);
    const form = await matrixForm(b.agent);
    await postMatrix(b.agent, form, new Map([[form.idOf('Utilisateur'), ['hr.view', 'other.calendar']]]));

    const s = await loginAs(t, shared);
    expect(await status(s.agent, '/rh/employees')).toBe(403);
    await switchTo(s.agent, s.csrf, adminB.tenantId);
    expect(await status(s.agent, '/rh/employees')).toBe(200);
    await switchTo(s.agent, s.csrf, adminA.tenantId);
    expect(await status(s.agent, '/rh/employees')).toBe(403);
    expect(await rightsIn(shared.id, adminB.tenantId)).toEqual(['hr.view', 'other.calendar']);
    expect(await rightsIn(shared.id, adminA.tenantId)).toContain('action.view');
  });
});

describe('who holds a right in a company (assignees, mail recipients)', () => {
  it('is decided by the roles the user holds in that company only', async () => {
    const adminA = await makeUser(t, { roles: ['admin'] });
    const shared = await makeUser(t, { roles: ['user'] });
    await t.db.dataSource.query('INSERT INTO user_tenant (user_id, tenant_id) VALUES ($1, $2)', [shared.id, adminA.tenantId]);
    const a = await loginAs(t, adminA);
    const search = async () => (await a.agent.get('/action-plan/assignees').query({ q: shared.username })).body.map((u: { id: number }) => u.id);
    // `user` may be assigned actions, but the shared user holds it in their other company only.
    expect(await search()).toEqual([]);
    await setRolesAsAdmin(a.agent, a.csrf, shared, ['user']);
    expect(await search()).toEqual([shared.id]);
  });
});
