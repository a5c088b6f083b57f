import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../server/kernel/jobs';
import { registerProjectTab } from '../../../server/modules/project/project-tabs';
import { PROJECT_LATE_JOB, PROJECT_LATE_TENANT_JOB } from '../../../server/modules/project/core/project-late.job';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, company, insertMember, insertProject, insertTask, postEmpty, postForm } from './core-fixtures';

let t: TestApp;
const clock = new FixedClock(new Date('2026-06-10T08:00:00Z'));
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(clock); });
afterAll(async () => { restoreClock(); await t.close(); });
beforeEach(() => clock.set(new Date('2026-06-10T08:00:00Z')));

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const ALL = ['project.view', 'project.view_all', 'project.add', 'project.edit', 'project.members', 'project.documents', 'project.comments'];
// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('projects: list, rights and visibility', () => {
  it('asks project.view to list and project.add to create', async () => {
    const c = company();
    const nobody = await actor(t, [], c);
    const viewer = await actor(t, ['project.view'], c);
    expect((await nobody.agent.get('/projects')).status).toBe(403);
    expect((await viewer.agent.get('/projects')).status).toBe(200);
    expect((await viewer.agent.get('/projects/new')).status).toBe(403);
    expect((await postForm(viewer, '/projects/new', 'project', { label: 'Intrus' })).status).toBe(403);
    expect(await q('SELECT 1 FROM project WHERE tenant_id = $1', [viewer.tenantId])).toEqual([]);
  });

  it('shows a viewer only the projects he is on, created or of his services; view_all shows every one', async () => {
    const c = company();
    const boss = await actor(t, ['project.view', 'project.view_all'], c);
    const viewer = await actor(t, ['project.view', 'project.view_service'], c);
    const [svc] = await q(`INSERT INTO service (tenant_id, name) VALUES ($1, 'Maintenance') RETURNING id`, [viewer.tenantId]);
    await q('INSERT INTO user_service (tenant_id, user_id, service_id) VALUES ($1, $2, $3)', [viewer.tenantId, viewer.id, svc.id]);
    const mine = await insertProject(t, viewer.tenantId, { label: 'Projet où je suis membre' });
    await insertMember(t, viewer.tenantId, mine, viewer.id);
    await insertProject(t, viewer.tenantId, { label: 'Projet du service maintenance', service_id: svc.id });
    const hidden = await insertProject(t, viewer.tenantId, { label: 'Projet confidentiel direction' });
    const list = (await viewer.agent.get('/projects')).text;
    expect(list).toContain('Projet où je suis membre');
    expect(list).toContain('Projet du service maintenance');
    expect(list).not.toContain('Projet confidentiel direction');
    expect((await viewer.agent.get(`/projects/${hidden}`)).status).toBe(404);
    const all = (await boss.agent.get('/projects')).text;
    expect(all).toContain('Projet confidentiel direction');
    // Filters: search and state.
    await q(`UPDATE project SET state = 'late' WHERE id = $1`, [hidden]);
    const late = (await boss.agent.get('/projects?state=late')).text;
    expect(late).toContain('Projet confidentiel direction');
    expect(late).not.toContain('Projet où je suis membre');
    expect((await boss.agent.get('/projects?q=maintenance')).text).not.toContain('Projet confidentiel direction');
    expect((await boss.agent.get('/projects?q=zzzz')).text).toContain('Aucun projet ne correspond à ces critères.');
  });

  it('answers 404 for every route given another company\'s project', async () => {
    const owner = await actor(t, ALL);
    const stranger = await actor(t, ALL);
    const id = await insertProject(t, owner.tenantId, { label: 'Projet d\'une autre société' });
    expect((await stranger.agent.get(`/projects/${id}`)).status).toBe(404);
    expect((await stranger.agent.get(`/projects/${id}/edit`)).status).toBe(404);
    expect((await postForm(stranger, `/projects/${id}/edit`, 'project', { label: 'Piraté', version: 1 })).status).toBe(404);
    expect((await postEmpty(stranger, `/projects/${id}/delete`)).status).toBe(404);
    expect((await postEmpty(stranger, `/projects/${id}/transition/start`)).status).toBe(404);
    expect((await postForm(stranger, `/projects/${id}/members/new`, 'project_member', { userId: stranger.id })).status).toBe(404);
    expect((await postForm(stranger, `/projects/${id}/documents/new`, 'project_document', { label: 'x', url: 'https://exemple.fr' })).status).toBe(404);
    expect((await postForm(stranger, `/projects/${id}/comments/new`, 'project_comment', { text: 'x' })).status).toBe(404);
    expect((await stranger.agent.get(`/projects/${id}/image`)).status).toBe(404);
    const [row] = await q('SELECT label, deleted_at FROM project WHERE id = $1', [id]);
    expect(row).toEqual({ label: 'Projet d\'une autre société', deleted_at: null });
    expect(await q('SELECT 1 FROM project_member WHERE project_id = $1', [id])).toEqual([]);
  });
});

