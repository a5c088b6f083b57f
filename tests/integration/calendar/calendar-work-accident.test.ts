import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import {
  actor, companyOf, fieldError, insertEmployee, insertInterruption, postFields, postForm, XHR, type Actor,
} from './calendar-fixtures';

let t: TestApp;
let restoreClock: () => void;
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-10T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
const FORBIDDEN = "Vous n'avez pas les autorisations nécessaires";
const UNAVAILABILITY = ['other.calendar', 'project.unavailability', 'hr.view_all'];
const post = (a: Actor, url: string, fields: Record<string, unknown>) => postForm(a, url, 'work_interruption', fields);
const row = async (id: number) => (await q(`SELECT type, accident_date::text AS accident, interruption_start_date::text AS start, interruption_end_date::text AS "end",
  severity, substitute_position, deleted_at, version FROM work_interruption WHERE id = $1`, [id]))[0];
const lastId = async (tenantId: number) => (await q('SELECT max(id) AS id FROM work_interruption WHERE tenant_id = $1', [tenantId]))[0].id as number | null;

describe('project_calendar_work_accident_add', () => {
  it('opens the form of a slot with the dates and the employee of the selected resource', async () => {
    const a = await actor(t, UNAVAILABILITY);
    const worker = await makeUser(t, { roles: [], company: await companyOf(t, a.tenantId) });
    const employee = await insertEmployee(t, a.tenantId, worker.id, { last_name: 'Martin', first_name: 'Lucie' });
    const res = await a.agent.get('/calendar/work-accident/new').query({ start: '2026-06-08 00:00', end: '2026-06-10 00:00', resource: worker.id }).set(XHR);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="calendar-accident-form"');
    expect(res.text).toMatch(new RegExp(`<option value="${employee}" selected>Lucie Martin</option>`));
    expect(res.text).toContain('name="work_interruption[accidentDate]" value="08/06/2026"');
    expect(res.text).toContain('name="work_interruption[interruptionStartDate]" value="08/06/2026"');
    expect(res.text).toContain('name="work_interruption[interruptionEndDate]" value="09/06/2026"');
    expect(res.text).toContain('data-type="WORK_ACCIDENT"');
  });

  it('needs the accident date for a WORK_ACCIDENT and the stoppage start otherwise (200 with the message)', async () => {
    const a = await actor(t, UNAVAILABILITY);
    const employee = await insertEmployee(t, a.tenantId, a.id);
    const accident = await post(a, '/calendar/work-accident/new', { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '', interruptionStartDate: '08/06/2026', substitutePosition: 'Magasin' });
    expect(accident.status).toBe(200);
    expect(fieldError(accident.text, 'accidentDate')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(accident.text, 'interruptionStartDate')).toBeNull();
    expect(accident.text).toContain('value="Magasin"');

    const other = await post(a, '/calendar/work-accident/new', { employee, workInterruptionType: 'UNAVAILABILITY', accidentDate: '08/06/2026', interruptionStartDate: '' });
    expect(other.status).toBe(200);
    expect(fieldError(other.text, 'interruptionStartDate')).toBe('Veuillez renseigner ce champ.');
    expect(fieldError(other.text, 'accidentDate')).toBeNull();
    // The type toggles the fields: no accident date field for an unavailability.
    expect(other.text).not.toContain('name="work_interruption[accidentDate]"');
    expect(await lastId(a.tenantId)).toBeNull();

    const saved = await post(a, '/calendar/work-accident/new', { employee, workInterruptionType: 'WORK_ACCIDENT', accidentDate: '08/06/2026', interruptionStartDate: '08/06/2026', interruptionEndDate: '09/06/2026', severity: 'minor' });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe('La période est enregistrée.');
    expect(await row((await lastId(a.tenantId))!)).toMatchObject({ type: 'WORK_ACCIDENT', accident: '2026-06-08', start: '2026-06-08', end: '2026-06-09', severity: 'minor' });

    const unavailable = await post(a, '/calendar/work-accident/new', { employee, workInterruptionType: 'UNAVAILABILITY', interruptionStartDate: '15/06/2026', interruptionEndDate: '16/06/2026', severity: 'serious' });
    expect(unavailable.status).toBe(201);
    expect(await row((await lastId(a.tenantId))!)).toMatchObject({ type: 'UNAVAILABILITY', accident: null, start: '2026-06-15', severity: null });
  });

  it('redraws the fields of the picked type, typed values kept', async () => {
    const a = await actor(t, UNAVAILABILITY);
    const res = await postFields(a, '/calendar/work-accident/fields', { 'work_interruption[workInterruptionType]': 'SICK_LEAVE', 'work_interruption[interruptionStartDate]': '03/06/2026' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-type="SICK_LEAVE"');
    expect(res.text).not.toContain('work_interruption[accidentDate]');
    expect(res.text).toMatch(/<label class="form-label required" for="work_interruption_interruptionStartDate">/);
    expect(res.text).toContain('value="03/06/2026"');
    const back = await postFields(a, '/calendar/work-accident/fields', { 'work_interruption[workInterruptionType]': 'WORK_ACCIDENT' });
    expect(back.text).toMatch(/<label class="form-label required" for="work_interruption_accidentDate">/);
  });

  it('answers 403 with the calendar message without the unavailability right', async () => {
    const viewer = await actor(t, ['other.calendar', 'hr.view_all']);
    const employee = await insertEmployee(t, viewer.tenantId, null);
    const id = await insertInterruption(t, viewer.tenantId, employee, { type: 'SICK_LEAVE', interruption_start_date: '2026-06-08' });
    for (const res of [
      await viewer.agent.get('/calendar/work-accident/new').set(XHR),
      await post(viewer, '/calendar/work-accident/new', { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '08/06/2026' }),
      await viewer.agent.get(`/calendar/work-accident/${id}/edit`).set(XHR),
      await postFields(viewer, `/calendar/work-accident/${id}/dates`, { start: '2026-06-09 00:00', end: '2026-06-09 23:59' }),
      await postFields(viewer, `/calendar/work-accident/${id}/delete`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FORBIDDEN);
    }
    expect(await row(id)).toMatchObject({ start: '2026-06-08', deleted_at: null });
  });
});

describe('project_calendar_work_accident_edit / _delete', () => {
  it('edits (201), 404 for another company, 403 for an employee out of the user\'s sight', async () => {
    const a = await actor(t, UNAVAILABILITY);
    const employee = await insertEmployee(t, a.tenantId, null);
    const id = await insertInterruption(t, a.tenantId, employee, { type: 'SICK_LEAVE', interruption_start_date: '2026-06-08' });
    const form = await a.agent.get(`/calendar/work-accident/${id}/edit`).set(XHR);
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="08/06/2026"');
    expect(form.text).toContain('data-testid="calendar-accident-delete"');
    const res = await post(a, `/calendar/work-accident/${id}/edit`, { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '08/06/2026', interruptionEndDate: '12/06/2026', version: 1 });
    expect(res.status).toBe(201);
    expect(await row(id)).toMatchObject({ end: '2026-06-12', version: 2 });
    expect((await post(a, `/calendar/work-accident/${id}/edit`, { employee, workInterruptionType: 'SICK_LEAVE', interruptionStartDate: '01/06/2026', version: 1 })).status).toBe(409);

    const other = await actor(t, UNAVAILABILITY);
    expect((await other.agent.get(`/calendar/work-accident/${id}/edit`).set(XHR)).status).toBe(404);
    expect((await postFields(other, `/calendar/work-accident/${id}/dates`, { start: '2026-06-01 00:00', end: '2026-06-01 23:59' })).status).toBe(404);
    expect((await postFields(other, `/calendar/work-accident/${id}/delete`)).status).toBe(404);

    // project.unavailability without HR sight of the employee (not in the user's services).
    const narrow = await actor(t, ['other.calendar', 'project.unavailability'], await companyOf(t, a.tenantId));
    const refused = await narrow.agent.get(`/calendar/work-accident/${id}/edit`).set(XHR);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FORBIDDEN);
    expect(await row(id)).toMatchObject({ start: '2026-06-08', end: '2026-06-12', deleted_at: null });
  });

  it('removes to the trash (200), refused (409) while an accident analysis exists', async () => {
    const a = await actor(t, UNAVAILABILITY);
    const employee = await insertEmployee(t, a.tenantId, null);
    const id = await insertInterruption(t, a.tenantId, employee, { type: 'SICK_LEAVE', interruption_start_date: '2026-06-08' });
    const res = await postFields(a, `/calendar/work-accident/${id}/delete`);
    expect(res.status).toBe(200);
    expect((await row(id)).deleted_at).not.toBeNull();
    expect((await postFields(a, `/calendar/work-accident/${id}/delete`)).status).toBe(404);

    const analyst = await actor(t, [...UNAVAILABILITY, 'hr.view', 'hr.work_stoppages', 'event.view', 'event.add'], await companyOf(t, a.tenantId));
    const analysed = await insertInterruption(t, a.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-03' });
    expect((await postFields(analyst, `/rh/work-interruptions/${analysed}/analysis`)).status).toBe(201);
    const refused = await postFields(analyst, `/calendar/work-accident/${analysed}/delete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/analyse/i);
    expect((await row(analysed)).deleted_at).toBeNull();
  });
});

describe('project_calendar_work_accident_update_dates', () => {
  it('moves the stoppage (200) and the new days then block task assignment', async () => {
    const a = await actor(t, [...UNAVAILABILITY, 'project.tasks']);
    const worker = await makeUser(t, { roles: [], company: await companyOf(t, a.tenantId) });
    const employee = await insertEmployee(t, a.tenantId, worker.id);
    const id = await insertInterruption(t, a.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-01', interruption_start_date: '2026-06-02', interruption_end_date: '2026-06-03' });
    // A whole-day drop: the end is the next midnight (exclusive).
    const res = await postFields(a, `/calendar/work-accident/${id}/dates`, { start: '2026-06-15 00:00', end: '2026-06-18 00:00' });
    expect(res.status).toBe(200);
    expect(await row(id)).toMatchObject({ accident: '2026-06-01', start: '2026-06-15', end: '2026-06-17', version: 2 });

    const task = await postForm(a, '/calendar/task/new', 'project_task', { label: 'Audit', startDate: '16/06/2026', startTime: '09:00', endDate: '16/06/2026', endTime: '10:00', assignee: worker.id });
    expect(task.status).toBe(200);
    expect(fieldError(task.text, 'assignee')).toBe("L'utilisateur n'est pas disponible à cette date.");
    const data = await a.agent.get('/calendar/tasks').query({ start: '2026-06-14', end: '2026-06-20' }).set(XHR);
    expect(data.body.tasks).toEqual([expect.objectContaining({ id: `wi-${id}`, start: '2026-06-15 00:00', end: '2026-06-17 23:59', isWorkAccident: true })]);
  });

  it('moves the accident day of an accident without stoppage, 401 with the French reason when refused', async () => {
    const a = await actor(t, UNAVAILABILITY);
    const employee = await insertEmployee(t, a.tenantId, null);
    const id = await insertInterruption(t, a.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-05' });
    expect((await postFields(a, `/calendar/work-accident/${id}/dates`, { start: '2026-06-04 00:00', end: '2026-06-04 23:59' })).status).toBe(200);
    expect(await row(id)).toMatchObject({ accident: '2026-06-04', start: null });

    const future = await postFields(a, `/calendar/work-accident/${id}/dates`, { start: '2026-06-20 00:00', end: '2026-06-20 23:59' });
    expect(future.status).toBe(401);
    expect(future.body.message).toBe('Cette date ne peut pas être dans le futur.');
    const nonsense = await postFields(a, `/calendar/work-accident/${id}/dates`, { start: 'demain', end: '' });
    expect(nonsense.status).toBe(401);
    expect(nonsense.body.message).toBe('Les dates de la période ne sont pas valides.');
    expect(await row(id)).toMatchObject({ accident: '2026-06-04', version: 2 });
  });
});
