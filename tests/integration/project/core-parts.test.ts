import { createTestApp, type TestApp } from '../../support/app';
import { actor, company, insertMember, insertProject, insertTask, postEmpty, postForm } from './core-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const ALL = ['project.view', 'project.view_all', 'project.add', 'project.edit', 'project.members', 'project.documents', 'project.comments', 'event.view', 'event.list_all'];

/** Opens the edit form at `url` as `a` (as the modal does) and reads the version it carries. */
async function openedVersion(a: { agent: Awaited<ReturnType<typeof actor>>['agent'] }, url: string, form: string): Promise<number> {
  const res = await a.agent.get(url).set('X-Requested-With', 'XMLHttpRequest');
  expect(res.status).toBe(200);
  const found = new RegExp(`name="${form}\\[version\\]" value="(\\d+)"`).exec(res.text);
  expect(found).not.toBeNull();
  return Number(found![1]);
}

const STALE = 'Cet élément a été modifié par quelqu\'un d\'autre pendant votre saisie. Rechargez-le pour voir la dernière version avant d\'enregistrer.';

async function insertEvent(tenantId: number, subject: string, creatorId: number | null = null): Promise<number> {
  const [e] = await q(`INSERT INTO event (tenant_id, kind, status, subject, event_date, creator_id) VALUES ($1, 'rex', 'IN_PROGRESS', $2, '2026-05-04', $3) RETURNING id`, [tenantId, subject, creatorId]);
  return e.id;
}

describe('project members', () => {
  it('adds (201), refuses a user already on the project (200, message under the field), edits and removes (200)', async () => {
    const c = company();
    const a = await actor(t, ALL, c);
    const worker = await actor(t, [], c);
    const id = await insertProject(t, a.tenantId, { label: 'Projet membres' });
    const form = await a.agent.get(`/projects/${id}/members/new`).set('X-Requested-With', 'XMLHttpRequest');
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="project_member[userId]"');
    const added = await postForm(a, `/projects/${id}/members/new`, 'project_member', { userId: worker.id, function: 'Électricien', isProjectManager: '1', managesProject: '0' });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Le membre a été ajouté au projet.');
    const again = await postForm(a, `/projects/${id}/members/new`, 'project_member', { userId: worker.id, function: 'Doublon' });
    expect(again.status).toBe(200);
    expect(again.text).toContain('data-testid="error-userId"');
    expect(again.text).toContain('Camille Test fait déjà partie du projet.');
    expect(again.text).toContain('value="Doublon"');
    const [m] = await q('SELECT id, function, is_project_manager, manages_project FROM project_member WHERE project_id = $1', [id]);
    expect(m).toMatchObject({ function: 'Électricien', is_project_manager: true, manages_project: false });
    const page = (await a.agent.get(`/projects/${id}`)).text;
    expect(page).toContain('Électricien');
    expect(page).toContain('Chef de projet');
    expect((await postForm(a, `/projects/members/${m.id}/edit`, 'project_member', { userId: worker.id, function: 'Chef électricien', isProjectManager: '0', managesProject: '1', version: 1 })).status).toBe(201);
    expect(await q('SELECT function, is_project_manager, manages_project FROM project_member WHERE id = $1', [m.id])).toEqual([{ function: 'Chef électricien', is_project_manager: false, manages_project: true }]);
    const removed = await postEmpty(a, `/projects/members/${m.id}/remove`);
    expect(removed.status).toBe(200);
    expect(await q('SELECT 1 FROM project_member WHERE project_id = $1', [id])).toEqual([]);
  });

  it('refuses a user of another company, and members changes without the right or management (403)', async () => {
    const c = company();
    const a = await actor(t, ALL, c);
    const manager = await actor(t, ['project.view'], c);
    const plain = await actor(t, ['project.view'], c);
    const outsider = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Projet gardé' });
    await insertMember(t, a.tenantId, id, manager.id, { manages: true });
    await insertMember(t, a.tenantId, id, plain.id);
    const foreign = await postForm(a, `/projects/${id}/members/new`, 'project_member', { userId: outsider.id });
    expect(foreign.status).toBe(200);
    expect(foreign.text).toContain('data-testid="error-userId"');
    const refused = await postForm(plain, `/projects/${id}/members/new`, 'project_member', { userId: a.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Vous n\'avez pas les autorisations nécessaires');
    const [pm] = await q('SELECT id FROM project_member WHERE user_id = $1', [plain.id]);
    expect((await postEmpty(plain, `/projects/members/${pm.id}/remove`)).status).toBe(403);
    expect((await postEmpty(outsider, `/projects/members/${pm.id}/remove`)).status).toBe(404);
    // Managing the project is enough, without project.members.
    expect((await postForm(manager, `/projects/${id}/members/new`, 'project_member', { userId: a.id })).status).toBe(201);
    expect((await q('SELECT user_id FROM project_member WHERE project_id = $1 ORDER BY user_id', [id])).map((r: any) => r.user_id).sort()).toEqual([a.id, manager.id, plain.id].sort());
  });

  it('keeps the first of two concurrent edits: the second answers 409 and changes nothing', async () => {
    const c = company();
    const first = await actor(t, ALL, c);
    const second = await actor(t, ALL, c);
    const worker = await actor(t, [], c);
    const id = await insertProject(t, first.tenantId, { label: 'Projet membres concurrents' });
    const member = await insertMember(t, first.tenantId, id, worker.id);
    const url = `/projects/members/${member}/edit`;
    const v1 = await openedVersion(first, url, 'project_member');
    const v2 = await openedVersion(second, url, 'project_member');
    expect([v1, v2]).toEqual([1, 1]);
    expect((await postForm(first, url, 'project_member', { userId: worker.id, function: 'Électricien', isProjectManager: '1', version: v1 })).status).toBe(201);
    const late = await postForm(second, url, 'project_member', { userId: worker.id, function: 'Soudeur', managesProject: '1', version: v2 });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: STALE });
    expect(await q('SELECT function, is_project_manager, manages_project, version FROM project_member WHERE id = $1', [member]))
      .toEqual([{ function: 'Électricien', is_project_manager: true, manages_project: false, version: 2 }]);
    expect(await openedVersion(second, url, 'project_member')).toBe(2);
  });
});

