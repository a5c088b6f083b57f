import { createTestApp, type TestApp } from '../../support/app';
import {
  actor, addMember, companyOf, fieldError, insertEmployee, insertInterruption, insertLeave, insertProject, insertTask, postEmpty, postForm, taskRow, XHR,
  type Actor,
} from './task-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const FORM = 'project_task';
const task = (fields: Record<string, unknown> = {}) => ({
  label: 'Relevé des sources', startDate: '02/03/2026', startTime: '08:00', endDate: '06/03/2026', endTime: '17:00',
  hourEstimation: '12,5', progress: '0', assignee: '', parent: '', description: '', isInitialPlanning: '0', version: '0', ...fields,
});

/** A company with a project, a task manager (`project.tasks`), a member and an outsider. */
async function setup(): Promise<{ manager: Actor; member: Actor; outsider: Actor; projectId: number }> {
  const manager = await actor(t, ['project.view', 'project.tasks']);
  const company = await companyOf(t, manager.tenantId);
  const member = await actor(t, ['project.view'], company);
  const outsider = await actor(t, ['project.view', 'project.tasks'], company);
  const projectId = await insertProject(t, manager.tenantId, { label: 'ATEX peinture' });
  await addMember(t, manager.tenantId, projectId, manager.id);
  await addMember(t, manager.tenantId, projectId, member.id);
  return { manager, member, outsider, projectId };
}

