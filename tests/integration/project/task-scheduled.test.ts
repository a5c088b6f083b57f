import { FixedClock, useClock } from '../../../server/kernel/clock';
import { drainJobs, enqueue } from '../../../server/kernel/jobs';
import { SCHEDULED_TASKS_JOB } from '../../../server/modules/project/task/scheduled-task.job';
import { createTestApp, loginAs, type TestApp } from '../../support/app';
import { actor, addMember, companyOf, fieldError, insertEmployee, insertLeave, insertProject, postEmpty, postForm, XHR } from './task-fixtures';

let t: TestApp;
let restore: () => void = () => undefined;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
afterEach(() => restore());

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const FORM = 'project_scheduled_task';
const schedule = (fields: Record<string, unknown> = {}) => ({
  label: 'Contrôle de l\'extraction', description: '', assignee: '', hourEstimation: '1', durationDays: '1', every: '1', unit: 'week',
  startDate: '02/02/2026', endDate: '', version: '0', ...fields,
});

/** Runs the daily job for the company, as the queue would. */
async function runJob(tenantId: number): Promise<void> {
  await enqueue(t.db.dataSource.manager, SCHEDULED_TASKS_JOB, { tenantIds: [tenantId] }, { tenantId });
  await drainJobs(t.db.dataSource, { names: [SCHEDULED_TASKS_JOB], tenantIds: [tenantId] });
}

/** The days of the tasks made by a schedule, in order. */
async function madeDays(scheduleId: number): Promise<string[]> {
  const rows = await q('SELECT scheduled_for::text AS day FROM project_task WHERE scheduled_task_id = $1 ORDER BY scheduled_for', [scheduleId]);
  return rows.map((r: { day: string }) => r.day);
}

async function setup() {
  const manager = await actor(t, ['project.view', 'project.schedules']);
  const company = await companyOf(t, manager.tenantId);
  const member = await actor(t, ['project.view', 'project.tasks'], company);
  const projectId = await insertProject(t, manager.tenantId, { label: 'ATEX peinture' });
  await addMember(t, manager.tenantId, projectId, manager.id);
  await addMember(t, manager.tenantId, projectId, member.id);
  return { manager, member, projectId };
}

