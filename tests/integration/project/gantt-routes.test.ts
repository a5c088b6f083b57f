import { FixedClock, useClock } from '../../../server/kernel/clock';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';
import { ganttFixtures } from './gantt-fixtures';

let t: TestApp;
let restore: () => void;
let f: ReturnType<typeof ganttFixtures>;
beforeAll(async () => {
  t = await createTestApp();
  f = ganttFixtures(t);
  restore = useClock(new FixedClock(new Date('2026-11-23T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

const FORBIDDEN = "Vous n'avez pas les autorisations nécessaires";

/** A company with a planner (project rights incl. tasks), a viewer (view only, member) and a project with tasks. */
async function company() {
  const name = `Gantt ${Date.now()}-${Math.random()}`;
  const planner = await makeUser(t, { company: name, rights: ['project.view', 'project.view_all', 'project.tasks'] });
  const viewer = await makeUser(t, { company: name, rights: ['project.view'] });
  const tenantId = planner.tenantId;
  const projectId = await f.project(tenantId, 'Mise en conformité ATEX atelier peinture', { createdBy: planner.id });
  await f.member(tenantId, projectId, viewer.id);
  return { name, planner, viewer, tenantId, projectId };
}

describe('project_task_gantt', () => {
  it('lists the project tasks with the spec fields, each parent followed by its children', async () => {
    const { planner, tenantId, projectId } = await company();
    const child = await (async () => {
      const parent = await f.task(tenantId, projectId, 'Étude de zonage', '2026-12-07T07:00:00Z', '2026-12-11T16:00:00Z', { assignee: planner.id, progress: 30, state: 'in_progress' });
      const late = await f.task(tenantId, projectId, 'Réception des travaux', '2026-12-01T07:00:00Z', '2026-12-01T07:00:00Z', { milestone: true, initial: true, initialStart: '2026-11-30T07:00:00Z', initialEnd: '2026-11-30T07:00:00Z' });
      const c = await f.task(tenantId, projectId, 'Relevés sur site', '2026-12-08T07:00:00Z', '2026-12-08T23:00:00Z', { parent });
      return { parent, late, c };
    })();
    const other = await f.project(tenantId, 'Autre projet');
    await f.task(tenantId, other, 'Tâche d’un autre projet', '2026-12-07T07:00:00Z', '2026-12-08T07:00:00Z');
    await f.task(tenantId, null, 'Tâche de calendrier', '2026-12-07T07:00:00Z', '2026-12-08T07:00:00Z');

    const { agent } = await loginAs(t, planner);
    const res = await agent.get(`/projects/${projectId}/gantt/tasks`).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: child.late, name: 'Réception des travaux', start: '2026-12-01', end: '2026-12-01', progress: 0, user: null, isMilestone: true, isInitialPlanning: true,
        initalDates: { start: '2026-11-30', end: '2026-11-30' }, dependencies: '', version: 1 },
      { id: child.parent, name: 'Étude de zonage', start: '2026-12-07', end: '2026-12-11', progress: 30, user: 'Camille Test', isMilestone: false, isInitialPlanning: false,
        initalDates: { start: null, end: null }, dependencies: '', version: 1 },
      // Ends at midnight (Paris) on the 9th: the bar covers only the 8th.
      { id: child.c, name: 'Relevés sur site', start: '2026-12-08', end: '2026-12-08', progress: 0, user: null, isMilestone: false, isInitialPlanning: false,
        initalDates: { start: null, end: null }, dependencies: String(child.parent), version: 1 },
    ]);
  });

  it('is 404 for another company, for a project out of sight, and when the company turned the gantt off; 403 without project.view', async () => {
    const { planner, viewer, tenantId, projectId } = await company();
    const stranger = await makeUser(t, { rights: ['project.view', 'project.view_all', 'project.tasks'] });
    expect((await (await loginAs(t, stranger)).agent.get(`/projects/${projectId}/gantt/tasks`)).status).toBe(404);

    // The viewer sees the project they are a member of, not another one.
    const hidden = await f.project(tenantId, 'Projet confidentiel');
    const asViewer = (await loginAs(t, viewer)).agent;
    expect((await asViewer.get(`/projects/${projectId}/gantt/tasks`)).status).toBe(200);
    expect((await asViewer.get(`/projects/${hidden}/gantt/tasks`)).status).toBe(404);

    const nobody = await makeUser(t, { company: (await t.db.dataSource.query('SELECT name FROM tenant WHERE id = $1', [tenantId]))[0].name });
    expect((await (await loginAs(t, nobody)).agent.get(`/projects/${projectId}/gantt/tasks`)).status).toBe(403);

    await setToggle(t.db.dataSource, tenantId, 'gantt', false);
    expect((await (await loginAs(t, planner)).agent.get(`/projects/${projectId}/gantt/tasks`)).status).toBe(404);
  });
});

describe('project_task_update', () => {
  it('saves a progress, answers the updated task and moves the task state', async () => {
    const { planner, tenantId, projectId } = await company();
    const task = await f.task(tenantId, projectId, 'Étude de zonage', '2026-12-07T07:00:00Z', '2026-12-11T16:00:00Z');
    const { agent, csrf } = await loginAs(t, planner);

    const res = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, progress: '45', version: '1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task, name: 'Étude de zonage', progress: 45, start: '2026-12-07', end: '2026-12-11', version: 2 });
    expect(res.body).not.toHaveProperty('projectId');
    const [row] = await f.q('SELECT progress, state, version FROM project_task WHERE id = $1', [task]);
    expect(row).toEqual({ progress: 45, state: 'in_progress', version: 2 });

    // Back to 0: to do again. A stale version is refused.
    expect((await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, progress: '0', version: '2' })).status).toBe(200);
    expect((await f.q('SELECT state FROM project_task WHERE id = $1', [task]))[0].state).toBe('todo');
    const stale = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, progress: '80', version: '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/modifié/i);
    expect((await f.q('SELECT progress FROM project_task WHERE id = $1', [task]))[0].progress).toBe(0);
  });

  it('keeps a done task done at 100 % and reopens it below, clearing its done date', async () => {
    const { planner, tenantId, projectId } = await company();
    const task = await f.task(tenantId, projectId, 'Relevé des sources', '2026-11-02T07:00:00Z', '2026-11-06T16:00:00Z', { progress: 100, state: 'done' });
    await f.q(`UPDATE project_task SET done_at = '2026-11-06T16:00:00Z' WHERE id = $1`, [task]);
    const { agent, csrf } = await loginAs(t, planner);
    const same = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, progress: '100' });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1); // nothing to change
    expect((await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, progress: '70' })).status).toBe(200);
    expect((await f.q('SELECT state, done_at FROM project_task WHERE id = $1', [task]))[0]).toEqual({ state: 'in_progress', done_at: null });
  });

  it('refuses a date move on a stale version', async () => {
    const { planner, tenantId, projectId } = await company();
    const task = await f.task(tenantId, projectId, 'Pose des détecteurs', '2026-12-07T07:00:00Z', '2026-12-09T16:00:00Z');
    await f.q('UPDATE project_task SET version = 4 WHERE id = $1', [task]);
    const { agent, csrf } = await loginAs(t, planner);
    const res = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, start: '08/12/2026', end: '10/12/2026', version: '3' });
    expect(res.status).toBe(409);
    expect((await f.q('SELECT start_at FROM project_task WHERE id = $1', [task]))[0].start_at.toISOString()).toBe('2026-12-07T07:00:00.000Z');
    expect((await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, start: '08/12/2026', end: '10/12/2026', version: '4' })).body)
      .toMatchObject({ start: '2026-12-08', end: '2026-12-10', version: 5 });
  });

  it('moves the dates given in DD/MM/YYYY keeping the hours, and writes the dates history', async () => {
    const { planner, tenantId, projectId } = await company();
    // 08:00 to 17:00 in Paris.
    const task = await f.task(tenantId, projectId, 'Pose des détecteurs', '2026-12-07T07:00:00Z', '2026-12-09T16:00:00Z', { assignee: planner.id });
    const { agent, csrf } = await loginAs(t, planner);
    const res = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, start: '14/12/2026', end: '17/12/2026' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task, start: '2026-12-14', end: '2026-12-17', user: 'Camille Test', version: 2 });
    const [row] = await f.q('SELECT start_at, end_at FROM project_task WHERE id = $1', [task]);
    expect([row.start_at.toISOString(), row.end_at.toISOString()]).toEqual(['2026-12-14T07:00:00.000Z', '2026-12-17T16:00:00.000Z']);
    const history = await f.q('SELECT old_start_at, new_start_at, new_end_at, user_id FROM project_task_date_change WHERE task_id = $1', [task]);
    expect(history).toHaveLength(1);
    expect(history[0].old_start_at.toISOString()).toBe('2026-12-07T07:00:00.000Z');
    expect(history[0].new_end_at.toISOString()).toBe('2026-12-17T16:00:00.000Z');
    expect(history[0].user_id).toBe(planner.id);
  });

  it('answers 401 with the French message when the assignee is unavailable on the new days, and keeps the dates', async () => {
    const { planner, viewer, tenantId, projectId } = await company();
    await f.approvedLeave(tenantId, viewer.id, '2026-12-21', '2026-12-24');
    const task = await f.task(tenantId, projectId, 'Formation ATEX', '2026-12-14T08:00:00Z', '2026-12-15T16:00:00Z', { assignee: viewer.id });
    const { agent, csrf } = await loginAs(t, planner);
    const refused = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, start: '22/12/2026', end: '23/12/2026' });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: "L'utilisateur n'est pas disponible à cette date." });
    const [row] = await f.q('SELECT start_at, version FROM project_task WHERE id = $1', [task]);
    expect(row.start_at.toISOString()).toBe('2026-12-14T08:00:00.000Z');
    expect(row.version).toBe(1);
    // The days after the leave are fine.
    expect((await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, start: '28/12/2026', end: '29/12/2026' })).status).toBe(200);
  });

  it('answers 403 without the tasks ability, lets a project manager in, and refuses on an archived project', async () => {
    const { viewer, tenantId, projectId, name } = await company();
    const task = await f.task(tenantId, projectId, 'Étude de zonage', '2026-12-07T07:00:00Z', '2026-12-11T16:00:00Z');
    const asViewer = await loginAs(t, viewer);
    const refused = await asViewer.agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', asViewer.csrf).type('form').send({ id: task, progress: '50' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: FORBIDDEN });
    expect((await f.q('SELECT progress FROM project_task WHERE id = $1', [task]))[0].progress).toBe(0);

    const manager = await makeUser(t, { company: name, rights: ['project.view'] });
    await f.member(tenantId, projectId, manager.id, { manager: true });
    const asManager = await loginAs(t, manager);
    expect((await asManager.agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', asManager.csrf).type('form').send({ id: task, progress: '50' })).status).toBe(200);

    await f.q(`UPDATE project SET state = 'archived' WHERE id = $1`, [projectId]);
    expect((await asManager.agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', asManager.csrf).type('form').send({ id: task, progress: '60' })).status).toBe(403);
    expect((await f.q('SELECT progress FROM project_task WHERE id = $1', [task]))[0].progress).toBe(50);
  });

  it('answers 404 for another company’s task, a task without project or out of sight, and 400 for bad input', async () => {
    const { planner, viewer, tenantId, projectId } = await company();
    const foreign = await company();
    const theirs = await f.task(foreign.tenantId, foreign.projectId, 'Chez les autres', '2026-12-07T07:00:00Z', '2026-12-08T07:00:00Z');
    const calendarOnly = await f.task(tenantId, null, 'Tâche de calendrier', '2026-12-07T07:00:00Z', '2026-12-08T07:00:00Z');
    const hiddenProject = await f.project(tenantId, 'Projet confidentiel');
    const hidden = await f.task(tenantId, hiddenProject, 'Tâche cachée', '2026-12-07T07:00:00Z', '2026-12-08T07:00:00Z');
    const mine = await f.task(tenantId, projectId, 'Étude de zonage', '2026-12-07T07:00:00Z', '2026-12-11T16:00:00Z');

    const { agent, csrf } = await loginAs(t, planner);
    const post = (body: Record<string, unknown>) => agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send(body);
    expect((await post({ id: theirs, progress: '10' })).status).toBe(404);
    expect((await post({ id: calendarOnly, progress: '10' })).status).toBe(404);
    const asViewer = await loginAs(t, viewer);
    expect((await asViewer.agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', asViewer.csrf).type('form').send({ id: hidden, progress: '10' })).status).toBe(404);
    expect(await f.q('SELECT id, progress FROM project_task WHERE id = ANY($1) ORDER BY id', [[theirs, calendarOnly, hidden]]))
      .toEqual([theirs, calendarOnly, hidden].sort((a, b) => a - b).map((id) => ({ id, progress: 0 })));

    const mineBefore = await f.q('SELECT progress, start_at, end_at, version FROM project_task WHERE id = $1', [mine]);
    for (const body of [{ id: mine, progress: '150' }, { id: mine, start: '31/02/2026', end: '03/03/2026' }, { id: mine, start: '2026-12-07', end: '2026-12-08' },
      { id: mine }, { progress: '10' }, { id: mine, progress: '10', start: '07/12/2026', end: '08/12/2026' }]) {
      const res = await post(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.message).toBe('Les données envoyées ne sont pas valides.');
    }
    const backwards = await post({ id: mine, start: '10/12/2026', end: '08/12/2026' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('La date de fin doit être postérieure à la date de début.');
    expect(await f.q('SELECT progress, start_at, end_at, version FROM project_task WHERE id = $1', [mine])).toEqual(mineBefore);
    // JSON bodies are read too.
    const json = await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).send({ id: mine, progress: 20 });
    expect(json.status).toBe(200);
    expect(json.body.progress).toBe(20);
  });

  it('refuses a POST without the CSRF token and answers 404 when the gantt is off', async () => {
    const { planner, tenantId, projectId } = await company();
    const task = await f.task(tenantId, projectId, 'Étude de zonage', '2026-12-07T07:00:00Z', '2026-12-11T16:00:00Z');
    const { agent, csrf } = await loginAs(t, planner);
    expect((await agent.post('/projects/tasks/gantt-update').type('form').send({ id: task, progress: '10' })).status).toBe(403);
    await setToggle(t.db.dataSource, tenantId, 'gantt', false);
    expect((await agent.post('/projects/tasks/gantt-update').set('X-CSRF-Token', csrf).type('form').send({ id: task, progress: '10' })).status).toBe(404);
    expect((await f.q('SELECT progress FROM project_task WHERE id = $1', [task]))[0].progress).toBe(0);
  });
});