describe('projects: add, edit, delete', () => {
  it('creates a project from the modal form, with its image, and shows it', async () => {
    const a = await actor(t, ALL);
    const res = await a.agent.post('/projects/new').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', a.csrf)
      .field('project[label]', 'Mise en conformité ATEX').field('project[description]', 'Zonage de la cabine de peinture')
      .field('project[expectedStartDate]', '01/07/2026').field('project[expectedEndDate]', '30/09/2026').field('project[version]', '0')
      .attach('image', PNG, { filename: 'atex.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Le projet « Mise en conformité ATEX » a été créé.');
    const [p] = await q(`SELECT id, state, expected_start_date::text AS start, expected_end_date::text AS "end", image_file_id, created_by_id FROM project WHERE tenant_id = $1`, [a.tenantId]);
    expect(p).toMatchObject({ state: 'unstarted', start: '2026-07-01', end: '2026-09-30', created_by_id: a.id });
    expect(p.image_file_id).not.toBeNull();
    expect(res.body.redirect).toBe(`/projects/${p.id}`);
    const page = await a.agent.get(`/projects/${p.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Zonage de la cabine de peinture');
    expect(page.text).toContain('30/09/2026');
    expect(page.text).toContain('Non démarré');
    expect(page.text).toContain('data-testid="project-tab-home"');
    expect(page.text).toContain('data-testid="project-tab-events"');
    expect(page.text).toContain(`src="/projects/${p.id}/image"`);
    const image = await a.agent.get(`/projects/${p.id}/image`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await a.agent.get('/projects')).text).toContain('Mise en conformité ATEX');
  });

  it('keeps what was typed and says in French what is wrong', async () => {
    const a = await actor(t, ALL);
    const empty = await postForm(a, '/projects/new', 'project', { label: '', description: 'Texte gardé', expectedStartDate: '31/02/2026' });
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Veuillez renseigner ce champ.');
    expect(empty.text).toContain('Saisissez une date au format JJ/MM/AAAA.');
    expect(empty.text).toContain('Texte gardé');
    expect(empty.text).toContain('value="31/02/2026"');
    const order = await postForm(a, '/projects/new', 'project', { label: 'Dates inversées', expectedStartDate: '10/07/2026', expectedEndDate: '01/07/2026' });
    expect(order.status).toBe(200);
    expect(order.text).toContain('La date de fin doit être postérieure à la date de début.');
    expect(order.text).toContain('value="Dates inversées"');
    const badImage = await a.agent.post('/projects/new').set('X-Requested-With', 'XMLHttpRequest').set('X-CSRF-Token', a.csrf)
      .field('project[label]', 'Image piégée').attach('image', Buffer.from('pas une image'), { filename: 'photo.png', contentType: 'image/png' });
    expect(badImage.status).toBe(200);
    expect(badImage.text).toContain('data-testid="error-image"');
    expect(await q('SELECT 1 FROM project WHERE tenant_id = $1', [a.tenantId])).toEqual([]);
  });

  it('edits with the optimistic lock: a stale edit gets 409 and the first edit stays', async () => {
    const a = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Éclairage entrepôt' });
    const form = await a.agent.get(`/projects/${id}/edit`).set('X-Requested-With', 'XMLHttpRequest');
    expect(form.text).toContain('name="project[version]" value="1"');
    expect((await postForm(a, `/projects/${id}/edit`, 'project', { label: 'Éclairage LED entrepôt', version: 1 })).status).toBe(201);
    const second = await postForm(a, `/projects/${id}/edit`, 'project', { label: 'Autre titre', version: 1 });
    expect(second.status).toBe(409);
    expect(second.body.message).toContain('modifié par quelqu');
    expect(await q('SELECT label, version FROM project WHERE id = $1', [id])).toEqual([{ label: 'Éclairage LED entrepôt', version: 2 }]);
  });

  it('lets a project manager without project.edit edit his project, and refuses others with 403', async () => {
    const c = company();
    const manager = await actor(t, ['project.view'], c);
    const member = await actor(t, ['project.view'], c);
    const id = await insertProject(t, manager.tenantId, { label: 'Campagne TMS' });
    await insertMember(t, manager.tenantId, id, manager.id, { manager: true });
    await insertMember(t, manager.tenantId, id, member.id);
    expect((await postForm(manager, `/projects/${id}/edit`, 'project', { label: 'Campagne TMS 2026', version: 1 })).status).toBe(201);
    const refused = await postForm(member, `/projects/${id}/edit`, 'project', { label: 'Non', version: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Vous n\'avez pas les autorisations nécessaires');
    expect((await member.agent.get(`/projects/${id}`)).text).not.toContain('data-testid="project-edit"');
    expect((await manager.agent.get(`/projects/${id}`)).text).toContain('data-testid="project-edit"');
  });

  it('refuses to delete a project linked to tasks, deletes one without', async () => {
    const a = await actor(t, ALL);
    const busy = await insertProject(t, a.tenantId, { label: 'Projet avec tâches' });
    await insertTask(t, a.tenantId, busy);
    const res = await postEmpty(a, `/projects/${busy}/delete`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Ce projet est lié à des tâches : il ne peut pas être supprimé.');
    expect(await q('SELECT deleted_at FROM project WHERE id = $1', [busy])).toEqual([{ deleted_at: null }]);
    const free = await insertProject(t, a.tenantId, { label: 'Projet sans tâche' });
    const ok = await postEmpty(a, `/projects/${free}/delete`);
    expect(ok.status).toBe(200);
    expect(ok.body.redirect).toBe('/projects');
    expect((await a.agent.get('/projects')).text).not.toContain('data-project="Projet sans tâche"');
    expect((await a.agent.get(`/projects/${free}`)).status).toBe(404);
    expect(await q(`SELECT title FROM trash_item WHERE subject_table = 'project' AND subject_id = $1`, [free])).toEqual([{ title: 'Projet sans tâche' }]);
  });
});

describe('projects: page tabs', () => {
  it('renders the tabs other parts register after home and events', async () => {
    registerProjectTab({
      key: 'core_test_tab', labelKey: 'project.tabs.events', icon: 'star', order: 99,
      render: async (_req, project) => `<p data-testid="core-test-tab">Onglet du projet ${project.label}</p>`,
    });
    const a = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Projet à onglets' });
    const page = (await a.agent.get(`/projects/${id}`)).text;
    const order = ['home', 'events', 'core_test_tab'].map((k) => page.indexOf(`data-testid="project-tab-${k}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect((await a.agent.get(`/projects/${id}?tab=core_test_tab`)).text).toContain('Onglet du projet Projet à onglets');
  });
});

describe('projects: states', () => {
  it('starts, completes (real end set to today), archives (read-only) and reopens', async () => {
    const a = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Projet à états' });
    const page = (await a.agent.get(`/projects/${id}`)).text;
    expect(page).toContain('data-testid="transition-start"');
    expect(page).not.toContain('data-testid="transition-complete"');
    expect(page).not.toContain('data-testid="transition-mark_late"');
    const started = await postEmpty(a, `/projects/${id}/transition/start`);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ result: true, state: { name: 'in_progress', label: 'En cours' } });
    expect(started.body.buttons).toContain('transition-complete');
    const wrong = await postEmpty(a, `/projects/${id}/transition/start`);
    expect(wrong.status).toBe(409);
    expect((await postEmpty(a, `/projects/${id}/transition/complete`)).status).toBe(200);
    expect(await q('SELECT state, real_end_date::text AS real_end FROM project WHERE id = $1', [id])).toEqual([{ state: 'completed', real_end: '2026-06-10' }]);
    expect((await postEmpty(a, `/projects/${id}/transition/archive`)).status).toBe(200);
    const archived = (await a.agent.get(`/projects/${id}`)).text;
    expect(archived).toContain('Archivé');
    expect(archived).not.toContain('data-testid="project-edit"');
    expect(archived).not.toContain('data-testid="project-comment-add"');
    expect((await postForm(a, `/projects/${id}/comments/new`, 'project_comment', { text: 'Trop tard' })).status).toBe(403);
    expect((await postEmpty(a, `/projects/${id}/transition/reopen`)).status).toBe(200);
    const history = await q(`SELECT transition, from_state, to_state FROM history_entry WHERE subject_type = 'project' AND subject_id = $1 ORDER BY id`, [id]);
    expect(history.map((h: any) => h.transition)).toEqual(['start', 'complete', 'archive', 'reopen']);
  });

  it('refuses state changes to a member who does not manage the project, and the late mark to everyone', async () => {
    const c = company();
    const member = await actor(t, ['project.view'], c);
    const editor = await actor(t, ALL, c);
    const id = await insertProject(t, member.tenantId, { label: 'Projet gardé' });
    await insertMember(t, member.tenantId, id, member.id);
    expect((await member.agent.get(`/projects/${id}`)).text).not.toContain('data-testid="transition-start"');
    const res = await postEmpty(member, `/projects/${id}/transition/start`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Seuls les responsables du projet peuvent changer son état.');
    expect((await postEmpty(editor, `/projects/${id}/transition/mark_late`)).status).toBe(403);
    expect(await q('SELECT state FROM project WHERE id = $1', [id])).toEqual([{ state: 'unstarted' }]);
  });

  it('the daily job marks late the open projects whose expected end has passed', async () => {
    const a = await actor(t, ALL);
    const running = await insertProject(t, a.tenantId, { label: 'En cours fin 12/06', state: 'in_progress', expected_end_date: '2026-06-12' });
    const waiting = await insertProject(t, a.tenantId, { label: 'Non démarré fin 11/06', expected_end_date: '2026-06-11' });
    const done = await insertProject(t, a.tenantId, { label: 'Terminé fin 01/06', state: 'completed', expected_end_date: '2026-06-01' });
    const open = await insertProject(t, a.tenantId, { label: 'Sans fin prévue', state: 'in_progress' });
    const states = async () => (await q('SELECT id, state FROM project WHERE tenant_id = $1 ORDER BY id', [a.tenantId])).map((r: any) => [r.id, r.state]);
    const run = async () => {
      await q(`DELETE FROM job WHERE name = $1 AND status = 'pending'`, [PROJECT_LATE_JOB]);
      await enqueue(t.db.dataSource.manager, PROJECT_LATE_JOB, {});
      await drainJobs(t.db.dataSource, { names: [PROJECT_LATE_JOB] });
      await drainJobs(t.db.dataSource, { names: [PROJECT_LATE_TENANT_JOB], tenantIds: [a.tenantId] });
    };
    await run(); // 10/06: nothing late yet
    expect(await states()).toEqual([[running, 'in_progress'], [waiting, 'unstarted'], [done, 'completed'], [open, 'in_progress']]);
    clock.set(new Date('2026-06-12T08:00:00Z'));
    await run(); // 12/06: the end of 11/06 has passed, 12/06 is today
    expect(await states()).toEqual([[running, 'in_progress'], [waiting, 'late'], [done, 'completed'], [open, 'in_progress']]);
    clock.set(new Date('2026-06-13T08:00:00Z'));
    await run();
    expect(await states()).toEqual([[running, 'late'], [waiting, 'late'], [done, 'completed'], [open, 'in_progress']]);
    const [next] = await q(`SELECT run_at FROM job WHERE name = $1 AND status = 'pending'`, [PROJECT_LATE_JOB]);
    expect(new Date(next.run_at).getTime()).toBeGreaterThan(clock.now().getTime());
    // A late project can be completed; moving its expected end puts it back in progress (a fresh login: days went by).
    const b = await actor(t, ALL, a.company);
    expect((await postEmpty(b, `/projects/${running}/transition/complete`)).status).toBe(200);
    expect((await postForm(b, `/projects/${waiting}/edit`, 'project', { label: 'Non démarré fin 11/06', expectedEndDate: '30/06/2026', version: 2 })).status).toBe(201);
    expect(await q('SELECT state FROM project WHERE id = $1', [waiting])).toEqual([{ state: 'in_progress' }]);
    expect((await b.agent.get(`/projects?state=late`)).text).toContain('Aucun projet ne correspond à ces critères.');
  });

  it('lists on the project-end screen the open projects ending within 30 days or overdue', async () => {
    const a = await actor(t, ['project.view', 'project.view_all']);
    await insertProject(t, a.tenantId, { label: 'Fin dans 10 jours', state: 'in_progress', expected_end_date: '2026-06-20' });
    await insertProject(t, a.tenantId, { label: 'Fin dépassée', state: 'late', expected_end_date: '2026-06-01' });
    await insertProject(t, a.tenantId, { label: 'Fin dans deux mois', state: 'in_progress', expected_end_date: '2026-08-10' });
    await insertProject(t, a.tenantId, { label: 'Déjà terminé', state: 'completed', expected_end_date: '2026-06-15' });
    const page = (await a.agent.get('/projects/end')).text;
    expect(page).toContain('Fin dans 10 jours');
    expect(page).toContain('Dans 10 j');
    expect(page).toContain('Fin dépassée');
    expect(page).toContain('Dépassée de 9 j');
    expect(page).not.toContain('Fin dans deux mois');
    expect(page).not.toContain('Déjà terminé');
    expect(page.indexOf('Fin dépassée')).toBeLessThan(page.indexOf('Fin dans 10 jours'));
  });
});

describe('projects: progress on the home tab', () => {
  it('shows the weighted completion, tasks by state, late tasks and the next milestone, or an empty state', async () => {
    const a = await actor(t, ALL);
    const id = await insertProject(t, a.tenantId, { label: 'Mise en conformité' });
    const empty = await a.agent.get(`/projects/${id}`);
    expect(empty.text).toContain('Aucune tâche pour l&#39;instant : l&#39;avancement apparaîtra avec les premières tâches.');

    // Clock: 10/06/2026 08:00 UTC.
    const task = (label: string, state: string, progress: number, hours: number | null, end: string, milestone = false) => q(
      `INSERT INTO project_task (tenant_id, project_id, label, start_at, end_at, state, progress, hour_estimation, is_milestone)
       VALUES ($1, $2, $3, $4::timestamptz - interval '2 days', $4, $5, $6, $7, $8)`, [a.tenantId, id, label, end, state, progress, hours, milestone]);
    await task('Relevé', 'done', 60, 8, '2026-06-01T15:00:00Z');
    await task('Câblage', 'in_progress', 50, 24, '2026-06-09T15:00:00Z'); // late
    await task('Essais', 'todo', 0, 8, '2026-06-20T15:00:00Z');
    await task('Réception', 'todo', 0, null, '2026-06-30T15:00:00Z', true);
    await task('Lancement', 'done', 100, null, '2026-05-01T15:00:00Z', true);

    const page = await a.agent.get(`/projects/${id}`);
    const text = (testid: string) => page.text.match(new RegExp(`data-testid="${testid}"[^>]*>([\\s\\S]*?)</(dd|span|div)>`))![1].replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
    // (8 × 100 + 24 × 50 + 8 × 0) / 40 = 50 %, weighted by the estimated hours.
    expect(text('project-progress-percent')).toBe('50 %');
    expect(page.text).toContain('Avancement pondéré par les heures estimées');
    expect(text('project-progress-tasks')).toBe('1 tâche(s) terminée(s) sur 3');
    expect(text('project-progress-hours')).toBe('8 sur 40 h');
    expect(text('project-progress-late')).toBe('1');
    expect(text('project-progress-milestones')).toBe('1 / 2');
    expect(text('project-progress-next')).toBe('Réception · 30/06/2026');
  });
});