describe('project documents', () => {
  it('adds a link, a file, a task document; refuses an empty one; edits and removes', async () => {
    const a = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Projet documents' });
    const empty = await postForm(a, `/projects/${id}/documents/new`, 'project_document', { label: 'Sans contenu', url: '' });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Joignez un fichier ou saisissez un lien.');
    expect(empty.text).toContain('value="Sans contenu"');
    const badUrl = await postForm(a, `/projects/${id}/documents/new`, 'project_document', { label: 'Lien', url: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(200);
    expect(badUrl.text).toContain('Saisissez une adresse commençant par http:// ou https://.');
    const link = await postForm(a, `/projects/${id}/documents/new`, 'project_document', { label: 'Guide ATEX', url: 'https://www.inrs.fr/atex' });
    expect(link.status).toBe(201);
    const file = await a.agent.post(`/projects/${id}/documents/new`).set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', a.csrf)
      .field('project_document[label]', 'Compte rendu').attach('file', Buffer.from('Réunion de lancement\n'), { filename: 'compte-rendu.txt', contentType: 'text/plain' });
    expect(file.status).toBe(201);
    const task = await insertTask(t, a.tenantId, id, 'Zonage cabine');
    expect((await postForm(a, `/projects/tasks/${task}/documents/new`, 'project_document', { label: 'Plan de zonage', url: 'https://exemple.fr/plan' })).status).toBe(201);
    const docs = await q('SELECT id, label, task_id, url, file_id FROM project_document WHERE project_id = $1 ORDER BY id', [id]);
    expect(docs.map((d: any) => [d.label, d.task_id])).toEqual([['Guide ATEX', null], ['Compte rendu', null], ['Plan de zonage', task]]);
    const page = (await a.agent.get(`/projects/${id}`)).text;
    expect(page).toContain('https://www.inrs.fr/atex');
    expect(page).toContain('compte-rendu.txt');
    expect(page).toContain('Zonage cabine');
    const download = await a.agent.get(`/projects/documents/${docs[1].id}/file`);
    expect(download.status).toBe(200);
    expect(download.text).toBe('Réunion de lancement\n');
    // Edit keeps the file when none is sent.
    expect((await postForm(a, `/projects/documents/${docs[1].id}/edit`, 'project_document', { label: 'Compte rendu de lancement', url: '', version: 1 })).status).toBe(201);
    expect(await q('SELECT label, file_id FROM project_document WHERE id = $1', [docs[1].id])).toEqual([{ label: 'Compte rendu de lancement', file_id: docs[1].file_id }]);
    expect((await postEmpty(a, `/projects/documents/${docs[0].id}/remove`)).status).toBe(200);
    expect((await a.agent.get(`/projects/${id}`)).text).not.toContain('https://www.inrs.fr/atex');
  });

  it('refuses documents without the right (403) and another company\'s (404)', async () => {
    const c = company();
    const a = await actor(t, ALL, c);
    const reader = await actor(t, ['project.view', 'project.view_all'], c);
    const outsider = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Projet protégé' });
    expect((await postForm(reader, `/projects/${id}/documents/new`, 'project_document', { label: 'x', url: 'https://exemple.fr' })).status).toBe(403);
    const [doc] = await q(`INSERT INTO project_document (tenant_id, project_id, label, url) VALUES ($1, $2, 'Doc', 'https://exemple.fr') RETURNING id`, [a.tenantId, id]);
    expect((await postEmpty(reader, `/projects/documents/${doc.id}/remove`)).status).toBe(403);
    expect((await postEmpty(outsider, `/projects/documents/${doc.id}/remove`)).status).toBe(404);
    expect((await outsider.agent.get(`/projects/documents/${doc.id}/edit`)).status).toBe(404);
    const task = await insertTask(t, a.tenantId, id);
    expect((await postForm(outsider, `/projects/tasks/${task}/documents/new`, 'project_document', { label: 'x', url: 'https://exemple.fr' })).status).toBe(404);
    expect(await q('SELECT label FROM project_document WHERE project_id = $1', [id])).toEqual([{ label: 'Doc' }]);
  });

  it('keeps the first of two concurrent edits: the second answers 409 and changes nothing', async () => {
    const c = company();
    const first = await actor(t, ALL, c);
    const second = await actor(t, ALL, c);
    const id = await insertProject(t, first.tenantId, { label: 'Projet documents concurrents' });
    const [doc] = await q(`INSERT INTO project_document (tenant_id, project_id, label, url) VALUES ($1, $2, 'Guide', 'https://exemple.fr/guide') RETURNING id`, [first.tenantId, id]);
    const url = `/projects/documents/${doc.id}/edit`;
    const v1 = await openedVersion(first, url, 'project_document');
    const v2 = await openedVersion(second, url, 'project_document');
    expect([v1, v2]).toEqual([1, 1]);
    expect((await postForm(first, url, 'project_document', { label: 'Guide ATEX', url: 'https://exemple.fr/atex', version: v1 })).status).toBe(201);
    const late = await postForm(second, url, 'project_document', { label: 'Guide TMS', url: 'https://exemple.fr/tms', version: v2 });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: STALE });
    expect(await q('SELECT label, url, version FROM project_document WHERE id = $1', [doc.id])).toEqual([{ label: 'Guide ATEX', url: 'https://exemple.fr/atex', version: 2 }]);
  });
});

