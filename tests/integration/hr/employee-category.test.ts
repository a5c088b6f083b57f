import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

let seq = 0;
const company = () => `RH catégories ${process.pid}-${Date.now()}-${++seq}`;
type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];

async function post(agent: Agent, url: string, fields: Record<string, string>) {
  const page = await agent.get('/rh/activity-categories');
  const body: Record<string, string> = { _csrf_token: csrfFrom(page.text) };
  for (const [k, v] of Object.entries(fields)) body[`activity_category[${k}]`] = v;
  return agent.post(url).set('X-Requested-With', 'XMLHttpRequest').type('form').send(body);
}

describe('activity categories', () => {
  it('are managed with hr.manage_employees only', async () => {
    const viewer = await makeUser(t, { company: company(), rights: ['hr.view'] });
    const { agent } = await loginAs(t, viewer);
    expect((await agent.get('/rh/activity-categories')).status).toBe(403);
    expect((await agent.get('/rh/activity-categories/new')).status).toBe(403);
  });

  it('adds, renames, refuses a code already used, and lists them with their employees', async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const { agent } = await loginAs(t, manager);
    expect((await agent.get('/rh/activity-categories')).text).toContain('Aucune catégorie d&#39;activité pour le moment.');
    const created = await post(agent, '/rh/activity-categories/new', { code: 'OUV', name: 'Ouvriers' });
    expect(created.status).toBe(201);
    const taken = await post(agent, '/rh/activity-categories/new', { code: 'ouv', name: 'Ouvriers qualifiés' });
    expect(taken.status).toBe(200);
    expect(taken.text).toContain('Ce code est déjà utilisé par la catégorie « Ouvriers ».');
    expect(taken.text).toContain('value="Ouvriers qualifiés"');
    const blank = await post(agent, '/rh/activity-categories/new', { code: '', name: '' });
    expect(blank.text).toContain('Veuillez renseigner ce champ.');
    const [cat] = await t.db.dataSource.query('SELECT id FROM activity_category WHERE tenant_id = $1', [manager.tenantId]);
    const renamed = await post(agent, `/rh/activity-categories/${cat.id}/edit`, { code: 'OUV', name: 'Ouvriers et compagnons', version: '1' });
    expect(renamed.status).toBe(201);
    await t.db.dataSource.query(`INSERT INTO employee (tenant_id, last_name, activity_category_id) VALUES ($1, 'Porteur', $2)`, [manager.tenantId, cat.id]);
    const list = await agent.get('/rh/activity-categories');
    expect(list.text).toContain('Ouvriers et compagnons');
    expect(list.text).toMatch(/<td class="text-center">1<\/td>/);
  });

  it('refuses to delete a category an employee carries, and trashes it once free', async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const [cat] = await t.db.dataSource.query(`INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, 'CAD', 'Cadres') RETURNING id`, [manager.tenantId]);
    const [emp] = await t.db.dataSource.query(`INSERT INTO employee (tenant_id, last_name, activity_category_id) VALUES ($1, 'Chef', $2) RETURNING id`, [manager.tenantId, cat.id]);
    const { agent } = await loginAs(t, manager);
    const refused = await post(agent, `/rh/activity-categories/${cat.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Suppression impossible : la catégorie « Cadres » est encore utilisée par 1 salarié(s).');
    await t.db.dataSource.query('UPDATE employee SET activity_category_id = NULL WHERE id = $1', [emp.id]);
    const removed = await post(agent, `/rh/activity-categories/${cat.id}/delete`, {});
    expect(removed.status).toBe(200);
    const after = await agent.get('/rh/activity-categories');
    expect(after.text).toContain('La catégorie « Cadres » a été mise à la corbeille.');
    expect(after.text).not.toContain('data-category="CAD"');
    const [trash] = await t.db.dataSource.query(`SELECT title FROM trash_item WHERE subject_table = 'activity_category' AND subject_id = $1`, [cat.id]);
    expect(trash.title).toBe('CAD – Cadres');
  });

  it('refuses a stale edit with 409 when two users open the same form, and keeps the first save', async () => {
    const name = company();
    const first = await makeUser(t, { company: name, rights: ['hr.view', 'hr.manage_employees'] });
    const second = await makeUser(t, { company: name, rights: ['hr.view', 'hr.manage_employees'] });
    expect(second.tenantId).toBe(first.tenantId);
    const [cat] = await t.db.dataSource.query(`INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, 'ETAM', 'Employés') RETURNING id`, [first.tenantId]);
    const a = (await loginAs(t, first)).agent;
    const b = (await loginAs(t, second)).agent;
    const versionIn = (html: string) => /name="activity_category\[version\]" value="(\d+)"/.exec(html)?.[1];
    const formA = await a.get(`/rh/activity-categories/${cat.id}/edit`).set('X-Requested-With', 'XMLHttpRequest');
    const formB = await b.get(`/rh/activity-categories/${cat.id}/edit`).set('X-Requested-With', 'XMLHttpRequest');
    expect(versionIn(formA.text)).toBe('1');
    expect(versionIn(formB.text)).toBe('1');
    const saved = await post(a, `/rh/activity-categories/${cat.id}/edit`, { code: 'ETAM', name: 'Employés, techniciens et agents de maîtrise', version: versionIn(formA.text)! });
    expect(saved.status).toBe(201);
    const refused = await post(b, `/rh/activity-categories/${cat.id}/edit`, { code: 'EMP', name: 'Employés de bureau', version: versionIn(formB.text)! });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "Cet élément a été modifié par quelqu'un d'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d'enregistrer." });
    expect((await t.db.dataSource.query('SELECT code, name, version FROM activity_category WHERE id = $1', [cat.id]))[0])
      .toEqual({ code: 'ETAM', name: 'Employés, techniciens et agents de maîtrise', version: 2 });
    // Reloaded, the second user's form carries the new version and saves.
    const reloaded = await b.get(`/rh/activity-categories/${cat.id}/edit`).set('X-Requested-With', 'XMLHttpRequest');
    expect(versionIn(reloaded.text)).toBe('2');
    expect(reloaded.text).toContain('value="Employés, techniciens et agents de maîtrise"');
  });

  it("answers 404 for another company's category", async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const other = await makeUser(t, { company: company() });
    const [cat] = await t.db.dataSource.query(`INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, 'X', 'Ailleurs') RETURNING id`, [other.tenantId]);
    const { agent } = await loginAs(t, manager);
    expect((await agent.get(`/rh/activity-categories/${cat.id}/edit`)).status).toBe(404);
    expect((await post(agent, `/rh/activity-categories/${cat.id}/edit`, { code: 'X', name: 'Volé' })).status).toBe(404);
    expect((await post(agent, `/rh/activity-categories/${cat.id}/delete`, {})).status).toBe(404);
    expect((await t.db.dataSource.query('SELECT name, deleted_at FROM activity_category WHERE id = $1', [cat.id]))[0]).toEqual({ name: 'Ailleurs', deleted_at: null });
  });
});
