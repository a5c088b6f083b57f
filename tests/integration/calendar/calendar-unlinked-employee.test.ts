import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, type TestApp } from '../../support/app';
import { actor, companyOf, insertEmployee, insertInterruption, postForm, XHR, type Actor } from './calendar-fixtures';

let t: TestApp;
let restoreClock: () => void;
// Wednesday 10 June 2026, 10:00 in Paris.
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-10T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const periods = async (a: Actor, query: Record<string, string> = {}) => {
  const res = await a.agent.get('/calendar/tasks').query(query).set(XHR);
  expect(res.status).toBe(200);
  return (res.body.tasks as Array<Record<string, any>>).filter((x) => x.isWorkAccident);
};

// Issue 25 item 8: a period of an employee without a user account was saved but never shown.
describe('calendar: periods of an employee without a user account', () => {
  it('shows them unassigned, in grey, with the employee name, while no person is filtered', async () => {
    const hr = await actor(t, ['other.calendar', 'hr.view_all']);
    const employee = await insertEmployee(t, hr.tenantId, null, { first_name: 'Noé', last_name: 'Sanscompte' });
    const stop = await insertInterruption(t, hr.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-08', interruption_start_date: '2026-06-08', interruption_end_date: '2026-06-09' });
    const noStop = await insertInterruption(t, hr.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-11' });
    expect(await periods(hr)).toEqual([
      { id: `wi-${stop}`, title: 'Accident du travail – Noé Sanscompte', assignedTo: null, start: '2026-06-08 00:00', end: '2026-06-09 23:59', colorResources: '#6c757d', isWorkAccident: true },
      { id: `wi-${noStop}`, title: 'Accident du travail – Noé Sanscompte', assignedTo: null, start: '2026-06-11 00:00', end: '2026-06-11 23:59', colorResources: '#6c757d', isWorkAccident: true },
    ]);
    // A person filter keeps that person's items only.
    expect(await periods(hr, { resources: String(hr.id) })).toEqual([]);
    // A user who does not see the employee in HR reads « Indisponible »; another company sees nothing.
    const viewer = await actor(t, ['other.calendar'], await companyOf(t, hr.tenantId));
    expect((await periods(viewer)).map((x) => x.title)).toEqual(['Indisponible – Noé Sanscompte', 'Indisponible – Noé Sanscompte']);
    expect(await periods(await actor(t, ['other.calendar', 'hr.view_all']))).toEqual([]);
  });

  it('leaves out a trashed employee and a trashed period', async () => {
    const hr = await actor(t, ['other.calendar', 'hr.view_all']);
    const gone = await insertEmployee(t, hr.tenantId, null, { last_name: 'Supprimé', deleted_at: new Date() });
    await insertInterruption(t, hr.tenantId, gone, { type: 'WORK_ACCIDENT', accident_date: '2026-06-08' });
    const kept = await insertEmployee(t, hr.tenantId, null, { last_name: 'Présent' });
    await insertInterruption(t, hr.tenantId, kept, { type: 'WORK_ACCIDENT', accident_date: '2026-06-08', deleted_at: new Date() });
    expect(await periods(hr)).toEqual([]);
  });

  it('says where the period shows when it is saved for an employee without an account, not for a linked one', async () => {
    const hr = await actor(t, ['other.calendar', 'project.unavailability', 'hr.view_all']);
    const unlinked = await insertEmployee(t, hr.tenantId, null, { first_name: 'Noé', last_name: 'Sanscompte' });
    const linked = await insertEmployee(t, hr.tenantId, hr.id, { first_name: 'Lucie', last_name: 'Martin' });
    const fields = { workInterruptionType: 'WORK_ACCIDENT', accidentDate: '08/06/2026', interruptionStartDate: '08/06/2026', interruptionEndDate: '09/06/2026', severity: 'minor' };
    const one = await postForm(hr, '/calendar/work-accident/new', 'work_interruption', { ...fields, employee: unlinked });
    expect(one.status).toBe(201);
    expect(one.body.message).toBe("La période est enregistrée. Noé Sanscompte n'a pas de compte utilisateur : la période s'affiche en gris, sans personne, quand aucune personne n'est cochée dans le filtre.");
    expect((await periods(hr)).map((x) => x.title)).toContain('Accident du travail – Noé Sanscompte');
    const two = await postForm(hr, '/calendar/work-accident/new', 'work_interruption', { ...fields, employee: linked });
    expect(two.status).toBe(201);
    expect(two.body.message).toBe('La période est enregistrée.');
  });
});
