import { drainJobs } from '../../../server/kernel/jobs';
import { EMPLOYEE_IMPORT_JOB, employeeImporter } from '../../../server/modules/hr/employee/employee-import';
import { userImporter } from '../../../server/modules/admin-user-import/admin-user-import.service';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const HEADER = "matricule*,nom*,prénom*,civilité,email,téléphone,portable,date d'entrée,date de sortie,poste,contrat,qualification,coefficient,service,catégorie d'activité,date de naissance,lieu de naissance,nationalité,congés payés";
let seq = 0;
const company = () => `RH import ${process.pid}-${Date.now()}-${++seq}`;
type Agent = Awaited<ReturnType<typeof loginAs>>['agent'];

async function upload(agent: Agent, content: Buffer | string, name = 'salaries.csv') {
  const page = await agent.get('/rh/employees/import');
  return agent.post('/rh/employees/import').field('_csrf_token', csrfFrom(page.text))
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), { filename: name, contentType: 'text/csv' });
}

describe('CSV import of employees', () => {
  it('is reserved to hr.manage_employees', async () => {
    const viewer = await makeUser(t, { company: company(), rights: ['hr.view'] });
    const { agent } = await loginAs(t, viewer);
    expect((await agent.get('/rh/employees/import')).status).toBe(403);
  });

  it('shows the fixed columns, the template and no import yet', async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const { agent } = await loginAs(t, manager);
    const page = await agent.get('/rh/employees/import');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/static/modeles/import-salaries.csv');
    expect(page.text).toContain('<code>matricule*</code>');
    expect(page.text).toContain('<code>service</code>');
    expect(page.text).toContain('Aucun import pour le moment.');
  });

  it('creates the good rows in a job, follows the progress and reports each bad row in French', async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const tenantId = manager.tenantId;
    await t.db.dataSource.query(`INSERT INTO service (tenant_id, name) VALUES ($1, 'Maintenance')`, [tenantId]);
    await t.db.dataSource.query(`INSERT INTO activity_category (tenant_id, code, name) VALUES ($1, 'OUV', 'Ouvriers')`, [tenantId]);
    await t.db.dataSource.query(`INSERT INTO employee (tenant_id, matricule, last_name, first_name) VALUES ($1, 'E900', 'Ancien', 'Paul')`, [tenantId]);
    const { agent } = await loginAs(t, manager);
    const csv = [
      HEADER,
      'E001,Durand,Élise,Mme,elise.durand@example.fr,,06 11 22 33 44,02/03/2024,,Technicienne,CDI,BTS,250,maintenance,ouv,15/04/1990,Lyon,Française,27',
      '"E002","Martin, dit ""Jo""",Joël,M.,,,,,,Cariste,Intérim,,,,,,,,',
      ',Sansmatricule,Ana,,,,,,,,,,,,,,,,',
      'E900,Double,Luc,,,,,,,,,,,,,,,,',
      'E004,Inconnu,Rémi,,,,,,,,CDI,,,Compta,ZZZ,,,,',
      'E005,Dates,Inès,,,,,31/02/2024,,,,,,,,,,,',
    ].join('\r\n');
    const res = await upload(agent, `\uFEFF${csv}\r\n`);
    expect(res.status).toBe(303);
    const id = Number(/\/rh\/employees\/import\/(\d+)$/.exec(res.headers.location)![1]);

    const waiting = await agent.get(`/rh/employees/import/${id}`);
    expect(waiting.text).toContain('<meta http-equiv="refresh" content="2">');
    expect(waiting.text).toContain('En attente');
    expect((await agent.get(`/rh/employees/import/${id}/progress`)).body).toMatchObject({ status: 'pending', total: 6, done: 0, created: 0, percent: 0 });

    await drainJobs(t.db.dataSource, { names: [EMPLOYEE_IMPORT_JOB], tenantIds: [tenantId] });

    expect((await agent.get(`/rh/employees/import/${id}/progress`)).body).toMatchObject({ status: 'done', total: 6, done: 6, created: 2, errors: 4, percent: 100 });
    const report = await agent.get(`/rh/employees/import/${id}`);
    expect(report.text).not.toContain('http-equiv="refresh"');
    expect(report.text).toContain('Salariés créés : 2');
    expect([...report.text.matchAll(/<tr data-line="(\d+)">/g)].map((m) => Number(m[1]))).toEqual([4, 5, 6, 7]);
    expect(report.text).toContain('Ligne 4, colonne « matricule » : Veuillez renseigner ce champ.');
    expect(report.text).toContain('Ligne 5 : Ce matricule est déjà utilisé par Paul Ancien.');
    expect(report.text).toContain('Ligne 6, colonne « service » : Service inconnu « Compta ».');
    expect(report.text).toContain('Ligne 6, colonne « catégorie d&#39;activité » : Catégorie d&#39;activité inconnue « ZZZ » : indiquez son code.');
    expect(report.text).toContain('Ligne 7, colonne « date d&#39;entrée » : Saisissez une date au format JJ/MM/AAAA.');

    const rows = await t.db.dataSource.query(
      `SELECT e.matricule, e.last_name, e.civility, e.contract, e.entry_date::text AS entry, e.paid_leave_number, s.name AS service, c.code AS category
         FROM employee e LEFT JOIN service s ON s.id = e.service_id LEFT JOIN activity_category c ON c.id = e.activity_category_id
        WHERE e.tenant_id = $1 AND e.matricule <> 'E900' ORDER BY e.matricule`, [tenantId]);
    expect(rows).toEqual([
      { matricule: 'E001', last_name: 'Durand', civility: 'mrs', contract: 'cdi', entry: '2024-03-02', paid_leave_number: '27.00', service: 'Maintenance', category: 'OUV' },
      { matricule: 'E002', last_name: 'Martin, dit "Jo"', civility: 'mr', contract: 'interim', entry: null, paid_leave_number: '25.00', service: null, category: null },
    ]);
    // The history lists this import; the user import screens know nothing of it.
    expect((await agent.get('/rh/employees/import')).text).toContain('salaries.csv');
    expect(await employeeImporter.find(t.db.dataSource, tenantId, id)).not.toBeNull();
    expect(await userImporter.find(t.db.dataSource, tenantId, id)).toBeNull();
    expect(await userImporter.recent(t.db.dataSource, tenantId)).toEqual([]);
  });

  it('refuses a file that is not UTF-8 and an empty file, importing nothing', async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const { agent } = await loginAs(t, manager);
    const latin1 = await upload(agent, Buffer.from(`${HEADER}\nE1,Lefèvre,Hélène,,,,,,,,,,,,,,,,\n`, 'latin1'));
    expect(latin1.status).toBe(200);
    expect(latin1.text).toContain('Le fichier n&#39;est pas encodé en UTF-8 : aucune ligne n&#39;a été importée.');
    const empty = await upload(agent, `${HEADER}\n`);
    expect(empty.text).toContain('Le fichier ne contient aucune ligne à importer');
    expect(await t.db.dataSource.query('SELECT 1 FROM user_import WHERE created_by = $1', [manager.id])).toEqual([]);
  });

  it("answers 404 for another company's import", async () => {
    const manager = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const other = await makeUser(t, { company: company(), rights: ['hr.view', 'hr.manage_employees'] });
    const { agent } = await loginAs(t, manager);
    const res = await upload(agent, `${HEADER}\nX1,Nom,Prenom,,,,,,,,,,,,,,,,\n`);
    const id = Number(/(\d+)$/.exec(res.headers.location)![1]);
    const { agent: intruder } = await loginAs(t, other);
    expect((await intruder.get(`/rh/employees/import/${id}`)).status).toBe(404);
    expect((await intruder.get(`/rh/employees/import/${id}/progress`)).status).toBe(404);
    await drainJobs(t.db.dataSource, { names: [EMPLOYEE_IMPORT_JOB], tenantIds: [manager.tenantId] });
    expect(await t.db.dataSource.query('SELECT 1 FROM employee WHERE tenant_id = $1', [other.tenantId])).toEqual([]);
  });
});