describe('project comments', () => {
  it('adds, edits by the author, refuses others without project.comments, removes', async () => {
    const c = company();
    const author = await actor(t, ['project.view', 'project.view_all', 'project.comments'], c);
    const colleague = await actor(t, ['project.view', 'project.view_all'], c);
    const id = await insertProject(t, author.tenantId, { label: 'Projet commenté' });
    const empty = await postForm(author, `/projects/${id}/comments/new`, 'project_comment', { text: '  ' });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez renseigner ce champ.');
    expect((await postForm(author, `/projects/${id}/comments/new`, 'project_comment', { text: 'Bureau de contrôle le 12.' })).status).toBe(201);
    const [cm] = await q('SELECT id, user_id FROM project_comment WHERE project_id = $1', [id]);
    expect(cm.user_id).toBe(author.id);
    expect((await colleague.agent.get(`/projects/${id}`)).text).toContain('Bureau de contrôle le 12.');
    expect((await postForm(colleague, `/projects/${id}/comments/new`, 'project_comment', { text: 'Moi aussi' })).status).toBe(403);
    expect((await postForm(colleague, `/projects/comments/${cm.id}/edit`, 'project_comment', { text: 'Modifié', version: 1 })).status).toBe(403);
    expect((await postEmpty(colleague, `/projects/comments/${cm.id}/remove`)).status).toBe(403);
    expect(await q('SELECT text FROM project_comment WHERE project_id = $1', [id])).toEqual([{ text: 'Bureau de contrôle le 12.' }]);
    expect((await postForm(author, `/projects/comments/${cm.id}/edit`, 'project_comment', { text: 'Bureau de contrôle le 14.', version: 1 })).status).toBe(201);
    expect(await q('SELECT text FROM project_comment WHERE id = $1', [cm.id])).toEqual([{ text: 'Bureau de contrôle le 14.' }]);
    expect((await postEmpty(author, `/projects/comments/${cm.id}/remove`)).status).toBe(200);
    expect((await colleague.agent.get(`/projects/${id}`)).text).not.toContain('Bureau de contrôle');
  });

  it('keeps the first of two concurrent edits: the second answers 409 and changes nothing', async () => {
    const c = company();
    const author = await actor(t, ['project.view', 'project.view_all', 'project.comments'], c);
    const moderator = await actor(t, ['project.view', 'project.view_all', 'project.comments'], c);
    const id = await insertProject(t, author.tenantId, { label: 'Projet commentaires concurrents' });
    const [cm] = await q(`INSERT INTO project_comment (tenant_id, project_id, user_id, text) VALUES ($1, $2, $3, 'Réunion le 3.') RETURNING id`, [author.tenantId, id, author.id]);
    const url = `/projects/comments/${cm.id}/edit`;
    const v1 = await openedVersion(author, url, 'project_comment');
    const v2 = await openedVersion(moderator, url, 'project_comment');
    expect([v1, v2]).toEqual([1, 1]);
    expect((await postForm(author, url, 'project_comment', { text: 'Réunion le 5.', version: v1 })).status).toBe(201);
    const late = await postForm(moderator, url, 'project_comment', { text: 'Réunion annulée.', version: v2 });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: STALE });
    expect(await q('SELECT text, version FROM project_comment WHERE id = $1', [cm.id])).toEqual([{ text: 'Réunion le 5.', version: 2 }]);
  });
});

