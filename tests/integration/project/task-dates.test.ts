import { saveTask, parseTaskForm } from '../../../server/modules/project/task/task.service';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, addMember, companyOf, insertEmployee, insertInterruption, insertLeave, insertProject, insertTask, postEmpty, taskRow } from './task-fixtures';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const move = (start: string, end: string, extra = '') => `?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}${extra}`;

describe('project_task_update_dates', () => {
  it('moves the task (200) with a dates history row, in Paris time', async () => {
    const manager = await actor(t, ['project.view', 'project.tasks']);
    const projectId = await insertProject(t, manager.tenantId);
    await addMember(t, manager.tenantId, projectId, manager.id);
    const id = await insertTask(t, manager.tenantId, projectId);
    const res = await postEmpty(manager, `/projects/tasks/${id}/dates${move('2026-03-10 09:30', '2026-03-12 18:00')}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Les dates de la tâche ont été enregistrées.');
    const row = await taskRow(t, id);
    expect(new Date(row!.start_at).toISOString()).toBe('2026-03-10T08:30:00.000Z');
    expect(new Date(row!.end_at).toISOString()).toBe('2026-03-12T17:00:00.000Z');
    const history = await q('SELECT new_start_at, user_id FROM project_task_date_change WHERE task_id = $1', [id]);
    expect(history).toHaveLength(1);
    expect(history[0].user_id).toBe(manager.id);

    // The gantt's DD/MM/YYYY, in the body, works too; summer time is +02:00.
    const body = await manager.agent.post(`/projects/tasks/${id}/dates`).set('X-Requested-With', 'XMLHttpRequest').type('form')
      .send({ _csrf_token: manager.csrf, start: '01/07/2026', end: '03/07/2026 12:00' });
    expect(body.status).toBe(200);
    expect(new Date((await taskRow(t, id))!.start_at).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date((await taskRow(t, id))!.end_at).toISOString()).toBe('2026-07-03T10:00:00.000Z');
  });

  it('answers 401 with the translated message when the assignee is on leave or stopped, and when the end is before the start', async () => {
    const manager = await actor(t, ['project.view', 'project.tasks']);
    const worker = await actor(t, ['project.view'], await companyOf(t, manager.tenantId));
    const projectId = await insertProject(t, manager.tenantId);
    await addMember(t, manager.tenantId, projectId, manager.id);
    await addMember(t, manager.tenantId, projectId, worker.id);
    const employee = await insertEmployee(t, manager.tenantId, worker.id);
    await insertLeave(t, manager.tenantId, employee, '2026-03-16', '2026-03-20');
    await insertInterruption(t, manager.tenantId, employee, '2026-04-06', null, 'WORK_ACCIDENT');
    const id = await insertTask(t, manager.tenantId, projectId, { assignee_id: worker.id });

    const leave = await postEmpty(manager, `/projects/tasks/${id}/dates${move('2026-03-18 08:00', '2026-03-18 17:00')}`);
    expect(leave.status).toBe(401);
    expect(leave.body.message).toBe("L'utilisateur n'est pas disponible à cette date.");
    const accident = await postEmpty(manager, `/projects/tasks/${id}/dates${move('2026-04-20 08:00', '2026-04-21 17:00')}`);
    expect(accident.status).toBe(401);
    const reversed = await postEmpty(manager, `/projects/tasks/${id}/dates${move('2026-03-05 08:00', '2026-03-04 17:00')}`);
    expect(reversed.status).toBe(401);
    expect(reversed.body.message).toBe('La date de fin doit être postérieure à la date de début.');
    const garbage = await postEmpty(manager, `/projects/tasks/${id}/dates${move('demain', '2026-03-04 17:00')}`);
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe('Saisissez une date au format JJ/MM/AAAA.');
    expect(new Date((await taskRow(t, id))!.start_at).toISOString()).toBe('2026-03-02T07:00:00.000Z');
    expect(await q('SELECT 1 FROM project_task_date_change WHERE task_id = $1', [id])).toHaveLength(0);
  });

  it('answers 403 with the calendar\'s message without the tasks ability, 404 for another company, 409 when stale', async () => {
    const manager = await actor(t, ['project.view', 'project.tasks']);
    const member = await actor(t, ['project.view'], await companyOf(t, manager.tenantId));
    const projectId = await insertProject(t, manager.tenantId);
    await addMember(t, manager.tenantId, projectId, manager.id);
    await addMember(t, manager.tenantId, projectId, member.id);
    const id = await insertTask(t, manager.tenantId, projectId);
    const before = await taskRow(t, id);
    // The refused moves aim at 20 – 21 March, the allowed one at 10 – 11 March: each leaves its own trace.
    const refusedMove = move('2026-03-20 08:00', '2026-03-21 17:00');
    const refused = await postEmpty(member, `/projects/tasks/${id}/dates${refusedMove}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Vous n'avez pas les autorisations nécessaires");
    const stranger = await actor(t, ['project.view', 'project.view_all', 'project.tasks']);
    expect((await postEmpty(stranger, `/projects/tasks/${id}/dates${refusedMove}`)).status).toBe(404);
    const stale = await postEmpty(manager, `/projects/tasks/${id}/dates${refusedMove}&version=7`);
    expect(stale.status).toBe(409);
    // Refused three times: the task has not moved, and no change is in its history.
    expect(await taskRow(t, id)).toEqual(before);
    expect(await q('SELECT id FROM project_task_date_change WHERE task_id = $1', [id])).toEqual([]);
    expect((await postEmpty(manager, `/projects/tasks/${id}/dates${move('2026-03-10 08:00', '2026-03-11 17:00', '&version=1')}`)).status).toBe(200);
    const moved = await taskRow(t, id);
    expect([new Date(moved!.start_at).toISOString(), new Date(moved!.end_at).toISOString()]).toEqual(['2026-03-10T07:00:00.000Z', '2026-03-11T16:00:00.000Z']);
  });

  it('moves a calendar task without project for a holder of project.tasks only', async () => {
    const planner = await actor(t, ['other.calendar', 'project.tasks']);
    const viewer = await actor(t, ['other.calendar'], await companyOf(t, planner.tenantId));
    const id = await insertTask(t, planner.tenantId, null, { label: 'Réunion CSE' });
    const before = await taskRow(t, id);
    // The viewer aims at 12 March, the planner at 10 March: the dates tell which move went through.
    expect((await postEmpty(viewer, `/projects/tasks/${id}/dates${move('2026-03-12 14:00', '2026-03-12 16:00')}`)).status).toBe(403);
    expect(await taskRow(t, id)).toEqual(before);
    expect((await postEmpty(planner, `/projects/tasks/${id}/dates${move('2026-03-10 08:00', '2026-03-10 10:00')}`)).status).toBe(200);
    const moved = await taskRow(t, id);
    expect([new Date(moved!.start_at).toISOString(), new Date(moved!.end_at).toISOString()]).toEqual(['2026-03-10T07:00:00.000Z', '2026-03-10T09:00:00.000Z']);
  });
});

describe('saveTask (the calendar\'s form)', () => {
  it('saves a calendar task without project for any user of the company and refuses one on leave', async () => {
    const planner = await actor(t, ['other.calendar', 'project.tasks']);
    const worker = await actor(t, [], await companyOf(t, planner.tenantId));
    await insertLeave(t, planner.tenantId, await insertEmployee(t, planner.tenantId, worker.id), '2026-05-04', '2026-05-08');
    const user = { id: planner.id, tenantId: planner.tenantId } as Parameters<typeof saveTask>[1];
    const form = (fields: Record<string, unknown>) => {
      const parsed = parseTaskForm({ project_task: { label: 'Inventaire EPI', startDate: '05/05/2026', startTime: '09:00', endDate: '05/05/2026', endTime: '11:00', ...fields } });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.data;
    };
    const refused = await saveTask(t.db.dataSource, user, { projectId: null, id: null }, form({ assignee: String(worker.id) }));
    expect(refused).toEqual({ ok: false, errors: { assignee: 'project.errors.user_unavailable' } });
    const saved = await saveTask(t.db.dataSource, user, { projectId: null, id: null }, form({ assignee: String(worker.id), startDate: '11/05/2026', endDate: '11/05/2026' }));
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const row = await taskRow(t, saved.id);
    expect(row).toMatchObject({ project_id: null, assignee_id: worker.id, label: 'Inventaire EPI' });
    // An edit without projectId keeps the task's own (none); an unknown user is refused.
    const stranger = await actor(t, []);
    const edit = await saveTask(t.db.dataSource, user, { id: saved.id }, form({ assignee: String(stranger.id), startDate: '12/05/2026', endDate: '12/05/2026', version: String(row!.version) }));
    expect(edit).toEqual({ ok: false, errors: { assignee: 'validation.choice' } });
    const stale = await saveTask(t.db.dataSource, user, { id: saved.id }, form({ version: '99' }));
    expect(stale).toMatchObject({ ok: false, stale: true, errors: { _form: 'errors.stale' } });
    const other = await saveTask(t.db.dataSource, { id: stranger.id, tenantId: stranger.tenantId } as Parameters<typeof saveTask>[1], { id: saved.id }, form({ version: String(row!.version) }));
    expect(other).toMatchObject({ ok: false, notFound: true });
  });
});
