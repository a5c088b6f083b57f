import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import {
  actor, companyOf, fieldError, insertEmployee, insertLeave, insertMember, insertProject, insertTask, postForm, XHR, type Actor,
} from './calendar-fixtures';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-10T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
const FORBIDDEN = "Vous n'avez pas les autorisations nécessaires";
const TASKS = ['other.calendar', 'project.tasks'];
const post = (a: Actor, url: string, fields: Record<string, unknown>) => postForm(a, url, 'project_task', fields);
const taskRow = async (id: number) => (await q(`SELECT label, project_id, assignee_id, version, to_char(start_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD HH24:MI') AS start,
  to_char(end_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD HH24:MI') AS "end" FROM project_task WHERE id = $1`, [id]))[0];
const lastTask = async (tenantId: number) => (await q('SELECT max(id) AS id FROM project_task WHERE tenant_id = $1', [tenantId]))[0].id as number | null;

const FIELDS = { label: 'Contrôle des extincteurs', startDate: '11/06/2026', startTime: '09:00', endDate: '11/06/2026', endTime: '11:00', progress: '0', version: '0' };

describe('project_calendar_add_task', () => {
  it('opens the form of a selected slot with its day and hours', async () => {
    const a = await actor(t, TASKS);
    const res = await a.agent.get('/calendar/task/new').query({ start: '2026-06-11 09:30', end: '2026-06-11 11:00' }).set(XHR);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="calendar-task-form"');
    expect(res.text).toContain('value="11/06/2026"');
    expect(res.text).toContain('value="09:30"');
    expect(res.text).toContain('value="11:00"');
    // A whole-day selection of the month view (end at the next midnight) gets working hours on that day.
    const day = await a.agent.get('/calendar/task/new').query({ start: '2026-06-15 00:00', end: '2026-06-17 00:00' }).set(XHR);
    expect(day.text).toContain('value="15/06/2026"');
    expect(day.text).toContain('value="16/06/2026"');
    expect(day.text).toContain('value="08:00"');
    expect(day.text).toContain('value="17:00"');
  });

  it('saves a calendar task (201) at the Paris hours typed', async () => {
    const a = await actor(t, TASKS);
    const res = await post(a, '/calendar/task/new', { ...FIELDS, assignee: a.id });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('La tâche est enregistrée.');
    expect(await taskRow((await lastTask(a.tenantId))!)).toMatchObject({ label: 'Contrôle des extincteurs', project_id: null, assignee_id: a.id, start: '2026-06-11 09:00', end: '2026-06-11 11:00' });
  });

  it('gives the form back (200) with French errors and what was typed', async () => {
    const a = await actor(t, TASKS);
    const res = await post(a, '/calendar/task/new', { ...FIELDS, label: '', description: 'Vérifier les dates de recharge' });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'label')).toBe('Veuillez renseigner ce champ.');
    expect(res.text).toContain('Vérifier les dates de recharge');
    const reversed = await post(a, '/calendar/task/new', { ...FIELDS, endDate: '10/06/2026' });
    expect(reversed.status).toBe(200);
    expect(fieldError(reversed.text, 'endDate')).toBe('La date de fin doit être postérieure à la date de début.');
    expect(await lastTask(a.tenantId)).toBeNull();
  });

  it('refuses an assignee on approved leave those days (the spec\'s message under the field)', async () => {
    const a = await actor(t, TASKS);
    const worker = await makeUser(t, { roles: [], company: await companyOf(t, a.tenantId) });
    const employee = await insertEmployee(t, a.tenantId, worker.id);
    await insertLeave(t, a.tenantId, employee, '2026-06-11', '2026-06-12');
    const res = await post(a, '/calendar/task/new', { ...FIELDS, assignee: worker.id });
    expect(res.status).toBe(200);
    expect(fieldError(res.text, 'assignee')).toBe("L'utilisateur n'est pas disponible à cette date.");
    expect(await lastTask(a.tenantId)).toBeNull();
    expect((await post(a, '/calendar/task/new', { ...FIELDS, startDate: '15/06/2026', endDate: '15/06/2026', assignee: worker.id })).status).toBe(201);
  });

  it('answers 403 with the calendar message without the tasks ability', async () => {
    const viewer = await actor(t, ['other.calendar']);
    for (const res of [
      await viewer.agent.get('/calendar/task/new').set(XHR),
      await post(viewer, '/calendar/task/new', FIELDS),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FORBIDDEN);
    }
    expect(await lastTask(viewer.tenantId)).toBeNull();
    // Asked as a page (not by the client): the French error page.
    const page = await viewer.agent.get('/calendar/task/new');
    expect(page.status).toBe(403);
    expect(page.text).toContain('Accès refusé');
  });

  it('lets a project manager add tasks to his project only, assignee a member', async () => {
    const manager = await actor(t, ['other.calendar']);
    const company = await companyOf(t, manager.tenantId);
    const member = await makeUser(t, { roles: [], company });
    const outsider = await makeUser(t, { roles: [], company });
    const own = await insertProject(t, manager.tenantId, 'Campagne TMS', manager.id);
    await insertMember(t, manager.tenantId, own, manager.id, { is_project_manager: true });
    await insertMember(t, manager.tenantId, own, member.id);
    const foreign = await insertProject(t, manager.tenantId, 'ATEX', manager.id);

    const form = await manager.agent.get('/calendar/task/new').set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Campagne TMS');
    expect(form.text).not.toContain('ATEX');
    expect(form.text).not.toContain('Sans projet');

    const notMember = await post(manager, '/calendar/task/new', { ...FIELDS, project: own, assignee: outsider.id });
    expect(notMember.status).toBe(200);
    expect(fieldError(notMember.text, 'assignee')).not.toBeNull();
    expect((await post(manager, '/calendar/task/new', { ...FIELDS, project: own, assignee: member.id })).status).toBe(201);
    const added = await lastTask(manager.tenantId);
    expect((await taskRow(added!)).project_id).toBe(own);

    const refused = await post(manager, '/calendar/task/new', { ...FIELDS, project: foreign });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FORBIDDEN);
    // Without project.tasks, a task without project is not his to add either.
    expect((await post(manager, '/calendar/task/new', FIELDS)).status).toBe(403);
    // The refusals added nothing: the task of his project is still the company's last.
    expect(await lastTask(manager.tenantId)).toBe(added);
  });
});

