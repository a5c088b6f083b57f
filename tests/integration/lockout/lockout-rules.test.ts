import { createTestApp, type TestApp } from '../../support/app';
import { png } from '../../support/png';
import { actor, companyOf, fieldError, postEmpty, postForm, XHR, type Actor } from '../risk-evaluation/du-fixtures';
import { ALL_RIGHTS, lastId, machineWithPoints, slip, staff } from './lockout-fixtures';

/** Rights, tenancy, CSRF, refused deletions, the optimistic lock, the machine photo and the widgets of the lockout module. */
let t: TestApp;
let manager: Actor;
let reader: Actor;
let stranger: Actor;

beforeAll(async () => {
  t = await createTestApp();
  manager = await actor(t, ALL_RIGHTS);
  reader = await actor(t, ['consignment.access'], { company: await companyOf(t, manager.tenantId) });
  stranger = await actor(t, ALL_RIGHTS);
});
afterAll(async () => { await t.close(); });

describe('rights, tenancy and CSRF', () => {
  it('answers 403 without the right, and on a POST without its CSRF token', async () => {
    const nobody = await actor(t, ['pdp.view'], { company: await companyOf(t, manager.tenantId) });
    expect((await nobody.agent.get('/consignment')).status).toBe(403);
    expect((await nobody.agent.get('/consignment/machines')).status).toBe(403);
    expect((await reader.agent.get('/consignment/machines/new').set(XHR)).status).toBe(403);
    const { machineId } = await machineWithPoints(t, manager, 'RG-1', 1);
    const noToken = await postForm(manager, '/consignment/new', 'lockout_slip', { machineId, subject: 'Sans jeton', version: 0 }, '');
    expect(noToken.status).toBe(403);
    const [{ n }] = await t.db.dataSource.query("SELECT count(*)::int AS n FROM lockout_slip WHERE subject = 'Sans jeton'");
    expect(n).toBe(0);
  });

  it('answers 404 for another company\'s machine and slip, and hides the slips one takes no part in', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'TN-1', 1);
    const id = await slip(t, manager, machineId);
    expect((await stranger.agent.get(`/consignment/${id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/consignment/machines/${machineId}`)).status).toBe(404);
    expect((await postEmpty(stranger, `/consignment/${id}/apply/await`)).status).toBe(404);
    expect((await reader.agent.get(`/consignment/${id}`)).status).toBe(404);
    expect((await manager.agent.get(`/consignment/${id}`)).status).toBe(200);
  });
  it('shows the consignment rights in their « Consignation » group of the roles matrix', async () => {
    const admin = await actor(t, ['admin.roles']);
    const page = await admin.agent.get('/admin/roles/rights');
    expect(page.status).toBe(200);
    const group = page.text.indexOf('>Consignation<');
    expect(group).toBeGreaterThan(-1);
    const after = page.text.slice(group);
    for (const label of ['Accéder à la consignation', 'Créer une consignation', 'Gérer les consignations et les machines', 'Voir toutes les machines et tous les bons',
      'Pouvoir être chargé de consignation', 'Pouvoir être chargé de travaux']) expect(after).toContain(label);
  });
});

