import { FixedClock, useClock } from '../../../server/kernel/clock';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-25T10:00:00Z'))); // a Wednesday
});
afterAll(async () => { restore(); await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

async function setup() {
  const name = `Société temps ${Math.random().toString(36).slice(2)}`;
  const user = await makeUser(t, { company: name, rights: ['hr.work_time', 'hr.view_all'] });
  const emp = async (last: string, entry: string | null = null, exit: string | null = null) =>
    (await q('INSERT INTO employee (tenant_id, first_name, last_name, entry_date, exit_date) VALUES ($1, $2, $3, $4, $5) RETURNING id', [user.tenantId, 'Jean', last, entry, exit]))[0].id as number;
  return { user, a: await emp('Aubert'), b: await emp('Bernard'), gone: await emp('Caron', null, '2026-10-31'), later: await emp('Dupuis', '2027-01-04') };
}

describe('work time week grid', () => {
  it('shows the current week of the present employees and saves hours and overtime with totals', async () => {
    const { user, a, b } = await setup();
    const { agent, csrf } = await loginAs(t, user);
    const page = await agent.get('/rh/work-time');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Semaine du 23/11/2026 au 29/11/2026');
    expect(page.text).toContain('data-employee="Aubert Jean"');
    expect(page.text).not.toContain('Caron');
    expect(page.text).not.toContain('Dupuis');
    const readAt = /name="readAt" value="([^"]+)"/.exec(page.text)![1];
    const res = await agent.post('/rh/work-time/save?week=2026-11-23').type('form').send({
      _csrf_token: csrf, week: '2026-11-23', readAt,
      [`work_time[e${a}][2026-11-23][h]`]: '7,5', [`work_time[e${a}][2026-11-23][o]`]: '1',
      [`work_time[e${a}][2026-11-24][h]`]: '8', [`work_time[e${a}][2026-11-24][o]`]: '',
      [`work_time[e${b}][2026-11-23][h]`]: '', [`work_time[e${b}][2026-11-23][o]`]: '',
    });
    expect(res.status).toBe(303);
    const rows = await q('SELECT employee_id, day::text AS day, hours_worked::float AS h, overtime::float AS o FROM work_time WHERE employee_id = ANY($1::int[]) ORDER BY day', [[a, b]]);
    expect(rows).toEqual([{ employee_id: a, day: '2026-11-23', h: 7.5, o: 1 }, { employee_id: a, day: '2026-11-24', h: 8, o: 0 }]);
    const after = await agent.get(res.headers.location);
    expect(after.text).toContain('Le temps de travail de la semaine a été enregistré.');
    expect(after.text).toMatch(/data-testid="line-total">15,5 h \+ 1 h sup\./);
    expect(after.text).toMatch(/data-testid="grand-total">15,5 h \+ 1 h sup\./);
    expect(after.text).toContain(`name="work_time[e${a}][2026-11-23][h]" value="7,5"`);

    // Emptying a cell removes the day.
    const readAt2 = /name="readAt" value="([^"]+)"/.exec(after.text)![1];
    await agent.post('/rh/work-time/save').type('form').send({ _csrf_token: csrf, week: '2026-11-23', readAt: readAt2, [`work_time[e${a}][2026-11-24][h]`]: '', [`work_time[e${a}][2026-11-24][o]`]: '' });
    expect((await q('SELECT count(*)::int AS n FROM work_time WHERE employee_id = $1', [a]))[0].n).toBe(1);
  });

  it('re-renders with French errors and typed values, and refuses a stale grid', async () => {
    const { user, a } = await setup();
    const { agent, csrf } = await loginAs(t, user);
    const page = await agent.get('/rh/work-time?week=01/12/2026');
    expect(page.text).toContain('Semaine du 30/11/2026 au 06/12/2026');
    const readAt = /name="readAt" value="([^"]+)"/.exec(page.text)![1];
    const bad = await agent.post('/rh/work-time/save').type('form').send({ _csrf_token: csrf, week: '2026-11-30', readAt,
      [`work_time[e${a}][2026-11-30][h]`]: 'beaucoup', [`work_time[e${a}][2026-12-01][h]`]: '20', [`work_time[e${a}][2026-12-01][o]`]: '6' });
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('Indiquez un nombre d&#39;heures entre 0 et 24 (par exemple 7,5).');
    expect(bad.text).toContain('Une journée ne dépasse pas 24 heures.');
    expect(bad.text).toContain('value="beaucoup"');
    expect((await q('SELECT count(*)::int AS n FROM work_time WHERE employee_id = $1', [a]))[0].n).toBe(0);
    // Someone saved the grid after it was read.
    await q(`INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime, updated_at) VALUES ($1, $2, '2026-12-02', 7, 0, now() + interval '1 second')`, [user.tenantId, a]);
    const stale = await agent.post('/rh/work-time/save').type('form').send({ _csrf_token: csrf, week: '2026-11-30', readAt, [`work_time[e${a}][2026-12-02][h]`]: '4' });
    expect(stale.status).toBe(409);
    expect(Number((await q(`SELECT hours_worked FROM work_time WHERE employee_id = $1`, [a]))[0].hours_worked)).toBe(7);
  });

  it('keeps to the company and the right', async () => {
    const { a } = await setup();
    const other = await makeUser(t, { rights: ['hr.work_time', 'hr.view_all'] });
    const { agent, csrf } = await loginAs(t, other);
    const res = await agent.post('/rh/work-time/save').type('form').send({ _csrf_token: csrf, week: '2026-11-23', readAt: new Date().toISOString(), [`work_time[e${a}][2026-11-23][h]`]: '7' });
    expect(res.status).toBe(404);
    expect((await q('SELECT count(*)::int AS n FROM work_time WHERE employee_id = $1', [a]))[0].n).toBe(0);
    const plain = await makeUser(t);
    expect((await (await loginAs(t, plain)).agent.get('/rh/work-time')).status).toBe(403);
  });
});
