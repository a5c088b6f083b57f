import { ALL_RIGHT_NAMES, RIGHTS_CATALOGUE } from '../../../server/kernel/rights/catalogue';
import { DEFAULT_RIGHTS, ensureSystemRoles } from '../../../server/modules/identity/roles';
import { rightsMatrix } from '../../../server/modules/admin-roles/admin-roles.service';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

/** The matrix checkboxes of one role, as the form posts them. */
const checked = (roleId: number, rights: string[]) => rights.map((r) => `rights[role_${roleId}][]=${encodeURIComponent(r)}`).join('&');

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A role of a company, by code (each company has its own roles). */
async function roleId(tenantId: number, code: string): Promise<number> {
  const [r] = await t.db.dataSource.query('SELECT id FROM role WHERE tenant_id = $1 AND code = $2', [tenantId, code]);
  return r.id;
}
async function rightsOf(tenantId: number, code: string): Promise<string[]> {
  const rows: Array<{ right: string }> = await t.db.dataSource.query(
    `SELECT rr."right" FROM role_right rr JOIN role r ON r.id = rr.role_id WHERE r.tenant_id = $1 AND r.code = $2 ORDER BY 1`, [tenantId, code]);
  return rows.map((r) => r.right);
}
async function customRole(tenantId: number, code: string, label: string, color: string): Promise<{ id: number }> {
  const [r] = await t.db.dataSource.query('INSERT INTO role (tenant_id, code, label, color) VALUES ($1, $2, $3, $4) RETURNING id', [tenantId, code, label, color]);
  return r;
}

/** The form as the page would post it: every shown role, each with its checked boxes. */
async function currentForm(agent: any): Promise<{ csrf: string; fingerprint: string; roles: string[]; html: string }> {
  const page = await agent.get('/admin/roles/rights');
  expect(page.status).toBe(200);
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(page.text)![1];
  const roles = [...page.text.matchAll(/name="roles\[\]" value="(\d+)"/g)].map((m) => m[1]);
  return { csrf: csrfFrom(page.text), fingerprint, roles, html: page.text };
}

