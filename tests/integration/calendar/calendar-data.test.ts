import { FixedClock, useClock } from '../../../server/kernel/clock';
import { setToggle } from '../../../server/kernel/toggles/toggles';
import { createTestApp, makeUser, type TestApp } from '../../support/app';
import {
  actor, companyOf, insertEmployee, insertInterruption, insertLeave, insertMember, insertProject, insertTask, postFields, XHR, type Actor,
} from './calendar-fixtures';

let t: TestApp;
let restoreClock: () => void;
// Wednesday 10 June 2026, 10:00 in Paris.
beforeAll(async () => { t = await createTestApp(); restoreClock = useClock(new FixedClock(new Date('2026-06-10T08:00:00Z'))); });
afterAll(async () => { restoreClock(); await t.close(); });

const VIEW = ['other.calendar'];
const FORBIDDEN = "Vous n'avez pas les autorisations nécessaires";

type Json = { tasks: Array<Record<string, any>>; resources: Array<Record<string, any>>; projects: Array<Record<string, any>> };
const tasksOf = async (a: Actor, query: Record<string, string> = {}): Promise<Json> => {
  const res = await a.agent.get('/calendar/tasks').query(query).set(XHR);
  expect(res.status).toBe(200);
  return res.body;
};

function propsOf(html: string): Record<string, any> {
  const m = /data-island="calendar"[\s\S]*?<script type="application\/json" data-island-props>([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]);
}

describe('calendar_index', () => {
  it('shows the calendar island in the work week by default, with URLs from the route table', async () => {
    const a = await actor(t, VIEW);
    const res = await a.agent.get('/calendar');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Calendrier');
    const props = propsOf(res.text);
    expect(props.defaultView).toBe('work_week');
    expect(props.views).toEqual(['month', 'week', 'work_week', 'day', 'agenda']);
    expect(props.years).toEqual({ min: 2010, max: 2040 });
    expect(props.today).toBe('2026-06-10');
    expect(props.urls.tasks).toBe('/calendar/tasks');
    expect(props.urls.accidentDates).toBe('/calendar/work-accident/987654321/dates');
    expect(props.can).toMatchObject({ addTask: false, unavailability: false });
    expect(props.labels['views.work_week']).toBe('Semaine de travail');
  });

  it('opens in the week view when the work week option is off', async () => {
    const a = await actor(t, VIEW);
    await setToggle(t.db.dataSource, a.tenantId, 'work_week', false);
    expect(propsOf((await a.agent.get('/calendar')).text).defaultView).toBe('week');
  });

  it('is refused without the agenda right, and gone when the calendar option is off', async () => {
    const none = await actor(t, ['project.view']);
    expect((await none.agent.get('/calendar')).status).toBe(403);
    const json = await none.agent.get('/calendar/tasks').set(XHR);
    expect(json.status).toBe(403);
    expect(json.body.message).toBe(FORBIDDEN);

    const a = await actor(t, [...VIEW, 'project.tasks', 'project.unavailability']);
    const props = propsOf((await a.agent.get('/calendar')).text);
    expect(props.can).toMatchObject({ addTask: true, moveTasks: true, unavailability: true });
    // Drags post the task module's route, its id and dates filled in by the island.
    expect(props.urls.taskDates).toMatch(/987654321.*__START__.*__END__/);
    await setToggle(t.db.dataSource, a.tenantId, 'calendar', false);
    expect((await a.agent.get('/calendar')).status).toBe(404);
    expect((await a.agent.get('/calendar/tasks').set(XHR)).status).toBe(404);
  });
});