describe('project_task_add', () => {
  it('shows the form, saves a task in Paris time with the member and answers 201', async () => {
    const { manager, member, projectId } = await setup();
    const form = await manager.agent.get(`/projects/${projectId}/tasks/new`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="task-form"');
    expect(form.text).toContain('Camille Test');

    const res = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ assignee: member.id, progress: '30', isInitialPlanning: ['0', '1'] }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('La tâche « Relevé des sources » a été enregistrée.');
    const [row] = await q('SELECT id FROM project_task WHERE project_id = $1', [projectId]);
    const saved = await taskRow(t, row.id);
    expect(saved).toMatchObject({ label: 'Relevé des sources', hours: 12.5, progress: 30, state: 'in_progress', assignee_id: member.id, is_initial_planning: true, is_milestone: false });
    // 08:00 in Paris in winter is 07:00 UTC.
    expect(new Date(saved!.start_at).toISOString()).toBe('2026-03-02T07:00:00.000Z');
    expect(new Date(saved!.end_at).toISOString()).toBe('2026-03-06T16:00:00.000Z');
    expect(new Date(saved!.initial_start_at).toISOString()).toBe('2026-03-02T07:00:00.000Z');
  });

  it('gives the form back with French messages and the typed values', async () => {
    const { manager, projectId } = await setup();
    const res = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ label: '', endDate: '01/03/2026', progress: '150', description: 'Gardé tel quel' }));
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'label')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(res.text, 'progress')).toBe('Saisissez un avancement entier entre 0 et 100.');
    expect(res.text).toContain('Gardé tel quel');
    expect(res.text).toContain('value="01/03/2026"');

    const reversed = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ endDate: '01/03/2026' }));
    expect(reversed.status).toBe(200);
    expect(fieldError(reversed.text, 'endDate')).toBe('La date de fin doit être postérieure à la date de début.');
    const bad = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ startDate: '31/02/2026' }));
    expect(fieldError(bad.text, 'startDate')).toBe('Saisissez une date au format JJ/MM/AAAA.');
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(0);
  });

  it('refuses an assignee who is not a member of the project', async () => {
    const { manager, outsider, projectId } = await setup();
    const res = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ assignee: outsider.id }));
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'assignee')).toBe('Choisissez un membre du projet.');
  });

  it('refuses an assignee on approved leave or in a work interruption on the dates ("user not available at the date")', async () => {
    const { manager, member, projectId } = await setup();
    const employee = await insertEmployee(t, manager.tenantId, member.id);
    await insertLeave(t, manager.tenantId, employee, '2026-03-05', '2026-03-09');
    await insertLeave(t, manager.tenantId, employee, '2026-03-16', '2026-03-20', 'requested');
    await insertInterruption(t, manager.tenantId, employee, '2026-04-01', '2026-04-03');

    const onLeave = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ assignee: member.id }));
    expect(onLeave.status).toBe(200);
    expect(fieldError(onLeave.text, 'assignee')).toBe("L'utilisateur n'est pas disponible à cette date.");
    const stopped = await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ assignee: member.id, startDate: '02/04/2026', endDate: '02/04/2026' }));
    expect(fieldError(stopped.text, 'assignee')).toBe("L'utilisateur n'est pas disponible à cette date.");
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(0);

    // A leave only asked for does not block; nor does leaving the task unassigned.
    expect((await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ assignee: member.id, startDate: '16/03/2026', endDate: '17/03/2026' }))).status).toBe(201);
    expect((await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ assignee: '' }))).status).toBe(201);
  });

  it('keeps the parent within the project', async () => {
    const { manager, projectId } = await setup();
    const parent = await insertTask(t, manager.tenantId, projectId, { label: 'Zonage' });
    const elsewhere = await insertTask(t, manager.tenantId, await insertProject(t, manager.tenantId), { label: 'Ailleurs' });
    const form = await manager.agent.get(`/projects/${projectId}/tasks/new?parent=${parent}`).set(XHR);
    expect(form.text).toMatch(new RegExp(`<option value="${parent}" selected>Zonage</option>`));
    expect((await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ parent: elsewhere }))).text).toContain('Cette valeur doit être l&#39;un des choix proposés.');
    expect((await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task({ parent }))).status).toBe(201);
    const [child] = await q('SELECT parent_id FROM project_task WHERE project_id = $1 AND id <> $2', [projectId, parent]);
    expect(child.parent_id).toBe(parent);
  });

  it('answers 403 without the tasks ability, 404 out of sight or in another company, and lets a project manager in', async () => {
    const { manager, member, outsider, projectId } = await setup();
    expect((await member.agent.get(`/projects/${projectId}/tasks/new`).set(XHR)).status).toBe(403);
    const refused = await postForm(member, `/projects/${projectId}/tasks/new`, FORM, task());
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Vous n'avez pas les autorisations nécessaires");
    // Not a member and no "view all": the project does not exist for him.
    expect((await postForm(outsider, `/projects/${projectId}/tasks/new`, FORM, task())).status).toBe(404);
    const stranger = await actor(t, ['project.view', 'project.tasks', 'project.view_all']);
    expect((await stranger.agent.get(`/projects/${projectId}/tasks/new`).set(XHR)).status).toBe(404);
    expect((await postForm(stranger, `/projects/${projectId}/tasks/new`, FORM, task())).status).toBe(404);
    // Without project.view at all, the route is closed.
    const nobody = await actor(t, [], await companyOf(t, manager.tenantId));
    expect((await nobody.agent.get(`/projects/${projectId}/tasks/new`).set(XHR)).status).toBe(403);
    // None of the refused posts added a task.
    expect(await q('SELECT id FROM project_task WHERE project_id = $1', [projectId])).toEqual([]);

    // A member flagged project manager manages tasks without the named right.
    await q('UPDATE project_member SET is_project_manager = true WHERE project_id = $1 AND user_id = $2', [projectId, member.id]);
    expect((await postForm(member, `/projects/${projectId}/tasks/new`, FORM, task())).status).toBe(201);
    // An archived project is read-only.
    await q("UPDATE project SET state = 'archived' WHERE id = $1", [projectId]);
    expect((await postForm(manager, `/projects/${projectId}/tasks/new`, FORM, task())).status).toBe(403);
    expect(await q('SELECT id FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(1);
  });
});

