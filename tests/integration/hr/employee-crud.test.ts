import { registerEmployeeTab } from '../../../server/modules/hr/employee-tabs';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';
import { textBody } from '../../support/text-body';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const MANAGE = ['hr.view', 'hr.manage_employees'];
let seq = 0;
const company = () => `RH salariés ${process.pid}-${Date.now()}-${++seq}`;

type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];

async function post(agent: Agent, url: string, fields: Record<string, string>, pageUrl = '/rh/employees') {
  const page = await agent.get(pageUrl);
  const body: Record<string, string> = { _csrf_token: csrfFrom(page.text) };
  for (const [k, v] of Object.entries(fields)) body[`employee[${k}]`] = v;
  return agent.post(url).set('X-Requested-With', 'XMLHttpRequest').type('form').send(body);
}

async function insertEmployee(tenantId: number, lastName: string, extra: Record<string, unknown> = {}): Promise<number> {
  const all: Record<string, unknown> = { tenant_id: tenantId, last_name: lastName, first_name: 'Alex', ...extra };
  const cols = Object.keys(all);
  const vals = Object.values(all);
  const [row] = await t.db.dataSource.query(`INSERT INTO employee (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`, vals);
  return row.id;
}

describe('employees: list, add, edit, show, delete', () => {
  it('asks hr.view to list and hr.manage_employees to add', async () => {
    const c = company();
    const nobody = await makeUser(t, { company: c });
    const viewer = await makeUser(t, { company: c, rights: ['hr.view'] });
    expect((await (await loginAs(t, nobody)).agent.get('/rh/employees')).status).toBe(403);
    const { agent } = await loginAs(t, viewer);
    expect((await agent.get('/rh/employees')).status).toBe(200);
    expect((await agent.get('/rh/employees/new')).status).toBe(403);
    const res = await post(agent, '/rh/employees/new', { lastName: 'Intrus' });
    expect(res.status).toBe(403);
    expect(await t.db.dataSource.query(`SELECT 1 FROM employee WHERE tenant_id = $1`, [viewer.tenantId])).toEqual([]);
  });

  it('creates an employee from the modal form and shows it in the list and on its page', async () => {
    const manager = await makeUser(t, { company: company(), rights: MANAGE });
    const [svc] = await t.db.dataSource.query(`INSERT INTO service (tenant_id, name) VALUES ($1, 'Maintenance') RETURNING id`, [manager.tenantId]);
    const { agent } = await loginAs(t, manager);
    const form = await agent.get('/rh/employees/new').set('X-Requested-With', 'XMLHttpRequest');
    expect(form.text).toContain('name="employee[socialSecurityNumber]"');
    const res = await post(agent, '/rh/employees/new', {
      matricule: 'M042', civility: 'mrs', lastName: 'Durand', firstName: 'Élise', entryDate: '02/03/2024', serviceId: String(svc.id),
      position: 'Technicienne', paidLeaveNumber: '27,5', welcomeBooklet: '1', contract: 'cdi',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Le salarié Élise Durand a été créé.');
    const [row] = await t.db.dataSource.query('SELECT id, entry_date::text AS entry, paid_leave_number, welcome_booklet FROM employee WHERE tenant_id = $1', [manager.tenantId]);
    expect(row).toMatchObject({ entry: '2024-03-02', paid_leave_number: '27.50', welcome_booklet: true });
    expect(res.body.redirect).toBe(`/rh/employees/${row.id}`);

    const list = await agent.get('/rh/employees?q=dur');
    expect(list.text).toContain('Élise Durand');
    expect(list.text).toContain('02/03/2024');
    expect((await agent.get('/rh/employees?q=zzz')).text).toContain('Aucun salarié ne correspond à ces critères.');
    const page = await agent.get(`/rh/employees/${row.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="employee-tab-general"');
    expect(page.text).toContain('Technicienne');
    expect(page.text).toContain('27,5');
  });

  it('keeps what was typed and says in French what is wrong', async () => {
    const manager = await makeUser(t, { company: company(), rights: MANAGE });
    const { agent } = await loginAs(t, manager);
    const res = await post(agent, '/rh/employees/new', {
      lastName: '', firstName: 'Paul', entryDate: '31/02/2024', exitDate: '', email: 'pas-un-mail', paidLeaveNumber: 'beaucoup',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Veuillez renseigner ce champ.');
    expect(res.text).toContain('Saisissez une date au format JJ/MM/AAAA.');
    expect(res.text).toMatch(/Saisissez un nombre de jours/);
    expect(res.text).toContain('value="Paul"');
    expect(res.text).toContain('value="31/02/2024"');
    expect(res.text).toContain('value="pas-un-mail"');
    const before = await post(agent, '/rh/employees/new', { lastName: 'Petit', entryDate: '10/05/2024', exitDate: '01/05/2024', paidLeaveNumber: '25' });
    expect(before.status).toBe(200);
    expect(before.text).toContain('La date de sortie ne peut pas précéder la date d&#39;entrée.');
    expect(await t.db.dataSource.query('SELECT 1 FROM employee WHERE tenant_id = $1', [manager.tenantId])).toEqual([]);
  });

  it('links a user account to at most one employee', async () => {
    const c = company();
    const manager = await makeUser(t, { company: c, rights: MANAGE });
    const worker = await makeUser(t, { company: c });
    await insertEmployee(manager.tenantId, 'Premier', { user_id: worker.id, first_name: 'Jean' });
    const { agent } = await loginAs(t, manager);
    const res = await post(agent, '/rh/employees/new', { lastName: 'Second', userId: String(worker.id), paidLeaveNumber: '25' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Ce compte utilisateur est déjà lié au salarié Jean Premier.');
    expect(res.text).toContain('data-testid="error-userId"');
    expect(res.text).toContain('value="Second"');
    // A user of another company cannot be chosen either.
    const stranger = await makeUser(t, { company: company() });
    const other = await post(agent, '/rh/employees/new', { lastName: 'Tiers', userId: String(stranger.id), paidLeaveNumber: '25' });
    expect(other.status).toBe(200);
    expect(other.text).toContain('un des choix proposés.');
    expect(await t.db.dataSource.query('SELECT last_name FROM employee WHERE tenant_id = $1 ORDER BY id', [manager.tenantId])).toEqual([{ last_name: 'Premier' }]);
  });

  it('refuses a stale edit with 409 and keeps the first edit', async () => {
    const manager = await makeUser(t, { company: company(), rights: MANAGE });
    const id = await insertEmployee(manager.tenantId, 'Verrou');
    const { agent } = await loginAs(t, manager);
    const form = await agent.get(`/rh/employees/${id}/edit`).set('X-Requested-With', 'XMLHttpRequest');
    expect(form.text).toContain('name="employee[version]" value="1"');
    const first = await post(agent, `/rh/employees/${id}/edit`, { lastName: 'Verrou', position: 'Soudeur', paidLeaveNumber: '25', version: '1' });
    expect(first.status).toBe(201);
    const second = await post(agent, `/rh/employees/${id}/edit`, { lastName: 'Verrou', position: 'Peintre', paidLeaveNumber: '25', version: '1' });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('modifié par quelqu');
    const [row] = await t.db.dataSource.query('SELECT position, version FROM employee WHERE id = $1', [id]);
    expect(row).toEqual({ position: 'Soudeur', version: 2 });
  });

  it("answers 404 for another company's employee", async () => {
    const mine = await makeUser(t, { company: company(), rights: MANAGE });
    const other = await makeUser(t, { company: company(), rights: MANAGE });
    const id = await insertEmployee(other.tenantId, 'Ailleurs');
    const { agent } = await loginAs(t, mine);
    expect((await agent.get(`/rh/employees/${id}`)).status).toBe(404);
    expect((await agent.get(`/rh/employees/${id}/edit`)).status).toBe(404);
    expect((await post(agent, `/rh/employees/${id}/edit`, { lastName: 'Pris', paidLeaveNumber: '25', version: '1' })).status).toBe(404);
    expect((await post(agent, `/rh/employees/${id}/delete`, {})).status).toBe(404);
    expect((await agent.get('/rh/employees')).text).not.toContain('Alex Ailleurs');
    const [row] = await t.db.dataSource.query('SELECT last_name, deleted_at FROM employee WHERE id = $1', [id]);
    expect(row).toEqual({ last_name: 'Ailleurs', deleted_at: null });
  });

  it('shows a user with hr.view only the employees of their services and their own record', async () => {
    const c = company();
    const viewer = await makeUser(t, { company: c, rights: ['hr.view'] });
    const [mine] = await t.db.dataSource.query(`INSERT INTO service (tenant_id, name) VALUES ($1, 'Production') RETURNING id`, [viewer.tenantId]);
    const [theirs] = await t.db.dataSource.query(`INSERT INTO service (tenant_id, name) VALUES ($1, 'Logistique') RETURNING id`, [viewer.tenantId]);
    await t.db.dataSource.query('INSERT INTO user_service (user_id, service_id, tenant_id) VALUES ($1, $2, $3)', [viewer.id, mine.id, viewer.tenantId]);
    await insertEmployee(viewer.tenantId, 'Collegue', { service_id: mine.id });
    const hidden = await insertEmployee(viewer.tenantId, 'Lointain', { service_id: theirs.id });
    await insertEmployee(viewer.tenantId, 'Moimeme', { user_id: viewer.id });
    const { agent } = await loginAs(t, viewer);
    const list = await agent.get('/rh/employees');
    expect(list.text).toContain('Alex Collegue');
    expect(list.text).toContain('Alex Moimeme');
    expect(list.text).not.toContain('Alex Lointain');
    expect((await agent.get(`/rh/employees/${hidden}`)).status).toBe(404);
  });

  it('lists present employees by default and former ones on demand', async () => {
    const manager = await makeUser(t, { company: company(), rights: MANAGE });
    await insertEmployee(manager.tenantId, 'Present', { entry_date: '2020-01-01' });
    await insertEmployee(manager.tenantId, 'Parti', { entry_date: '2010-01-01', exit_date: '2015-06-30' });
    const { agent } = await loginAs(t, manager);
    const present = await agent.get('/rh/employees');
    expect(present.text).toContain('Alex Present');
    expect(present.text).not.toContain('Alex Parti');
    const gone = await agent.get('/rh/employees?presence=gone');
    expect(gone.text).toContain('Alex Parti');
    expect(gone.text).not.toContain('Alex Present');
  });

  it('renders the tabs other HR parts register, the one asked by ?tab=', async () => {
    const key = `probe${process.pid}${Date.now() % 1e6}`;
    registerEmployeeTab({ key, labelKey: 'hr.employee.tabs.general', icon: 'star', order: 99, render: async (_req, e) => `<p id="probe">Onglet de ${e.fullName}</p>`, badge: async () => 3 });
    const manager = await makeUser(t, { company: company(), rights: MANAGE });
    const id = await insertEmployee(manager.tenantId, 'Onglet');
    const { agent } = await loginAs(t, manager);
    const general = await agent.get(`/rh/employees/${id}`);
    expect(general.text).toContain(`data-testid="employee-tab-${key}"`);
    expect(general.text).not.toContain('id="probe"');
    const tab = await agent.get(`/rh/employees/${id}?tab=${key}`);
    expect(tab.text).toContain('<p id="probe">Onglet de Alex Onglet</p>');
  });

  it('moves an unused employee to the trash and refuses one that work time or leave still uses', async () => {
    const manager = await makeUser(t, { company: company(), rights: MANAGE });
    const free = await insertEmployee(manager.tenantId, 'Libre');
    const busy = await insertEmployee(manager.tenantId, 'Occupe', { first_name: 'Marc' });
    await t.db.dataSource.query(`INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime) VALUES ($1, $2, '2026-03-02', 7, 0)`, [manager.tenantId, busy]);
    const { agent } = await loginAs(t, manager);
    const refused = await post(agent, `/rh/employees/${busy}/delete`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Suppression impossible : Marc Occupe est utilisé par des temps de travail.');
    expect((await t.db.dataSource.query('SELECT deleted_at FROM employee WHERE id = $1', [busy]))[0].deleted_at).toBeNull();

    const done = await post(agent, `/rh/employees/${free}/delete`, {});
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Le salarié Alex Libre a été mis à la corbeille.');
    const [trash] = await t.db.dataSource.query(`SELECT title FROM trash_item WHERE subject_table = 'employee' AND subject_id = $1`, [free]);
    expect(trash.title).toBe('Alex Libre');
    expect((await agent.get(`/rh/employees/${free}`)).status).toBe(404);
  });
});

describe('employee CV and job sheet', () => {
  it('attaches a CV, serves it as an attachment and refuses a type that is not allowed', async () => {
    const c = company();
    const manager = await makeUser(t, { company: c, rights: MANAGE });
    const id = await insertEmployee(manager.tenantId, 'Dossier');
    const { agent } = await loginAs(t, manager);
    const form = await agent.get(`/rh/employees/${id}/files/cv/upload`).set('X-Requested-With', 'XMLHttpRequest');
    expect(form.status).toBe(200);
    const csrf = csrfFrom(form.text);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
    const saved = await agent.post(`/rh/employees/${id}/files/cv/upload`).set('X-Requested-With', 'XMLHttpRequest')
      .field('_csrf_token', csrf).attach('file', pdf, { filename: 'CV Dossier.pdf', contentType: 'application/pdf' });
    expect(saved.status).toBe(201);
    const page = await agent.get(`/rh/employees/${id}`);
    expect(page.text).toContain('CV Dossier.pdf');
    const download = await agent.get(`/rh/employees/${id}/files/cv/download`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');

    const refused = await agent.post(`/rh/employees/${id}/files/job_sheet/upload`).set('X-Requested-With', 'XMLHttpRequest')
      .field('_csrf_token', csrf).attach('file', Buffer.from('MZ\x90\x00binaire', 'latin1'), { filename: 'fiche.exe', contentType: 'application/octet-stream' });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('data-testid="upload-error"');
    expect((await t.db.dataSource.query('SELECT job_sheet_file_id FROM employee WHERE id = $1', [id]))[0].job_sheet_file_id).toBeNull();
    // Viewing is not managing: a viewer may read the page but not attach.
    const viewer = await makeUser(t, { company: c, rights: ['hr.view', 'hr.view_all'] });
    const { agent: v } = await loginAs(t, viewer);
    expect((await v.get(`/rh/employees/${id}/files/cv/upload`)).status).toBe(403);
    expect((await v.get(`/rh/employees/${id}`)).text).not.toContain('N° de sécurité sociale');
  });
});

describe('employee demo', () => {
  it('seeds a dozen employees across the services with activity categories, once', async () => {
    const { seedEmployeeDemo } = await import('../../../server/modules/hr/employee/employee.demo');
    const owner = await makeUser(t, { company: company() });
    for (const name of ['Maintenance', 'Production', 'QHSE', 'Logistique']) await t.db.dataSource.query('INSERT INTO service (tenant_id, name) VALUES ($1, $2)', [owner.tenantId, name]);
    await seedEmployeeDemo(t.db.dataSource, owner.tenantId);
    await seedEmployeeDemo(t.db.dataSource, owner.tenantId);
    const rows = await t.db.dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT service_id)::int AS services, count(activity_category_id)::int AS categorised FROM employee WHERE tenant_id = $1`, [owner.tenantId]);
    expect(rows[0]).toEqual({ n: 12, services: 4, categorised: 12 });
    expect((await t.db.dataSource.query('SELECT count(*)::int AS n FROM activity_category WHERE tenant_id = $1', [owner.tenantId]))[0].n).toBe(5);
  });
});

describe('employees: CSV export', () => {
  it('downloads the filtered list, every page, only of the employees the user sees, for French Excel', async () => {
    const c = company();
    const viewer = await makeUser(t, { company: c, rights: ['hr.view', 'hr.view_all'] });
    const [svc] = await t.db.dataSource.query('INSERT INTO service (tenant_id, name) VALUES ($1, $2) RETURNING id', [viewer.tenantId, 'Atelier']);
    await insertEmployee(viewer.tenantId, 'Durand', { matricule: 'S0002', position: 'Soudeur; chef', service_id: svc.id, entry_date: '2019-03-04' });
    await insertEmployee(viewer.tenantId, 'Albert', { matricule: 'S0001', entry_date: '2020-01-06' });
    await insertEmployee(viewer.tenantId, 'Parti', { exit_date: '2020-12-31' });
    // 30 more: the export is not limited to the page shown.
    for (let i = 0; i < 30; i++) await insertEmployee(viewer.tenantId, `Zeta${String(i).padStart(2, '0')}`);
    const other = await makeUser(t);
    await insertEmployee(other.tenantId, 'Ailleurs');
    const { agent } = await loginAs(t, viewer);

    const list = await agent.get('/rh/employees?q=Durand');
    expect(list.text).toContain('href="/rh/employees/export.csv?presence=present&amp;q=Durand"');
    const all = await agent.get('/rh/employees/export.csv?presence=present').buffer(true).parse(textBody);
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (all.body as string).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFMatricule;Nom;Prénom;Poste;Service;Catégorie d\'activité;Date d\'entrée;Date de sortie;Compte utilisateur');
    expect(lines[1]).toBe('S0001;Albert;Alex;;;;06/01/2020;;');
    expect(lines[2]).toBe('S0002;Durand;Alex;"Soudeur; chef";Atelier;;04/03/2019;;');
    expect(lines).toHaveLength(1 + 32);
    expect(all.body).not.toContain('Parti');
    expect(all.body).not.toContain('Ailleurs');

    const one = await agent.get('/rh/employees/export.csv?q=Durand').buffer(true).parse(textBody);
    expect((one.body as string).split('\r\n').filter(Boolean)).toHaveLength(2);
    const nobody = await makeUser(t, { company: c });
    expect((await (await loginAs(t, nobody)).agent.get('/rh/employees/export.csv')).status).toBe(403);
  });
});
