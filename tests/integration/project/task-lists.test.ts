import { FixedClock, useClock } from '../../../server/kernel/clock';
import { seedProjectDemo } from '../../../server/modules/project/core/project.demo';
import { taskDemo } from '../../../server/modules/project/task/task.demo';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import { actor, addMember, companyOf, insertEmployee, insertInterruption, insertLeave, insertProject, insertTask } from './task-fixtures';

let t: TestApp;
let restore: () => void = () => undefined;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
afterEach(() => restore());

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('the project page\'s tasks tab', () => {
  it('shows the tree, milestones, states and progress, with the buttons the user may press', async () => {
    const manager = await actor(t, ['project.view', 'project.tasks', 'project.schedules']);
    const member = await actor(t, ['project.view'], await companyOf(t, manager.tenantId));
    const projectId = await insertProject(t, manager.tenantId, { label: 'ATEX peinture' });
    await addMember(t, manager.tenantId, projectId, manager.id);
    await addMember(t, manager.tenantId, projectId, member.id);

    const empty = await manager.agent.get(`/projects/${projectId}?tab=tasks`);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Aucune tâche dans ce projet pour l&#39;instant.');
    expect(empty.text).toContain('data-testid="task-add"');

    const parent = await insertTask(t, manager.tenantId, projectId, { label: 'Zonage ATEX', start_at: '2026-03-02T07:00:00Z', progress: 40, state: 'in_progress' });
    await insertTask(t, manager.tenantId, projectId, { label: 'Relevé des sources', parent_id: parent, start_at: '2026-03-03T07:00:00Z', assignee_id: member.id });
    await insertTask(t, manager.tenantId, projectId, { label: 'Mise à jour du DRPCE', start_at: '2026-03-01T07:00:00Z', end_at: '2026-03-01T07:00:00Z', state: 'done', progress: 100 });
    await insertTask(t, manager.tenantId, projectId, { label: 'Vérification initiale', start_at: '2026-04-15T06:00:00Z', end_at: '2026-04-15T06:00:00Z', is_milestone: true });
    const page = (await manager.agent.get(`/projects/${projectId}?tab=tasks`)).text;
    const order = ['Mise à jour du DRPCE', 'Zonage ATEX', 'Relevé des sources', 'Vérification initiale'].map((l) => page.indexOf(l));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toMatch(/data-depth="1"[\s\S]*Relevé des sources/);
    expect(count(page, 'data-testid="task-milestone"')).toBe(1);
    expect(page).toContain('data-state="in_progress"');
    expect(page).toContain('data-state="done"');
    expect(page).toContain('style="width: 40%"');
    expect(count(page, 'data-testid="task-remove"')).toBe(4);
    expect(page).toContain('data-testid="scheduled-add"');
    // The tab's badge counts the open tasks.
    expect(page).toMatch(/project-tab-tasks"[\s\S]*?badge[^>]*>3</);

    // A plain member sees the tasks, may close his own, and has no management buttons.
    const seen = (await member.agent.get(`/projects/${projectId}?tab=tasks`)).text;
    expect(seen).toContain('Relevé des sources');
    expect(seen).not.toContain('data-testid="task-add"');
    expect(seen).not.toContain('data-testid="task-remove"');
    expect(seen).not.toContain('data-testid="scheduled-add"');
    expect(count(seen, 'data-testid="task-done"')).toBe(1);
  });
});

describe('project_my_tasks', () => {
  it('lists the user\'s tasks across visible projects and the calendar, open first, late ones flagged', async () => {
    restore = useClock(new FixedClock(new Date('2026-03-10T10:00:00Z')));
    const me = await actor(t, ['project.view']);
    const a = await insertProject(t, me.tenantId, { label: 'Projet A' });
    const hidden = await insertProject(t, me.tenantId, { label: 'Projet caché' });
    await addMember(t, me.tenantId, a, me.id);
    const colleague = await makeUser(t, { roles: [], company: await companyOf(t, me.tenantId) });
    await insertTask(t, me.tenantId, a, { label: 'Ma tâche en retard', assignee_id: me.id, end_at: '2026-03-06T16:00:00Z' });
    await insertTask(t, me.tenantId, a, { label: 'Ma tâche terminée', assignee_id: me.id, state: 'done', progress: 100 });
    await insertTask(t, me.tenantId, a, { label: 'Tâche d\'un collègue', assignee_id: colleague.id });
    await insertTask(t, me.tenantId, hidden, { label: 'Tâche d\'un projet invisible', assignee_id: me.id });
    await insertTask(t, me.tenantId, null, { label: 'Réunion au calendrier', assignee_id: me.id, start_at: '2026-03-12T08:00:00Z', end_at: '2026-03-12T09:00:00Z' });

    const open = (await me.agent.get('/projects/my-tasks')).text;
    expect(open).toContain('Ma tâche en retard');
    expect(open).toContain('Réunion au calendrier');
    expect(open).not.toContain('Ma tâche terminée');
    expect(open).not.toContain('Tâche d&#39;un collègue');
    expect(open).not.toContain('Tâche d&#39;un projet invisible');
    expect(count(open, 'data-testid="task-late"')).toBe(1);
    const done = (await me.agent.get('/projects/my-tasks?state=done')).text;
    expect(done).toContain('Ma tâche terminée');
    expect(done).not.toContain('Ma tâche en retard');

    const nobody = await actor(t, ['project.view']);
    const empty = await nobody.agent.get('/projects/my-tasks');
    expect(empty.text).toContain('Aucune tâche en cours ne vous est attribuée.');
    const closed = await actor(t, []);
    expect((await closed.agent.get('/projects/my-tasks')).status).toBe(403);
  });
});

describe('project_tasks_by_member', () => {
  it('groups the tasks of the visible projects by member, filtered by project and state', async () => {
    const viewer = await actor(t, ['project.view', 'project.view_all']);
    const company = await companyOf(t, viewer.tenantId);
    const alice = await makeUser(t, { roles: [], company });
    const bruno = await makeUser(t, { roles: [], company });
    await q("UPDATE app_user SET first_name = 'Alice', last_name = 'Aubert' WHERE id = $1", [alice.id]);
    await q("UPDATE app_user SET first_name = 'Bruno', last_name = 'Blanc' WHERE id = $1", [bruno.id]);
    const p1 = await insertProject(t, viewer.tenantId, { label: 'Projet un' });
    const p2 = await insertProject(t, viewer.tenantId, { label: 'Projet deux' });
    await insertTask(t, viewer.tenantId, p1, { label: 'A1', assignee_id: alice.id, hour_estimation: 3 });
    await insertTask(t, viewer.tenantId, p2, { label: 'A2', assignee_id: alice.id, hour_estimation: 4.5 });
    await insertTask(t, viewer.tenantId, p2, { label: 'B1', assignee_id: bruno.id, state: 'done', progress: 100 });
    await insertTask(t, viewer.tenantId, p1, { label: 'Sans membre' });

    const all = (await viewer.agent.get('/projects/tasks-by-member')).text;
    expect(count(all, 'data-testid="member-card"')).toBe(1);
    expect(all).toContain('Alice Aubert');
    expect(all).toContain('2 tâche(s)');
    expect(all).toContain('7.5 h');
    expect(all).not.toContain('Sans membre');
    const everything = (await viewer.agent.get('/projects/tasks-by-member?state=all')).text;
    expect(everything.indexOf('Alice Aubert')).toBeLessThan(everything.indexOf('Bruno Blanc'));
    const one = (await viewer.agent.get(`/projects/tasks-by-member?project=${p1}&state=all`)).text;
    expect(one).toContain('>A1<');
    expect(one).not.toContain('>A2<');
    expect(one).not.toContain('Bruno Blanc');
    // Another company's project in the filter is ignored.
    const other = await insertProject(t, (await actor(t, [])).tenantId);
    expect((await viewer.agent.get(`/projects/tasks-by-member?project=${other}`)).status).toBe(200);
  });
});

describe('project_planning', () => {
  it('shows the week of each member with his tasks and his leave or work stoppage', async () => {
    const viewer = await actor(t, ['project.view']);
    const company = await companyOf(t, viewer.tenantId);
    const worker = await makeUser(t, { roles: [], company });
    await q("UPDATE app_user SET first_name = 'Inès', last_name = 'Roux' WHERE id = $1", [worker.id]);
    const p = await insertProject(t, viewer.tenantId, { label: 'Projet planning' });
    await addMember(t, viewer.tenantId, p, viewer.id);
    await addMember(t, viewer.tenantId, p, worker.id);
    await insertTask(t, viewer.tenantId, p, { label: 'Pose des luminaires', assignee_id: worker.id, start_at: '2026-03-02T07:00:00Z', end_at: '2026-03-03T16:00:00Z' });
    await insertTask(t, viewer.tenantId, p, { label: 'Tâche de la semaine suivante', assignee_id: worker.id, start_at: '2026-03-10T07:00:00Z', end_at: '2026-03-10T16:00:00Z' });
    const employee = await insertEmployee(t, viewer.tenantId, worker.id);
    await insertLeave(t, viewer.tenantId, employee, '2026-03-05', '2026-03-06');
    await insertInterruption(t, viewer.tenantId, employee, '2026-03-04', '2026-03-04');

    const res = await viewer.agent.get('/projects/planning?date=04/03/2026');
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('02/03/2026 – 08/03/2026');
    const line = html.slice(html.indexOf(`data-user-id="${worker.id}"`));
    const cell = (day: string) => line.slice(line.indexOf(`data-day="${day}"`), line.indexOf('</td>', line.indexOf(`data-day="${day}"`)));
    expect(cell('2026-03-02')).toContain('Pose des luminaires');
    expect(cell('2026-03-03')).toContain('Pose des luminaires');
    expect(cell('2026-03-04')).toContain('Arrêt');
    expect(cell('2026-03-05')).toContain('Congé');
    expect(cell('2026-03-07')).not.toContain('planning-away');
    expect(html).not.toContain('Tâche de la semaine suivante');

    const month = (await viewer.agent.get('/projects/planning?view=month&date=04/03/2026')).text;
    expect(month).toContain('01/03/2026 – 31/03/2026');
    expect(month).toContain('Tâche de la semaine suivante');
    const outsider = await actor(t, ['project.view']);
    expect((await outsider.agent.get('/projects/planning')).text).toContain('Aucun membre de projet à afficher.');
  });
});

describe('task demo', () => {
  it('adds tasks, a milestone and a scheduled task to the demo projects, once', async () => {
    const user = await makeUser(t, { roles: [] });
    await taskDemo(t.db.dataSource, user.tenantId); // no demo project yet: nothing, no error
    expect(await q('SELECT 1 FROM project_task WHERE tenant_id = $1', [user.tenantId])).toHaveLength(0);
    await seedProjectDemo(t.db.dataSource, user.tenantId);
    await taskDemo(t.db.dataSource, user.tenantId);
    await taskDemo(t.db.dataSource, user.tenantId);
    const rows = await q(
      `SELECT p.label AS project, count(*)::int AS tasks, count(*) FILTER (WHERE t.is_milestone)::int AS milestones, count(*) FILTER (WHERE t.parent_id IS NOT NULL)::int AS children,
              count(*) FILTER (WHERE t.scheduled_task_id IS NOT NULL)::int AS made
         FROM project_task t JOIN project p ON p.id = t.project_id WHERE t.tenant_id = $1 GROUP BY p.label ORDER BY p.label`, [user.tenantId]);
    expect(rows.map((r: any) => r.project)).toEqual(['Campagne de sensibilisation TMS', 'Mise en conformité ATEX atelier peinture', 'Rénovation éclairage entrepôt']);
    const atex = rows[1];
    expect(atex.milestones).toBe(1);
    expect(atex.children).toBe(2);
    expect(atex.made).toBeGreaterThanOrEqual(3);
    expect(await q('SELECT 1 FROM project_scheduled_task WHERE tenant_id = $1', [user.tenantId])).toHaveLength(1);
  });
});
