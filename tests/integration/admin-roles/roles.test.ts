import request from 'supertest';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

/** A role of a company, by code (each company has its own roles). */
async function roleId(tenantId: number, code: string): Promise<number> {
  const [r] = await t.db.dataSource.query('SELECT id FROM role WHERE tenant_id = $1 AND code = $2', [tenantId, code]);
  return r.id;
}
async function customRole(tenantId: number, code: string, label: string): Promise<{ id: number }> {
  const [r] = await t.db.dataSource.query(`INSERT INTO role (tenant_id, code, label, color) VALUES ($1, $2, $3, 'red') RETURNING id`, [tenantId, code, label]);
  return r;
}
async function companyOf(tenantId: number): Promise<string> {
  return (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]))[0].name;
}

describe('roles list', () => {
  it('shows the 16 system roles with their French labels, then the custom ones with their colour', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const res = await agent.get('/admin/roles');
    expect(res.status).toBe(200);
    for (const label of ['Super administrateur', 'Administrateur', 'HSQE / QHSE', 'Médecin du travail', 'Donneur d&#39;ordre', 'Responsable RH']) expect(res.text).toContain(label);
    expect((res.text.match(/data-role="/g) ?? []).length).toBeGreaterThanOrEqual(16);
    expect(res.text).toContain('data-testid="role-table-system"');
  });

  it('is refused (403, French page) to a user without admin.roles, and hidden from the menu', async () => {
    const user = await makeUser(t, { roles: ['user'] });
    const { agent } = await loginAs(t, user);
    const res = await agent.get('/admin/roles');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Accès refusé');
    const home = await agent.get('/');
    expect(home.text).not.toContain('href="/admin/roles"');
  });

  it.each(['super_admin', 'admin'])('shows "Rôles et droits" in the menu of %s', async (role) => {
    const u = await makeUser(t, { roles: [role] });
    const { agent } = await loginAs(t, u);
    const home = await agent.get('/');
    expect(home.text).toContain('href="/admin/roles"');
    expect(home.text).toContain('Rôles et droits');
  });
});

describe('custom role form', () => {
  it('re-renders with the French error (200), creates (201) with a generated unique code, edits (201)', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, admin);
    const form = await agent.get('/admin/roles/new').set(xhr);
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="role[label]"');
    expect(form.text).toContain('value="green"');

    const bad = await agent.post('/admin/roles/new').set(xhr).type('form').send({ _csrf_token: csrf, 'role[label]': '  ', 'role[color]': 'green' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Veuillez renseigner ce champ.');
    const badColor = await agent.post('/admin/roles/new').set(xhr).type('form').send({ _csrf_token: csrf, 'role[label]': 'Chef', 'role[color]': 'fuchsia' });
    expect(badColor.status).toBe(200);
    expect(badColor.text).toContain('Cette valeur doit être l&#39;un des choix proposés.');

    const ok = await agent.post('/admin/roles/new').set(xhr).type('form').send({ _csrf_token: csrf, 'role[label]': "Chef d'équipe", 'role[color]': 'green' });
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe("Rôle « Chef d'équipe » créé.");
    const ok2 = await agent.post('/admin/roles/new').set(xhr).type('form').send({ _csrf_token: csrf, 'role[label]': "Chef d'équipe", 'role[color]': 'navy' });
    expect(ok2.status).toBe(201);
    const rows: Array<{ id: number; code: string; color: string; is_system: boolean }> = await t.db.dataSource.query(
      `SELECT id, code, color, is_system FROM role WHERE tenant_id = $1 AND label = $2 ORDER BY id`, [admin.tenantId, "Chef d'équipe"]);
    expect(rows).toHaveLength(2);
    expect(rows[0].code).toBe(`custom_${rows[0].id}`);
    expect(rows[1].code).not.toBe(rows[0].code);
    expect(rows[0].is_system).toBe(false);

    const list = await agent.get('/admin/roles');
    expect(list.text).toContain("Rôle « Chef d&#39;équipe » créé.");
    expect(list.text).toContain('background-color: #198754');

    const edit = await agent.post(`/admin/roles/${rows[0].id}/edit`).set(xhr).type('form').send({ _csrf_token: csrf, 'role[label]': 'Chef de chantier', 'role[color]': 'orange' });
    expect(edit.status).toBe(201);
    const [after] = await t.db.dataSource.query('SELECT label, color FROM role WHERE id = $1', [rows[0].id]);
    expect(after).toEqual({ label: 'Chef de chantier', color: 'orange' });
  });

  it('changes only the colour of a system role, never its code or label', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, admin);
    const id = await roleId(admin.tenantId, 'wsm');
    const form = await agent.get(`/admin/roles/${id}/edit`).set(xhr);
    expect(form.text).not.toContain('name="role[label]"');
    const res = await agent.post(`/admin/roles/${id}/edit`).set(xhr).type('form').send({ _csrf_token: csrf, 'role[label]': 'Piraté', 'role[color]': 'maroon' });
    expect(res.status).toBe(201);
    const [r] = await t.db.dataSource.query('SELECT code, label, color FROM role WHERE id = $1', [id]);
    expect(r).toEqual({ code: 'wsm', label: 'wsm', color: 'maroon' });
  });

  it('answers 404 for an unknown role', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    expect((await agent.get('/admin/roles/999999/edit')).status).toBe(404);
  });
});