describe('project_scheduled_task_add, _edit, _remove', () => {
  it('saves a schedule (201), re-renders errors (200), edits it with the lock and removes it (200) keeping its tasks', async () => {
    restore = useClock(new FixedClock(new Date('2026-02-10T09:00:00Z')));
    const { manager, member, projectId } = await setup();
    const form = await manager.agent.get(`/projects/${projectId}/scheduled-tasks/new`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('data-testid="scheduled-form"');

    const bad = await postForm(manager, `/projects/${projectId}/scheduled-tasks/new`, FORM, schedule({ every: '0', unit: '', startDate: '', label: 'Gardé' }));
    expect(bad.status).toBe(200);
    expect(fieldError(bad.text, 'every')).toBe('Saisissez un nombre entier entre 1 et 365.');
    expect(fieldError(bad.text, 'unit')).toBe('Veuillez effectuer une sélection');
    expect(fieldError(bad.text, 'startDate')).toBe('Veuillez renseigner ce champ.');
    expect(bad.text).toContain('value="Gardé"');
    const reversed = await postForm(manager, `/projects/${projectId}/scheduled-tasks/new`, FORM, schedule({ endDate: '01/02/2026' }));
    expect(fieldError(reversed.text, 'endDate')).toBe('La date de fin doit être postérieure à la date de début.');
    const stranger = await actor(t, [], await companyOf(t, manager.tenantId));
    const notMember = await postForm(manager, `/projects/${projectId}/scheduled-tasks/new`, FORM, schedule({ assignee: stranger.id }));
    expect(fieldError(notMember.text, 'assignee')).toBe('Choisissez un membre du projet.');

    const res = await postForm(manager, `/projects/${projectId}/scheduled-tasks/new`, FORM, schedule({ assignee: member.id }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('La tâche planifiée « Contrôle de l\'extraction » a été enregistrée.');
    const [s] = await q('SELECT id, next_date::text AS next, version FROM project_scheduled_task WHERE project_id = $1', [projectId]);
    // Saved on 10/02: the occurrences of 02/02 and 09/02 are made at once; the next is 16/02.
    expect(await madeDays(s.id)).toEqual(['2026-02-02', '2026-02-09']);
    expect(s.next).toBe('2026-02-16');
    const [made] = await q('SELECT label, assignee_id, start_at, end_at, state FROM project_task WHERE scheduled_task_id = $1 ORDER BY scheduled_for LIMIT 1', [s.id]);
    expect(made).toMatchObject({ label: 'Contrôle de l\'extraction', assignee_id: member.id, state: 'todo' });
    expect(new Date(made.start_at).toISOString()).toBe('2026-02-02T07:00:00.000Z');
    expect(new Date(made.end_at).toISOString()).toBe('2026-02-02T16:00:00.000Z');

    const edit = await manager.agent.get(`/projects/scheduled-tasks/${s.id}/edit`).set(XHR);
    expect(edit.text).toContain('value="02/02/2026"');
    // Every two weeks from the same start: 02/02 and 16/02 ... nothing made twice, the next is 16/02.
    expect((await postForm(manager, `/projects/scheduled-tasks/${s.id}/edit`, FORM, schedule({ every: '2', version: s.version }))).status).toBe(201);
    expect((await q('SELECT next_date::text AS next FROM project_scheduled_task WHERE id = $1', [s.id]))[0].next).toBe('2026-02-16');
    expect((await postForm(manager, `/projects/scheduled-tasks/${s.id}/edit`, FORM, schedule({ every: '3', version: s.version }))).status).toBe(409);

    const removed = await postEmpty(manager, `/projects/scheduled-tasks/${s.id}/remove`);
    expect(removed.status).toBe(200);
    expect(await q('SELECT 1 FROM project_scheduled_task WHERE id = $1', [s.id])).toHaveLength(0);
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(2);
  });

  it('answers 403 without the schedules ability and 404 for another company', async () => {
    const { manager, member, projectId } = await setup();
    expect((await member.agent.get(`/projects/${projectId}/scheduled-tasks/new`).set(XHR)).status).toBe(403);
    expect((await postForm(member, `/projects/${projectId}/scheduled-tasks/new`, FORM, schedule())).status).toBe(403);
    expect(await q('SELECT id FROM project_scheduled_task WHERE project_id = $1', [projectId])).toEqual([]);
    const [s] = await q(`INSERT INTO project_scheduled_task (tenant_id, project_id, label, every, unit, start_date, next_date) VALUES ($1, $2, 'Ronde', 1, 'day', '2099-01-01', '2099-01-01') RETURNING id`, [manager.tenantId, projectId]);
    expect((await member.agent.get(`/projects/scheduled-tasks/${s.id}/edit`).set(XHR)).status).toBe(403);
    expect((await postEmpty(member, `/projects/scheduled-tasks/${s.id}/remove`)).status).toBe(403);
    const stranger = await actor(t, ['project.view', 'project.view_all', 'project.schedules']);
    expect((await stranger.agent.get(`/projects/${projectId}/scheduled-tasks/new`).set(XHR)).status).toBe(404);
    expect((await stranger.agent.get(`/projects/scheduled-tasks/${s.id}/edit`).set(XHR)).status).toBe(404);
    expect((await postEmpty(stranger, `/projects/scheduled-tasks/${s.id}/remove`)).status).toBe(404);
    // Neither refusal removed it.
    expect(await q('SELECT id FROM project_scheduled_task WHERE project_id = $1', [projectId])).toEqual([{ id: s.id }]);
    expect((await postEmpty(manager, `/projects/scheduled-tasks/${s.id}/remove`)).status).toBe(200);
  });
});

describe('the daily scheduled-task job', () => {
  it('makes one task per schedule and day as the clock moves: days, weeks, months from the 31st, until the end day', async () => {
    const clock = new FixedClock(new Date('2026-01-29T10:00:00Z'));
    restore = useClock(clock);
    const { manager, member, projectId } = await setup();
    const add = (fields: Record<string, unknown>) => postForm(manager, `/projects/${projectId}/scheduled-tasks/new`, FORM, schedule(fields));
    expect((await add({ label: 'Mensuel', unit: 'month', startDate: '31/01/2026' })).status).toBe(201);
    expect((await add({ label: 'Bimensuel', unit: 'week', every: '2', startDate: '02/02/2026', assignee: member.id })).status).toBe(201);
    expect((await add({ label: 'Tous les 3 jours', unit: 'day', every: '3', startDate: '30/01/2026', endDate: '08/02/2026', durationDays: '2' })).status).toBe(201);
    const ids = Object.fromEntries((await q('SELECT id, label FROM project_scheduled_task WHERE project_id = $1', [projectId])).map((r: any) => [r.label, r.id]));
    // The member is on leave the week of 16/02: that occurrence is made without him.
    await insertLeave(t, manager.tenantId, await insertEmployee(t, manager.tenantId, member.id), '2026-02-16', '2026-02-20');
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(0);

    clock.set(new Date('2026-01-30T05:00:00Z'));
    await runJob(manager.tenantId);
    expect(await madeDays(ids['Tous les 3 jours'])).toEqual(['2026-01-30']);
    expect(await madeDays(ids.Mensuel)).toEqual([]);

    clock.set(new Date('2026-02-28T23:30:00Z')); // 01/03 00:30 in Paris
    await runJob(manager.tenantId);
    expect(await madeDays(ids.Mensuel)).toEqual(['2026-01-31', '2026-02-28']);
    expect(await madeDays(ids.Bimensuel)).toEqual(['2026-02-02', '2026-02-16']);
    expect(await madeDays(ids['Tous les 3 jours'])).toEqual(['2026-01-30', '2026-02-02', '2026-02-05', '2026-02-08']);
    const [twoDays] = await q("SELECT start_at, end_at FROM project_task WHERE scheduled_task_id = $1 AND scheduled_for = '2026-02-05'", [ids['Tous les 3 jours']]);
    expect(new Date(twoDays.end_at).toISOString()).toBe('2026-02-06T16:00:00.000Z');
    const assignees = await q('SELECT scheduled_for::text AS day, assignee_id FROM project_task WHERE scheduled_task_id = $1 ORDER BY scheduled_for', [ids.Bimensuel]);
    expect(assignees).toEqual([{ day: '2026-02-02', assignee_id: member.id }, { day: '2026-02-16', assignee_id: null }]);

    // Running again the same day makes nothing twice.
    await runJob(manager.tenantId);
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(8);

    clock.set(new Date('2026-05-01T06:00:00Z'));
    await runJob(manager.tenantId);
    expect(await madeDays(ids.Mensuel)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(await madeDays(ids.Bimensuel)).toEqual(['2026-02-02', '2026-02-16', '2026-03-02', '2026-03-16', '2026-03-30', '2026-04-13', '2026-04-27']);
    const next = await q('SELECT label, next_date::text AS next FROM project_scheduled_task WHERE project_id = $1 ORDER BY label', [projectId]);
    expect(next).toEqual([{ label: 'Bimensuel', next: '2026-05-11' }, { label: 'Mensuel', next: '2026-05-31' }, { label: 'Tous les 3 jours', next: null }]);

    // The project's tasks tab shows the schedules and their next day.
    const { agent } = await loginAs(t, manager);
    const page = await agent.get(`/projects/${projectId}?tab=tasks`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="tab-tasks"');
    expect(page.text).toContain('prochaine le 31/05/2026');
    expect(page.text).toContain('Toutes les 2 semaine(s)');
  });

  it('leaves archived projects and other companies alone', async () => {
    const clock = new FixedClock(new Date('2026-03-01T10:00:00Z'));
    restore = useClock(clock);
    const { manager, projectId } = await setup();
    await q(`INSERT INTO project_scheduled_task (tenant_id, project_id, label, every, unit, start_date, next_date) VALUES ($1, $2, 'Ronde', 1, 'day', '2026-03-02', '2026-03-02')`, [manager.tenantId, projectId]);
    await q("UPDATE project SET state = 'archived' WHERE id = $1", [projectId]);
    clock.set(new Date('2026-03-05T10:00:00Z'));
    await runJob(manager.tenantId);
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(0);
    await q("UPDATE project SET state = 'in_progress' WHERE id = $1", [projectId]);
    const other = await actor(t, ['project.view']);
    await runJob(other.tenantId);
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(0);
    await runJob(manager.tenantId);
    expect(await q('SELECT 1 FROM project_task WHERE project_id = $1', [projectId])).toHaveLength(4);
  });
});