describe('project_calendar_tasks', () => {
  it('answers exactly {tasks, resources, projects} with Paris times YYYY-MM-DD HH:mm', async () => {
    const a = await actor(t, VIEW);
    const project = await insertProject(t, a.tenantId, 'Rénovation éclairage entrepôt', a.id);
    const task = await insertTask(t, a.tenantId, project, 'Relevé des luminaires', '2026-06-11T07:00:00Z', '2026-06-11T09:30:00Z', { assignee_id: a.id });
    const body = await tasksOf(a);
    expect(Object.keys(body).sort()).toEqual(['projects', 'resources', 'tasks']);
    expect(body.tasks).toEqual([{
      id: task, title: 'Relevé des luminaires', assignedTo: a.id, start: '2026-06-11 09:00', end: '2026-06-11 11:30',
      colorResources: expect.stringMatching(/^#[0-9a-f]{6}$/), isWorkAccident: false,
    }]);
    expect(body.resources).toEqual([{ id: a.id, fullName: 'Camille Test', color: body.tasks[0].colorResources }]);
    expect(body.projects).toEqual([{ id: project, label: 'Rénovation éclairage entrepôt' }]);
  });

  it('keeps to the projects the user sees, adds calendar tasks, never another company', async () => {
    const a = await actor(t, VIEW);
    const colleague = await makeUser(t, { roles: [], company: await companyOf(t, a.tenantId) });
    const mine = await insertProject(t, a.tenantId, 'Mien', colleague.id);
    await insertMember(t, a.tenantId, mine, a.id);
    const hidden = await insertProject(t, a.tenantId, 'Caché', colleague.id);
    await insertTask(t, a.tenantId, mine, 'Visible', '2026-06-10T08:00:00Z', '2026-06-10T09:00:00Z');
    await insertTask(t, a.tenantId, hidden, 'Invisible', '2026-06-10T08:00:00Z', '2026-06-10T09:00:00Z');
    await insertTask(t, a.tenantId, null, 'Tâche du calendrier', '2026-06-10T10:00:00Z', '2026-06-10T11:00:00Z');
    const other = await actor(t, VIEW);
    await insertTask(t, other.tenantId, null, 'Autre société', '2026-06-10T10:00:00Z', '2026-06-10T11:00:00Z');

    const body = await tasksOf(a);
    expect(body.tasks.map((x) => x.title).sort()).toEqual(['Tâche du calendrier', 'Visible']);
    expect(body.projects.map((p) => p.label)).toEqual(['Mien']);
    expect(body.resources.map((r) => r.id).sort()).toEqual([a.id, colleague.id].sort());

    const all = await actor(t, [...VIEW, 'project.view_all'], await companyOf(t, a.tenantId));
    expect((await tasksOf(all)).tasks.map((x) => x.title).sort()).toEqual(['Invisible', 'Tâche du calendrier', 'Visible']);
  });

  it('reads ±7 days by default, the range asked otherwise, and filters by resources and projects', async () => {
    const a = await actor(t, [...VIEW, 'project.view_all']);
    const b = await makeUser(t, { roles: [], company: await companyOf(t, a.tenantId) });
    const p1 = await insertProject(t, a.tenantId, 'P1', a.id);
    const p2 = await insertProject(t, a.tenantId, 'P2', a.id);
    await insertTask(t, a.tenantId, p1, 'Dans 3 jours', '2026-06-13T08:00:00Z', '2026-06-13T09:00:00Z', { assignee_id: a.id });
    await insertTask(t, a.tenantId, p2, 'Il y a 6 jours', '2026-06-04T08:00:00Z', '2026-06-04T09:00:00Z', { assignee_id: b.id });
    await insertTask(t, a.tenantId, p1, 'Dans 10 jours', '2026-06-20T08:00:00Z', '2026-06-20T09:00:00Z', { assignee_id: b.id });
    await insertTask(t, a.tenantId, p2, 'Il y a 9 jours', '2026-06-01T08:00:00Z', '2026-06-01T09:00:00Z', { assignee_id: a.id });

    const titles = async (q: Record<string, string>) => (await tasksOf(a, q)).tasks.map((x) => x.title).sort();
    expect(await titles({})).toEqual(['Dans 3 jours', 'Il y a 6 jours']);
    expect(await titles({ start: '2026-06-01 00:00', end: '2026-06-30 23:59' })).toEqual(['Dans 10 jours', 'Dans 3 jours', 'Il y a 6 jours', 'Il y a 9 jours']);
    expect(await titles({ start: '2026-06-01', end: '2026-06-30', resources: String(b.id) })).toEqual(['Dans 10 jours', 'Il y a 6 jours']);
    expect(await titles({ start: '2026-06-01', end: '2026-06-30', projects: String(p1) })).toEqual(['Dans 10 jours', 'Dans 3 jours']);
    expect(await titles({ start: '2026-06-01', end: '2026-06-30', projects: `${p1},${p2}`, resources: String(a.id) })).toEqual(['Dans 3 jours', 'Il y a 9 jours']);
    // Nonsense filters are ignored rather than failing.
    expect(await titles({ start: 'hier', end: '31/06/2026', resources: 'abc' })).toEqual(['Dans 3 jours', 'Il y a 6 jours']);
  });

  it('shows approved leave and work interruptions of the resources as isWorkAccident items', async () => {
    const hr = await actor(t, [...VIEW, 'hr.view_all']);
    const company = await companyOf(t, hr.tenantId);
    const worker = await makeUser(t, { roles: [], company });
    const employee = await insertEmployee(t, hr.tenantId, worker.id, { first_name: 'Lucie', last_name: 'Martin' });
    const leave = await insertLeave(t, hr.tenantId, employee, '2026-06-12', '2026-06-15');
    await insertLeave(t, hr.tenantId, employee, '2026-06-08', '2026-06-08', 'requested');
    const stop = await insertInterruption(t, hr.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-05', interruption_start_date: '2026-06-05', interruption_end_date: '2026-06-06' });
    const noStop = await insertInterruption(t, hr.tenantId, employee, { type: 'WORK_ACCIDENT', accident_date: '2026-06-09' });

    const body = await tasksOf(hr);
    const items = body.tasks.filter((x) => x.isWorkAccident);
    const color = body.resources.find((r) => r.id === worker.id)!.color;
    expect(items).toEqual(expect.arrayContaining([
      { id: `leave-${leave}`, title: 'Congé – Camille Test', assignedTo: worker.id, start: '2026-06-12 00:00', end: '2026-06-15 23:59', colorResources: color, isWorkAccident: true },
      { id: `wi-${stop}`, title: 'Accident du travail – Camille Test', assignedTo: worker.id, start: '2026-06-05 00:00', end: '2026-06-06 23:59', colorResources: color, isWorkAccident: true },
      { id: `wi-${noStop}`, title: 'Accident du travail – Camille Test', assignedTo: worker.id, start: '2026-06-09 00:00', end: '2026-06-09 23:59', colorResources: color, isWorkAccident: true },
    ]));
    expect(items).toHaveLength(3);

    // Another resource only: the worker's periods leave the calendar.
    expect((await tasksOf(hr, { resources: String(hr.id) })).tasks.filter((x) => x.isWorkAccident)).toEqual([]);
    // A user who does not see the employee in HR reads only "Indisponible".
    const viewer = await actor(t, VIEW, company);
    const seen = (await tasksOf(viewer)).tasks.filter((x) => x.isWorkAccident).map((x) => x.title).sort();
    expect(seen).toEqual(['Congé – Camille Test', 'Indisponible – Camille Test', 'Indisponible – Camille Test']);
  });
});

describe('project_user_color_edit', () => {
  it('sets a user colour (200), refuses a bad colour, another company\'s user, no right or no token', async () => {
    const a = await actor(t, VIEW);
    const res = await postFields(a, `/calendar/user-color/${a.id}`, { color: '#AA3300' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: a.id, color: '#aa3300' });
    expect((await tasksOf(a)).resources[0].color).toBe('#aa3300');

    const bad = await postFields(a, `/calendar/user-color/${a.id}`, { color: 'rouge' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('La couleur doit être au format #rrggbb.');

    const stranger = await actor(t, VIEW);
    expect((await postFields(a, `/calendar/user-color/${stranger.id}`, { color: '#000000' })).status).toBe(404);
    expect((await tasksOf(stranger)).resources[0].color).not.toBe('#000000');

    const none = await actor(t, ['project.view'], await companyOf(t, a.tenantId));
    const refused = await postFields(none, `/calendar/user-color/${a.id}`, { color: '#000000' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FORBIDDEN);

    const noToken = await a.agent.post(`/calendar/user-color/${a.id}`).set(XHR).type('form').send({ color: '#000000' });
    expect(noToken.status).toBe(403);
    expect((await tasksOf(a)).resources[0].color).toBe('#aa3300');
  });
});