describe('project_task_milestone_add and _edit', () => {
  it('saves a milestone on one day and edits it; the task routes do not open it', async () => {
    const { manager, projectId } = await setup();
    const form = await manager.agent.get(`/projects/${projectId}/milestones/new`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="milestone-form"');
    expect(form.text).not.toContain('project_task[endDate]');
    const res = await postForm(manager, `/projects/${projectId}/milestones/new`, 'project_task', { label: 'Vérification initiale', startDate: '15/04/2026', startTime: '', version: '0' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Le jalon « Vérification initiale » a été enregistré.');
    const [m] = await q('SELECT id, is_milestone, start_at, end_at, version FROM project_task WHERE project_id = $1', [projectId]);
    expect(m.is_milestone).toBe(true);
    expect(new Date(m.start_at).toISOString()).toBe('2026-04-15T06:00:00.000Z');
    expect(new Date(m.end_at).getTime()).toBe(new Date(m.start_at).getTime());

    expect((await manager.agent.get(`/projects/tasks/${m.id}/edit`).set(XHR)).status).toBe(404);
    const edit = await manager.agent.get(`/projects/milestones/${m.id}/edit`).set(XHR);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('value="15/04/2026"');
    const saved = await postForm(manager, `/projects/milestones/${m.id}/edit`, 'project_task', { label: 'Vérification initiale', startDate: '20/04/2026', startTime: '10:00', version: m.version });
    expect(saved.status).toBe(201);
    const after = await taskRow(t, m.id);
    expect(new Date(after!.start_at).toISOString()).toBe('2026-04-20T08:00:00.000Z');
    expect(after!.is_milestone).toBe(true);

    const member = await actor(t, ['project.view'], await companyOf(t, manager.tenantId));
    await addMember(t, manager.tenantId, projectId, member.id);
    expect((await postForm(member, `/projects/${projectId}/milestones/new`, 'project_task', { label: 'X', startDate: '15/04/2026' })).status).toBe(403);
    expect((await postForm(member, `/projects/milestones/${m.id}/edit`, 'project_task', { label: 'X', startDate: '15/04/2026', version: after!.version })).status).toBe(403);
    expect(await taskRow(t, m.id)).toEqual(after);
    expect(await q('SELECT id FROM project_task WHERE project_id = $1', [projectId])).toEqual([{ id: m.id }]);
  });
});

describe('project_task_edit', () => {
  it('saves the fields, moves the dates through the dates history and refuses a stale edit', async () => {
    const { manager, member, projectId } = await setup();
    const id = await insertTask(t, manager.tenantId, projectId, { label: 'Plan de zonage', assignee_id: member.id });
    const form = await manager.agent.get(`/projects/tasks/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="Plan de zonage"');
    expect(form.text).toContain('value="02/03/2026"');
    expect(form.text).toContain('value="08:00"');

    const res = await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ label: 'Plan de zonage validé', assignee: member.id, startDate: '09/03/2026', endDate: '13/03/2026', progress: '50', version: '1' }));
    expect(res.status).toBe(201);
    const row = await taskRow(t, id);
    expect(row).toMatchObject({ label: 'Plan de zonage validé', progress: 50, state: 'in_progress' });
    expect(new Date(row!.start_at).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    const history = await q('SELECT old_start_at, new_start_at, user_id FROM project_task_date_change WHERE task_id = $1', [id]);
    expect(history).toHaveLength(1);
    expect(new Date(history[0].old_start_at).toISOString()).toBe('2026-03-02T07:00:00.000Z');
    expect(history[0].user_id).toBe(manager.id);

    // Somebody else's form, loaded before that save, is refused.
    const stale = await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ label: 'Ancienne saisie', version: '1' }));
    expect(stale.status).toBe(409);
    expect((await taskRow(t, id))!.label).toBe('Plan de zonage validé');

    // Editing without changing dates writes no history row.
    expect((await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ label: 'Plan validé', assignee: member.id, startDate: '09/03/2026', endDate: '13/03/2026', version: row!.version }))).status).toBe(201);
    expect(await q('SELECT 1 FROM project_task_date_change WHERE task_id = $1', [id])).toHaveLength(1);
  });

  it('keeps the assignee of a task who has left the project, but refuses to give it to another non-member', async () => {
    const { manager, member, outsider, projectId } = await setup();
    const id = await insertTask(t, manager.tenantId, projectId, { assignee_id: member.id });
    await q('DELETE FROM project_member WHERE project_id = $1 AND user_id = $2', [projectId, member.id]);
    const form = await manager.agent.get(`/projects/tasks/${id}/edit`).set(XHR);
    expect(form.text).toMatch(new RegExp(`<option value="${member.id}" selected>`));
    expect((await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ label: 'Renommée', assignee: member.id, version: '1' }))).status).toBe(201);
    const other = await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ assignee: outsider.id, version: '2' }));
    expect(fieldError(other.text, 'assignee')).toBe('Choisissez un membre du projet.');
  });

  it('refuses to move the task onto the assignee\'s leave', async () => {
    const { manager, member, projectId } = await setup();
    const id = await insertTask(t, manager.tenantId, projectId, { assignee_id: member.id });
    await insertLeave(t, manager.tenantId, await insertEmployee(t, manager.tenantId, member.id), '2026-03-23', '2026-03-27');
    const res = await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ assignee: member.id, startDate: '24/03/2026', endDate: '24/03/2026', version: '1' }));
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'assignee')).toBe("L'utilisateur n'est pas disponible à cette date.");
    expect(new Date((await taskRow(t, id))!.start_at).toISOString()).toBe('2026-03-02T07:00:00.000Z');
  });

  it('answers 403 without the ability and 404 for another company\'s task', async () => {
    const { manager, member, projectId } = await setup();
    const id = await insertTask(t, manager.tenantId, projectId);
    expect((await member.agent.get(`/projects/tasks/${id}/edit`).set(XHR)).status).toBe(403);
    expect((await postForm(member, `/projects/tasks/${id}/edit`, FORM, task({ version: '1' }))).status).toBe(403);
    const stranger = await actor(t, ['project.view', 'project.view_all', 'project.tasks']);
    expect((await stranger.agent.get(`/projects/tasks/${id}/edit`).set(XHR)).status).toBe(404);
    expect((await postForm(stranger, `/projects/tasks/${id}/edit`, FORM, task({ version: '1' }))).status).toBe(404);
    expect((await manager.agent.get('/projects/tasks/99999999999/edit').set(XHR)).status).toBe(404);
  });
});

describe('project_task_remove', () => {
  it('removes the task (200), its children stay at the top level; 403 and 404 otherwise', async () => {
    const { manager, member, projectId } = await setup();
    const parent = await insertTask(t, manager.tenantId, projectId, { label: 'Zonage' });
    const child = await insertTask(t, manager.tenantId, projectId, { label: 'Relevé', parent_id: parent });
    expect((await postEmpty(member, `/projects/tasks/${parent}/remove`)).status).toBe(403);
    const stranger = await actor(t, ['project.view', 'project.view_all', 'project.tasks']);
    expect((await postEmpty(stranger, `/projects/tasks/${parent}/remove`)).status).toBe(404);
    // Without CSRF token the removal is refused.
    expect((await manager.agent.post(`/projects/tasks/${parent}/remove`).set(XHR).send()).status).toBe(403);
    expect((await taskRow(t, parent))!.label).toBe('Zonage');
    expect((await taskRow(t, child))!.parent_id).toBe(parent);

    const res = await postEmpty(manager, `/projects/tasks/${parent}/remove`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('La tâche « Zonage » a été supprimée.');
    expect(await taskRow(t, parent)).toBeUndefined();
    expect((await taskRow(t, child))!.parent_id).toBeNull();
    expect((await postEmpty(manager, `/projects/tasks/${parent}/remove`)).status).toBe(404);
  });
});

describe('project_task_done', () => {
  it('closes the task with its comment (progress 100), for its assignee too, never for a bystander', async () => {
    const { manager, member, projectId } = await setup();
    const bystander = await actor(t, ['project.view'], await companyOf(t, manager.tenantId));
    await addMember(t, manager.tenantId, projectId, bystander.id);
    const id = await insertTask(t, manager.tenantId, projectId, { label: 'Relevé', assignee_id: member.id, progress: 40, state: 'in_progress' });
    expect((await bystander.agent.get(`/projects/tasks/${id}/done`).set(XHR)).status).toBe(403);
    expect((await postForm(bystander, `/projects/tasks/${id}/done`, 'project_task_done', { doneComment: 'non', version: '1' })).status).toBe(403);

    const form = await member.agent.get(`/projects/tasks/${id}/done`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="task-done-form"');
    const res = await postForm(member, `/projects/tasks/${id}/done`, 'project_task_done', { doneComment: 'Relevé fait avec le chef d\'atelier.', version: '1' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('La tâche « Relevé » est terminée.');
    const row = await taskRow(t, id);
    expect(row).toMatchObject({ state: 'done', progress: 100, done_comment: 'Relevé fait avec le chef d\'atelier.' });
    expect(row!.done_at).not.toBeNull();
    // A stale done form is refused.
    expect((await postForm(manager, `/projects/tasks/${id}/done`, 'project_task_done', { doneComment: '', version: '1' })).status).toBe(409);
    // Editing the progress of a done task keeps it done.
    expect((await postForm(manager, `/projects/tasks/${id}/edit`, FORM, task({ label: 'Relevé', assignee: member.id, progress: '80', version: row!.version }))).status).toBe(201);
    expect((await taskRow(t, id))!.state).toBe('done');
  });
});

describe('project_task_show', () => {
  it('shows the task, its documents and its dates history; 404 through another project or company', async () => {
    const { manager, member, projectId } = await setup();
    const id = await insertTask(t, manager.tenantId, projectId, { label: 'Relevé des sources', description: 'Avec le chef d\'atelier', assignee_id: member.id, progress: 25, state: 'in_progress' });
    await q("INSERT INTO project_document (tenant_id, project_id, task_id, label, url) VALUES ($1, $2, $3, 'Fiche de relevé', 'https://exemple.fr/fiche')", [manager.tenantId, projectId, id]);
    const empty = await member.agent.get(`/projects/${projectId}/tasks/${id}`).set(XHR);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Relevé des sources');
    expect(empty.text).toContain('Fiche de relevé');
    expect(empty.text).toContain('data-testid="task-history-empty"');
    expect(empty.text).toContain('02/03/2026 08:00');
    expect(empty.text).not.toContain('data-testid="task-show-edit"');

    expect((await postEmpty(manager, `/projects/tasks/${id}/dates?start=2026-03-09%2008:00&end=2026-03-13%2017:00`)).status).toBe(200);
    const shown = await manager.agent.get(`/projects/${projectId}/tasks/${id}`).set(XHR);
    expect(shown.text).toContain('data-testid="task-history-row"');
    expect(shown.text).toContain('02/03/2026 08:00 → 06/03/2026 17:00');
    expect(shown.text).toContain('09/03/2026 08:00 → 13/03/2026 17:00');
    expect(shown.text).toContain('data-testid="task-show-edit"');

    const other = await insertProject(t, manager.tenantId);
    await addMember(t, manager.tenantId, other, manager.id);
    expect((await manager.agent.get(`/projects/${other}/tasks/${id}`).set(XHR)).status).toBe(404);
    const stranger = await actor(t, ['project.view', 'project.view_all']);
    expect((await stranger.agent.get(`/projects/${projectId}/tasks/${id}`).set(XHR)).status).toBe(404);
  });
});

describe('another company', () => {
  it('answers 404 on every task route with this company\'s ids and changes nothing', async () => {
    const { manager, projectId } = await setup();
    const id = await insertTask(t, manager.tenantId, projectId, { label: 'Intouchable' });
    const milestone = await insertTask(t, manager.tenantId, projectId, { label: 'Jalon intouchable', is_milestone: true });
    const stranger = await actor(t, ['project.view', 'project.view_all', 'project.tasks', 'project.done', 'project.schedules']);
    const gets = [`/projects/${projectId}/tasks/new`, `/projects/${projectId}/milestones/new`, `/projects/${projectId}/tasks/${id}`, `/projects/tasks/${id}/edit`,
      `/projects/milestones/${milestone}/edit`, `/projects/tasks/${id}/done`, `/projects/${projectId}/scheduled-tasks/new`];
    for (const url of gets) expect({ url, status: (await stranger.agent.get(url).set(XHR)).status }).toEqual({ url, status: 404 });
    const posts: Array<[string, string, Record<string, unknown>]> = [
      [`/projects/${projectId}/milestones/new`, FORM, { label: 'X', startDate: '01/03/2026' }],
      [`/projects/milestones/${milestone}/edit`, FORM, { label: 'X', startDate: '01/03/2026', version: '1' }],
      [`/projects/tasks/${id}/done`, 'project_task_done', { doneComment: 'X', version: '1' }],
    ];
    for (const [url, form, fields] of posts) expect({ url, status: (await postForm(stranger, url, form, fields)).status }).toEqual({ url, status: 404 });
    expect((await taskRow(t, id))).toMatchObject({ label: 'Intouchable', state: 'todo', version: 1 });
    expect((await taskRow(t, milestone))).toMatchObject({ label: 'Jalon intouchable', version: 1 });
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(2);
  });
});