describe('refused deletions', () => {
  it('refuses to delete a machine activity linked to a slip, with the French reason, and deletes it once free', async () => {
    const { machineId, activityId } = await machineWithPoints(t, manager, 'DL-1', 1);
    const id = await slip(t, manager, machineId, { activityIds: [activityId] });
    const refused = await postEmpty(manager, `/consignment/activities/${activityId}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Suppression impossible : l\'activité « Maintenance DL-1 » est liée à un bon de consignation.');
    const [{ version }] = await t.db.dataSource.query('SELECT version FROM lockout_slip WHERE id = $1', [id]);
    expect((await postForm(manager, `/consignment/${id}/edit`, 'lockout_slip', { machineId, subject: 'Sans activité', officerId: manager.id, version })).status).toBe(201);
    expect((await postEmpty(manager, `/consignment/activities/${activityId}/delete`)).status).toBe(200);
  });

  it('refuses to delete a machine with a slip and a type used by an isolation point', async () => {
    const { machineId, typeId } = await machineWithPoints(t, manager, 'DL-2', 1);
    await slip(t, manager, machineId);
    const machine = await postEmpty(manager, `/consignment/machines/${machineId}/delete`);
    expect(machine.status).toBe(409);
    expect(machine.body.message).toBe('Suppression impossible : la machine « DL-2 – Presse DL-2 » est utilisée par un bon de consignation.');
    const type = await postEmpty(manager, `/consignment/types/${typeId}/delete`);
    expect(type.status).toBe(409);
    expect(type.body.message).toBe('Suppression impossible : le type « Électrique DL-2 » est encore utilisé par une consignation obligatoire d\'une machine.');
  });

  it('refuses to remove a staff member whose padlock is on', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'DL-3', 0);
    const id = await slip(t, manager, machineId);
    const s = await staff(t, manager, id, 'Hugo Lefèvre');
    await t.db.dataSource.query("UPDATE lockout_slip SET state = 'consigned' WHERE id = $1", [id]);
    await t.db.dataSource.query("UPDATE lockout_staff SET padlock = 'on' WHERE id = $1", [s]);
    const res = await postEmpty(manager, `/consignment/${id}/staff/${s}/delete`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Un cadenas est encore posé.');
  });
});

describe('forms', () => {
  it('answers 409 on a stale slip or machine version', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'ST-1', 0);
    const id = await slip(t, manager, machineId);
    const first = await postForm(manager, `/consignment/${id}/edit`, 'lockout_slip', { machineId, subject: 'Première', version: 1 });
    expect(first.status).toBe(201);
    const stale = await postForm(manager, `/consignment/${id}/edit`, 'lockout_slip', { machineId, subject: 'Seconde', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Cet élément a été modifié par quelqu\'un d\'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d\'enregistrer.');
    expect((await postForm(manager, `/consignment/machines/${machineId}/edit`, 'lockout_machine', { code: 'ST-1', name: 'Presse', version: 0 })).status).toBe(409);
  });

  it('numbers slips per company and year, and refuses a machine code already used', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'NB-1', 0);
    const a = await slip(t, manager, machineId);
    const b = await slip(t, manager, machineId);
    const rows: Array<{ number: string }> = await t.db.dataSource.query('SELECT number FROM lockout_slip WHERE id = ANY($1::int[]) ORDER BY id', [[a, b]]);
    const [na, nb] = rows.map((r) => Number(r.number.slice(-4)));
    expect(rows[0].number).toMatch(/^CONS-\d{4}-\d{4}$/);
    expect(nb).toBe(na + 1);
    const twice = await postForm(manager, '/consignment/machines/new', 'lockout_machine', { code: 'nb-1', name: 'Autre', version: 0 });
    expect(twice.status).toBe(200);
    expect(fieldError(twice.text, 'code')).toBe('Ce code est déjà utilisé par une autre machine.');
  });

  it('requires the photo\'s image and refuses a file that is not an image, keeping the comment', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'PH-1', 0);
    const url = `/consignment/machines/${machineId}/photos/new`;
    const missing = await manager.agent.post(url).set(XHR).field('_csrf_token', manager.csrf).field('lockout_photo[comment]', 'Vue de face');
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('data-testid="error-photo">Veuillez renseigner ce champ.<');
    const text = await manager.agent.post(url).set(XHR).field('_csrf_token', manager.csrf).field('lockout_photo[comment]', 'Vue de face')
      .attach('photo', Buffer.from('pas une image'), { filename: 'notes.txt', contentType: 'text/plain' });
    expect(text.status).toBe(200);
    expect(text.text).toContain('Ce fichier n&#39;est pas une image valide.');
    expect(text.text).toContain('value="Vue de face"');
    const ok = await manager.agent.post(url).set(XHR).field('_csrf_token', manager.csrf).field('lockout_photo[comment]', 'Vue de face')
      .attach('photo', png(8, 8, { ink: true }), { filename: 'presse.png', contentType: 'image/png' });
    expect(ok.status).toBe(201);
    const photoId = await lastId(t, 'lockout_photo', manager.tenantId);
    const image = await reader.agent.get(`/consignment/machines/${machineId}/photos/${photoId}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});

describe('archive', () => {
  it('archives a draft or a deconsigned slip (not one in progress), 409 on a stale version, and unarchives it', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'AR-1', 0);
    const id = await slip(t, manager, machineId);
    const post = (url: string, version: unknown) => manager.agent.post(url).set(XHR).type('form').send({ _csrf_token: manager.csrf, version: String(version) });
    await t.db.dataSource.query("UPDATE lockout_slip SET state = 'consigned' WHERE id = $1", [id]);
    expect((await post(`/consignment/${id}/archive`, 1)).status).toBe(403);
    await t.db.dataSource.query("UPDATE lockout_slip SET state = 'deconsigned' WHERE id = $1", [id]);
    expect((await post(`/consignment/${id}/archive`, 0)).status).toBe(409);
    expect((await post(`/consignment/${id}/archive`, 'x')).status).toBe(409);
    const archived = await post(`/consignment/${id}/archive`, 1);
    expect(archived.status).toBe(201);
    const [{ number }] = await t.db.dataSource.query('SELECT number FROM lockout_slip WHERE id = $1', [id]);
    expect(archived.body.message).toBe(`Bon ${number} archivé.`);
    expect((await manager.agent.get('/consignment?q=AR-1')).text).not.toContain(`data-slip="${id}"`);
    expect((await manager.agent.get('/consignment?q=AR-1&archived=1')).text).toContain(`data-slip="${id}"`);
    expect((await postEmpty(manager, `/consignment/${id}/apply/await`)).status).toBe(409);
    expect((await post(`/consignment/${id}/unarchive`, 2)).status).toBe(201);
  });
});

describe('indicators and the PDF', () => {
  it('lists slips in progress and counts them by machine, for who sees them', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'IN-1', 0);
    const draft = await slip(t, manager, machineId);
    const running = await slip(t, manager, machineId);
    await t.db.dataSource.query("UPDATE lockout_slip SET state = 'consigned' WHERE id = $1", [running]);
    const list = await manager.agent.get('/dashboard/consignment/list');
    expect(list.status).toBe(200);
    const numbers = list.body.rows.map((r: unknown[]) => r[0]);
    const [{ number }] = await t.db.dataSource.query('SELECT number FROM lockout_slip WHERE id = $1', [running]);
    const [{ number: draftNumber }] = await t.db.dataSource.query('SELECT number FROM lockout_slip WHERE id = $1', [draft]);
    expect(numbers).toContain(number);
    expect(numbers).not.toContain(draftNumber);
    const byMachine = await manager.agent.get('/dashboard/consignment/by-machine');
    expect(byMachine.body.series[0].data[byMachine.body.labels.indexOf('IN-1')]).toBe(1);
    expect((await stranger.agent.get('/dashboard/consignment/by-machine')).body.labels).not.toContain('IN-1');
  });

  it('prints the slip as a PDF', async () => {
    const { machineId } = await machineWithPoints(t, manager, 'PD-1', 1);
    const id = await slip(t, manager, machineId);
    const res = await manager.agent.get(`/consignment/${id}/pdf`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.body.subarray(0, 4).toString()).toBe('%PDF');
  });
});
