import { drainJobs } from '../../../server/kernel/jobs';
import { USER_IMPORT_JOB } from '../../../server/modules/admin-user-import/admin-user-import.service';
import { identityMailer } from '../../../server/modules/identity/identity.channels';
import { createTestApp, csrfFrom, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const HEADER = 'identifiant*,email*,nom*,prénom*,civilité,téléphone,portable,langue,rôles';
const drain = () => drainJobs(t.db.dataSource, { names: [USER_IMPORT_JOB] });

async function upload(agent: Awaited<ReturnType<typeof loginAs>>['agent'], content: Buffer | string, opts: { name?: string; sendMail?: boolean } = {}) {
  const page = await agent.get('/admin/users/import');
  const req = agent.post('/admin/users/import').field('_csrf_token', csrfFrom(page.text));
  if (opts.sendMail) req.field('send_mail', '1');
  return req.attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), { filename: opts.name ?? 'utilisateurs.csv', contentType: 'text/csv' });
}

describe('CSV import of users', () => {
  it('is refused (403) without the right', async () => {
    const plain = await makeUser(t);
    const { agent } = await loginAs(t, plain);
    expect((await agent.get('/admin/users/import')).status).toBe(403);
  });

  it('shows the form with the columns and the template link', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent } = await loginAs(t, admin);
    const page = await agent.get('/admin/users/import');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/static/modeles/import-utilisateurs.csv');
    expect(page.text).toContain('identifiant*');
    expect(page.text).toContain('Aucun import pour le moment.');
  });

  it('imports the good rows in a job and reports each bad row with its number and French message', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    await t.db.dataSource.query(`UPDATE app_user SET first_name = 'Jean', last_name = 'Dupont' WHERE id = $1`, [admin.id]);
    const [holder] = await t.db.dataSource.query('SELECT email FROM app_user WHERE id = $1', [admin.id]);
    const { agent } = await loginAs(t, admin);
    const n = `${process.pid}${Date.now() % 1e7}`;
    const csv = [
      HEADER,
      `ana_${n},ana.${n}@example.fr,Martin,Ana,Mme,01 02 03 04 05,,en,user|hsqe`,
      `"bob_${n}",bob.${n}@example.fr,"Durand, dit ""Bob""",Bob,M.,,06 00 00 00 00,,`,
      `chloe_${n},chloe.${n}@example.fr,Petit,Chloé,mlle,,,,`,
      `dup_${n},${holder.email},Leroy,Denis,,,,,`,
      `nomail_${n},,Moreau,Eva,,,,,`,
      `badrole_${n},badrole.${n}@example.fr,Roux,Fanny,,,,,user|pilote_drone`,
    ].join('\r\n');
    const res = await upload(agent, `\uFEFF${csv}\r\n`, { sendMail: true });
    expect(res.status).toBe(303);
    const id = Number(/\/admin\/users\/import\/(\d+)$/.exec(res.headers.location)![1]);

    const waiting = await agent.get(`/admin/users/import/${id}`);
    expect(waiting.text).toContain('<meta http-equiv="refresh" content="2">');
    expect(waiting.text).toContain('En attente');
    const before = await agent.get(`/admin/users/import/${id}/progress`);
    expect(before.body).toMatchObject({ status: 'pending', total: 6, done: 0, created: 0, percent: 0 });

    identityMailer().clear();
    await drain();

    const progress = await agent.get(`/admin/users/import/${id}/progress`);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ status: 'done', total: 6, done: 6, created: 3, errors: 3, percent: 100 });

    const report = await agent.get(`/admin/users/import/${id}`);
    expect(report.text).not.toContain('http-equiv="refresh"');
    expect(report.text).toContain('Utilisateurs créés : 3');
    const lines = [...report.text.matchAll(/<tr data-line="(\d+)">/g)].map((m) => Number(m[1]));
    expect(lines).toEqual([5, 6, 7]);
    expect(report.text).toContain('Ligne 5 : Cette adresse e-mail est déjà utilisée par Jean Dupont.');
    expect(report.text).toContain('Ligne 6, colonne « email » : Veuillez renseigner ce champ.');
    expect(report.text).toContain('Ligne 7, colonne « rôles » : Rôle inconnu : pilote_drone.');

    const users = await t.db.dataSource.query(
      `SELECT u.username, u.tenant_id, u.civility, u.locale, u.last_name, u.password_hash,
              ARRAY(SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.code) AS roles
         FROM app_user u WHERE u.username LIKE $1 ORDER BY u.username`,
      [`%_${n}`],
    );
    expect(users.map((u: { username: string }) => u.username)).toEqual([`ana_${n}`, `bob_${n}`, `chloe_${n}`]);
    for (const u of users) expect(u.tenant_id).toBe(admin.tenantId);
    expect(users[0]).toMatchObject({ roles: ['hsqe', 'user'], civility: 'mrs', locale: 'en' });
    expect(users[1]).toMatchObject({ roles: ['user'], civility: 'mr', locale: 'fr', last_name: 'Durand, dit "Bob"' });
    expect(users[2]).toMatchObject({ civility: 'ms' });
    // A random password nobody knows: the user sets theirs through the mailed link.
    expect(users[0].password_hash).toBeTruthy();
    const mails = identityMailer().sent().filter((m) => m.to[0].endsWith(`${n}@example.fr`));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([`ana.${n}@example.fr`, `bob.${n}@example.fr`, `chloe.${n}@example.fr`]);
    const ana = mails.find((m) => m.to[0] === `ana.${n}@example.fr`)!;
    expect(ana.subject).toBe('Your Vigie account has been created');
    const link = /https?:\/\/[^\s"<]+\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(ana.html);
    expect(link).not.toBeNull();
    const anon = (await import('supertest')).default.agent(t.app);
    const resetPage = await anon.get(`/password/reset/${link![1]}`);
    expect(resetPage.status).toBe(200);
    expect(resetPage.text).toContain('name="_csrf_token"');
  });

  it('refuses a file that is not UTF-8 with one clear French error and imports nothing', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent } = await loginAs(t, admin);
    const n = `${process.pid}${Date.now() % 1e7}`;
    const latin1 = Buffer.from(`${HEADER}\nlatin_${n},latin.${n}@example.fr,Lefèvre,Hélène,,,,,\n`, 'latin1');
    const res = await upload(agent, latin1);
    expect(res.status).toBe(200);
    expect(res.text).toContain("Le fichier n&#39;est pas encodé en UTF-8 : aucun utilisateur n&#39;a été importé.");
    await drain();
    expect(await t.db.dataSource.query('SELECT 1 FROM app_user WHERE username = $1', [`latin_${n}`])).toEqual([]);
    expect(await t.db.dataSource.query('SELECT 1 FROM user_import WHERE created_by = $1', [admin.id])).toEqual([]);
  });

  it('refuses an empty file and a non-CSV file', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent } = await loginAs(t, admin);
    const empty = await upload(agent, `${HEADER}\n`);
    expect(empty.text).toContain('Le fichier ne contient aucune ligne à importer');
    const pdf = await upload(agent, '%PDF-1.4 fake', { name: 'liste.pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('data-testid="import-error"');
  });

  it('lets only a super admin import super admins', async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const { agent } = await loginAs(t, admin);
    const n = `${process.pid}${Date.now() % 1e7}`;
    const res = await upload(agent, `${HEADER}\nsa_${n},sa.${n}@example.fr,Haut,Placé,,,,,super_admin\n`);
    const id = Number(/(\d+)$/.exec(res.headers.location)![1]);
    await drain();
    const report = await agent.get(`/admin/users/import/${id}`);
    expect(report.text).toContain('Ligne 2, colonne « rôles » : Seul un super administrateur peut attribuer ce rôle.');
  });

  it("answers 404 for another company's import", async () => {
    const admin = await makeUser(t, { rights: ['admin.users'] });
    const other = await makeUser(t, { rights: ['admin.users'] });
    const { agent } = await loginAs(t, admin);
    const res = await upload(agent, `${HEADER}\nx_${Date.now()},x${Date.now()}@example.fr,X,Y,,,,,\n`);
    const id = Number(/(\d+)$/.exec(res.headers.location)![1]);
    await drain();
    const { agent: intruder } = await loginAs(t, other);
    expect((await intruder.get(`/admin/users/import/${id}`)).status).toBe(404);
    expect((await intruder.get(`/admin/users/import/${id}/progress`)).status).toBe(404);
  });
});