describe('project_calendar_edit_task', () => {
  it('edits a task (201) and writes the dates history', async () => {
    const a = await actor(t, TASKS);
    const id = await insertTask(t, a.tenantId, null, 'Inventaire EPI', '2026-06-11T07:00:00Z', '2026-06-11T08:00:00Z');
    const form = await a.agent.get(`/calendar/task/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="Inventaire EPI"');
    expect(form.text).toContain('value="09:00"');
    const res = await post(a, `/calendar/task/${id}/edit`, { ...FIELDS, label: 'Inventaire des EPI', startDate: '12/06/2026', endDate: '12/06/2026', version: 1 });
    expect(res.status).toBe(201);
    expect(await taskRow(id)).toMatchObject({ label: 'Inventaire des EPI', start: '2026-06-12 09:00', end: '2026-06-12 11:00' });
    expect((await q('SELECT count(*)::int AS n FROM project_task_date_change WHERE task_id = $1', [id]))[0].n).toBe(1);

    const stale = await post(a, `/calendar/task/${id}/edit`, { ...FIELDS, label: 'Ancienne version', version: 1 });
    expect(stale.status).toBe(409);
    expect((await taskRow(id)).label).toBe('Inventaire des EPI');
  });

  it('404 for another company\'s task or a project out of sight, 403 without the tasks ability', async () => {
    const a = await actor(t, TASKS);
    const other = await actor(t, TASKS);
    const foreign = await insertTask(t, other.tenantId, null, 'Ailleurs', '2026-06-11T07:00:00Z', '2026-06-11T08:00:00Z');
    expect((await a.agent.get(`/calendar/task/${foreign}/edit`).set(XHR)).status).toBe(404);
    expect((await post(a, `/calendar/task/${foreign}/edit`, { ...FIELDS, version: 1 })).status).toBe(404);
    expect((await taskRow(foreign)).label).toBe('Ailleurs');

    const colleague = await makeUser(t, { roles: [], company: await companyOf(t, a.tenantId) });
    const hidden = await insertProject(t, a.tenantId, 'Caché', colleague.id);
    const hiddenTask = await insertTask(t, a.tenantId, hidden, 'Secret', '2026-06-11T07:00:00Z', '2026-06-11T08:00:00Z');
    expect((await a.agent.get(`/calendar/task/${hiddenTask}/edit`).set(XHR)).status).toBe(404);

    const viewer = await actor(t, ['other.calendar'], await companyOf(t, a.tenantId));
    const calendarTask = await insertTask(t, a.tenantId, null, 'Commune', '2026-06-11T07:00:00Z', '2026-06-11T08:00:00Z');
    for (const res of [await viewer.agent.get(`/calendar/task/${calendarTask}/edit`).set(XHR), await post(viewer, `/calendar/task/${calendarTask}/edit`, { ...FIELDS, version: 1 })]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FORBIDDEN);
    }
    expect((await taskRow(calendarTask)).label).toBe('Commune');
  });
});