describe('default rights', () => {
  it('are given to each system role of a company when the company is created', async () => {
    const { tenantId } = await makeUser(t, { roles: [] });
    expect(await rightsOf(tenantId, 'hr_manager')).toEqual(expect.arrayContaining(RIGHTS_CATALOGUE.hr));
    expect(await rightsOf(tenantId, 'order_giver')).toEqual(expect.arrayContaining(['pdp.view', 'pdp.add', 'pdp.sign', 'pdp.add_work_orders']));
    expect(await rightsOf(tenantId, 'admin')).toEqual(expect.arrayContaining(RIGHTS_CATALOGUE.admin));
    expect(await rightsOf(tenantId, 'user')).toEqual(expect.arrayContaining(['action.view', 'event.add', 'other.calendar']));
    expect(await rightsOf(tenantId, 'hsqe')).not.toContain('admin.roles');
    const codes = await t.db.dataSource.query('SELECT code FROM role WHERE tenant_id = $1 AND is_system ORDER BY code', [tenantId]);
    expect(codes.map((r: { code: string }) => r.code)).toEqual(Object.keys(DEFAULT_RIGHTS).sort());
  });

  it('are given at start to a company that has no roles yet (created outside the application)', async () => {
    const [{ id: tenantId }] = await t.db.dataSource.query(`INSERT INTO tenant (name) VALUES ($1) RETURNING id`, [`Sans rôles ${Date.now()}`]);
    expect(await rightsOf(tenantId, 'user')).toEqual([]);
    await ensureSystemRoles(t.db.dataSource);
    expect((await rightsOf(tenantId, 'user')).sort()).toEqual([...DEFAULT_RIGHTS.user].sort());
  });

  it('only name rights of the catalogue', () => {
    expect(Object.keys(DEFAULT_RIGHTS)).toEqual(expect.arrayContaining(['super_admin', 'admin', 'user', 'contact', 'hsqe']));
    for (const [code, rights] of Object.entries(DEFAULT_RIGHTS)) {
      expect({ code, unknown: rights.filter((r) => !ALL_RIGHT_NAMES.includes(r)) }).toEqual({ code, unknown: [] });
    }
  });

  it('are never put back at the next start once an administrator changed them', async () => {
    const { tenantId } = await makeUser(t, { roles: [] });
    const id = await roleId(tenantId, 'contact');
    await t.db.dataSource.query('DELETE FROM role_right WHERE role_id = $1', [id]);
    await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'ged.view')`, [id]);
    await ensureSystemRoles(t.db.dataSource);
    expect(await rightsOf(tenantId, 'contact')).toEqual(['ged.view']);
  });
});

describe('rights matrix', () => {
  it('shows every right grouped by module, with French labels, super_admin all checked and disabled', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const { html } = await currentForm(agent);
    expect(Object.keys(RIGHTS_CATALOGUE)).toEqual(expect.arrayContaining(['admin', 'other']));
    expect(ALL_RIGHT_NAMES).toEqual(expect.arrayContaining(['admin.users', 'admin.roles', 'other.calendar']));
    for (const group of Object.keys(RIGHTS_CATALOGUE)) expect(html).toContain(`data-group="${group}"`);
    for (const right of ALL_RIGHT_NAMES) expect(html).toContain(`data-right="${right}"`);
    expect(html).toContain('Gérer les utilisateurs');
    expect(html).toContain('Plan de prévention');
    expect(html).toContain('Signer et mettre en exploitation (donneur d&#39;ordre)');
    const superId = await roleId(admin.tenantId, 'super_admin');
    expect(html).not.toContain(`name="roles[]" value="${superId}"`);
    expect(html).not.toContain(`rights[role_${superId}]`);
    expect((html.match(/checked disabled/g) ?? []).length).toBe(ALL_RIGHT_NAMES.length);
    // Group order is the catalogue's.
    const order = Object.keys(RIGHTS_CATALOGUE).map((g) => html.indexOf(`data-group="${g}"`));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('saves every role in one post (POST-redirect-GET, flash), from the checkboxes', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const custom = await customRole(admin.tenantId, 'custom_matrix_a', 'Matrice', 'green');
    const boxes = await customRole(admin.tenantId, 'custom_matrix_c', 'Cases', 'red');
    const form = await currentForm(agent);
    const userId = boxes.id;
    const hsqeId = await roleId(admin.tenantId, 'hsqe');
    const keep = await rightsOf(admin.tenantId, 'hsqe');
    const body: string[] = [`_csrf_token=${encodeURIComponent(form.csrf)}`, `fingerprint=${form.fingerprint}`];
    for (const id of form.roles) body.push(`roles[]=${id}`);
    // Every other role is posted as it is; user gets only the calendar, the custom role two rights.
    for (const id of form.roles.map(Number)) {
      if (id === userId) body.push(`rights[role_${id}][]=other.calendar`);
      else if (id === custom.id) body.push(checked(id, ['other.calendar', 'pdp.view', 'not.a.right']));
      else if (id === hsqeId) body.push(checked(id, keep));
      else {
        const [r] = await t.db.dataSource.query('SELECT code FROM role WHERE id = $1', [id]);
        body.push(checked(id, await rightsOf(admin.tenantId, r.code)));
      }
    }
    const res = await agent.post('/admin/roles/rights').type('form').send(body.join('&'));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/admin/roles/rights');
    const after = await agent.get('/admin/roles/rights');
    expect(after.text).toContain('Droits enregistrés.');
    expect(await rightsOf(admin.tenantId, 'custom_matrix_c')).toEqual(['other.calendar']);
    expect(await rightsOf(admin.tenantId, 'custom_matrix_a')).toEqual(['other.calendar', 'pdp.view']);
    expect(await rightsOf(admin.tenantId, 'hsqe')).toEqual(keep);
    expect(after.text).toMatch(new RegExp(`name="rights\\[role_${custom.id}\\]\\[\\]" value="other.calendar"[^>]*checked`));
  });

  it('refuses a save drawn from an older state (someone saved meanwhile): nothing written, warning flash', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const form = await currentForm(agent);
    const wsmId = await roleId(admin.tenantId, 'wsm');
    // Someone else changes a right after the form was drawn.
    await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'ged.manage') ON CONFLICT DO NOTHING`, [wsmId]);
    const before = await rightsOf(admin.tenantId, 'wsm');
    const res = await agent.post('/admin/roles/rights').type('form').send(`_csrf_token=${encodeURIComponent(form.csrf)}&fingerprint=${form.fingerprint}&roles[]=${wsmId}&${checked(wsmId, ['other.calendar'])}`);
    expect(res.status).toBe(303);
    expect(await rightsOf(admin.tenantId, 'wsm')).toEqual(before);
    const page = await agent.get('/admin/roles/rights');
    expect(page.text).toContain('modifiés par quelqu&#39;un d&#39;autre');
  });

  it("is not made stale by a save in another company", async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const other = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const form = await currentForm(agent);
    await t.db.dataSource.query(`INSERT INTO role_right (role_id, "right") VALUES ($1, 'ged.manage') ON CONFLICT DO NOTHING`, [await roleId(other.tenantId, 'wsm')]);
    const wsmId = await roleId(admin.tenantId, 'wsm');
    await agent.post('/admin/roles/rights').type('form').send(`_csrf_token=${encodeURIComponent(form.csrf)}&fingerprint=${form.fingerprint}&roles[]=${wsmId}&${checked(wsmId, ['other.calendar'])}`);
    expect(await rightsOf(admin.tenantId, 'wsm')).toEqual(['other.calendar']);
    expect((await agent.get('/admin/roles/rights')).text).toContain('Droits enregistrés.');
  });

  it('never touches super_admin nor the roles not shown in the form', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const form = await currentForm(agent);
    const superId = await roleId(admin.tenantId, 'super_admin');
    const superBefore = await rightsOf(admin.tenantId, 'super_admin');
    const cssctBefore = await rightsOf(admin.tenantId, 'cssct');
    const res = await agent.post('/admin/roles/rights').type('form').send(`_csrf_token=${encodeURIComponent(form.csrf)}&fingerprint=${form.fingerprint}&roles[]=${superId}`);
    expect(res.status).toBe(303);
    expect(await rightsOf(admin.tenantId, 'super_admin')).toEqual(superBefore);
    expect(await rightsOf(admin.tenantId, 'cssct')).toEqual(cssctBefore);
  });

  it('is refused to a user without admin.roles', async () => {
    const hsqe = await makeUser(t, { roles: ['hsqe'] });
    const { agent, csrf } = await loginAs(t, hsqe);
    expect((await agent.get('/admin/roles/rights')).status).toBe(403);
    const before = await rightsOf(hsqe.tenantId, 'hsqe');
    expect(before.length).toBeGreaterThan(0);
    // The hsqe role posted with no box checked, on the current matrix, would lose all its rights: refused, it keeps them.
    const { fingerprint } = await rightsMatrix(t.db.dataSource, hsqe.tenantId);
    const res = await agent.post('/admin/roles/rights').type('form')
      .send(`_csrf_token=${encodeURIComponent(csrf)}&fingerprint=${encodeURIComponent(fingerprint)}&roles[]=${await roleId(hsqe.tenantId, 'hsqe')}`);
    expect(res.status).toBe(403);
    expect(await rightsOf(hsqe.tenantId, 'hsqe')).toEqual(before);
  });

  it('gives the new rights to the users of the role at their next request', async () => {
    const admin = await makeUser(t, { roles: ['admin'] });
    const { agent } = await loginAs(t, admin);
    const role = await customRole(admin.tenantId, 'custom_matrix_b', 'Lecteur rôles', 'blue');
    const member = await makeUser(t, { roles: [], company: (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [admin.tenantId]))[0].name });
    await t.db.dataSource.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [member.id, role.id]);
    const m = await loginAs(t, member);
    expect((await m.agent.get('/admin/roles')).status).toBe(403);
    const form = await currentForm(agent);
    await agent.post('/admin/roles/rights').type('form').send(`_csrf_token=${encodeURIComponent(form.csrf)}&fingerprint=${form.fingerprint}&roles[]=${role.id}&${checked(role.id, ['admin.roles'])}`);
    expect((await m.agent.get('/admin/roles')).status).toBe(200);
  });
});