describe('project events', () => {
  it('lists the linked events, links one the user sees and unlinks it', async () => {
    const c = company();
    const a = await actor(t, ALL, c);
    const outsider = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Projet événements' });
    const linked = await insertEvent(a.tenantId, 'Chute de plain-pied atelier peinture');
    await q('UPDATE event SET project_id = $1 WHERE id = $2', [id, linked]);
    const other = await insertEvent(a.tenantId, 'Presque accident chariot');
    const foreign = await insertEvent(outsider.tenantId, 'Événement d\'une autre société');
    const tab = (await a.agent.get(`/projects/${id}?tab=events`)).text;
    expect(tab).toContain('Chute de plain-pied atelier peinture');
    expect(tab).not.toContain('Presque accident chariot');
    const form = await a.agent.get(`/projects/${id}/events/link`).set('X-Requested-With', 'XMLHttpRequest');
    expect(form.text).toContain('Presque accident chariot');
    expect(form.text).not.toContain('Événement d&#39;une autre société');
    const bad = await postForm(a, `/projects/${id}/events/link`, 'project_event_link', { eventId: foreign });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('data-testid="error-eventId"');
    expect(await q('SELECT project_id FROM event WHERE id = $1', [foreign])).toEqual([{ project_id: null }]);
    expect((await postForm(a, `/projects/${id}/events/link`, 'project_event_link', { eventId: other })).status).toBe(201);
    expect((await a.agent.get(`/projects/${id}?tab=events`)).text).toContain('Presque accident chariot');
    expect((await postEmpty(a, `/projects/${id}/events/${linked}/unlink`)).status).toBe(200);
    expect(await q('SELECT id FROM event WHERE project_id = $1', [id])).toEqual([{ id: other }]);
    expect((await postEmpty(outsider, `/projects/${id}/events/${other}/unlink`)).status).toBe(404);
    expect(await q('SELECT id FROM event WHERE project_id = $1', [id])).toEqual([{ id: other }]);
  });
});