describe('role deletion', () => {
  it('deletes a custom role in use: its users lose it (user_role cascades) and keep their other roles', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, admin);
    const role = await customRole(admin.tenantId, 'custom_del_test', 'À supprimer');
    await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'other.calendar')`, [role.id]);
    const holder = await makeUser(t, { roles: ['user'], company: await companyOf(admin.tenantId) });
    await t.db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [holder.id, role.id]);

    const list = await agent.get('/admin/roles');
    expect(list.text).toContain('Il sera retiré aux 1 utilisateur(s)');
    const res = await agent.post(`/admin/roles/${role.id}/delete`).set(xhr).set('X-CSRF-Token', csrf);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Rôle « À supprimer » supprimé.');
    expect(await t.db.dataSource.query('SELECT 1 FROM role WHERE id = $1', [role.id])).toEqual([]);
    expect(await t.db.dataSource.query('SELECT 1 FROM role_right WHERE role_id = $1', [role.id])).toEqual([]);
    const left = await t.db.dataSource.query('SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1', [holder.id]);
    expect(left).toEqual([{ code: 'user' }]);
    const [audit] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_entry WHERE event = 'deletion' AND detail->>'role' = 'custom_del_test'`);
    expect(audit.n).toBe(1);
  });

  it('refuses to delete a system role (403 "Action non autorisée.")', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent, csrf } = await loginAs(t, admin);
    const res = await agent.post(`/admin/roles/${await roleId(admin.tenantId, 'hsqe')}/delete`).set(xhr).set('X-CSRF-Token', csrf);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Action non autorisée.' });
    expect(await t.db.dataSource.query(`SELECT 1 FROM role WHERE tenant_id = $1 AND code = 'hsqe'`, [admin.tenantId])).toHaveLength(1);
  });

  it('refuses deletion without the right: 403 JSON {message: "Action non autorisée."}, audited, nothing deleted', async () => {
    const hsqe = await makeUser(t, { roles: ['hsqe'] });
    const role = await customRole(hsqe.tenantId, 'custom_keep_test', 'À garder');
    const { agent, csrf } = await loginAs(t, hsqe);
    const res = await agent.post(`/admin/roles/${role.id}/delete`).set(xhr).set('X-CSRF-Token', csrf);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Action non autorisée.' });
    expect(await t.db.dataSource.query('SELECT 1 FROM role WHERE id = $1', [role.id])).toHaveLength(1);
    const [audit] = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM audit_entry WHERE event = 'permission_refused' AND detail->>'route' = 'admin_role_delete'`);
    expect(audit.n).toBeGreaterThan(0);
  });

  it('refuses deletion without the CSRF token, and by GET', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const role = await customRole(admin.tenantId, 'custom_csrf_test', 'CSRF');
    const { agent } = await loginAs(t, admin);
    expect((await agent.post(`/admin/roles/${role.id}/delete`).set(xhr)).status).toBe(403);
    expect((await agent.get(`/admin/roles/${role.id}/delete`)).status).toBe(405);
    expect(await t.db.dataSource.query('SELECT 1 FROM role WHERE id = $1', [role.id])).toHaveLength(1);
  });

  it('answers 401 to an anonymous client and deletes nothing', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const role = await customRole(admin.tenantId, 'custom_anonymous_test', 'Anonyme');
    const res = await request(t.app).post(`/admin/roles/${role.id}/delete`).set(xhr);
    expect(res.status).toBe(401);
    expect(await t.db.dataSource.query('SELECT code FROM role WHERE id = $1', [role.id])).toEqual([{ code: 'custom_anonymous_test' }]);
  });
});
