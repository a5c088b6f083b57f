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
    expect(page.text).toContain('data-employee="Jean Aubert"');
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

describe('absences and prefill', () => {
  /** The inputs and absence label of an employee's day, as the page renders them. */
  const cell = (html: string, id: number, day: string) => {
    const h = new RegExp(`name="work_time\\[e${id}\\]\\[${day}\\]\\[h\\]" value="([^"]*)"`).exec(html)![1];
    const td = html.slice(0, html.indexOf(`name="work_time[e${id}][${day}][h]"`));
    const open = td.lastIndexOf('<td');
    const absence = /data-testid="absence" title="([^"]+)"/.exec(td.slice(open));
    return { h, absence: absence ? absence[1] : null };
  };

  it('marks leave, interruptions and public holidays, and proposes 7 h in the empty cells of the days people work without saving them', async () => {
    const { user, a, b } = await setup();
    // Week of 09–15/11/2026: Wednesday 11/11 is Armistice Day.
    await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', '2026-11-12', '2026-11-13', 'approved')`, [user.tenantId, a]);
    // An asked (not approved) leave does not make the day an absence.
    await q(`INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, 'paid_leave', '2026-11-09', '2026-11-09', 'requested')`, [user.tenantId, a]);
    await q(`INSERT INTO work_interruption (tenant_id, employee_id, type, interruption_start_date, interruption_end_date) VALUES ($1, $2, 'SICK_LEAVE', '2026-11-05', '2026-11-10')`, [user.tenantId, b]);
    await q(`INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime) VALUES ($1, $2, '2026-11-10', 5.5, 0)`, [user.tenantId, a]);
    const { agent } = await loginAs(t, user);

    const page = await agent.get('/rh/work-time?week=2026-11-09');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-testid="holiday">Mercredi<br><span class="small">11\/11 · férié/);
    expect(cell(page.text, a, '2026-11-12')).toEqual({ h: '', absence: 'Congés payés' });
    expect(cell(page.text, a, '2026-11-09').absence).toBeNull();
    expect(cell(page.text, b, '2026-11-10')).toEqual({ h: '', absence: 'Arrêt maladie' });
    expect(cell(page.text, b, '2026-11-11').absence).toBeNull();
    expect(page.text).not.toContain('data-testid="work-time-prefilled"');

    const pre = await agent.get('/rh/work-time?week=2026-11-09&prefill=1');
    expect(pre.status).toBe(200);
    // Aubert: Mon 7 (asked leave only), Tue keeps its 5,5, Wed holiday, Thu–Fri leave → 1 cell.
    // Bernard: Mon–Tue sick, Wed holiday, Thu–Fri → 2 cells. Weekends stay empty.
    expect(pre.text).toContain('3 case(s) pré-remplie(s) à 7 h (jours ouvrés, hors congés, arrêts et jours fériés) : vérifiez puis enregistrez.');
    expect(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-14'].map((d) => cell(pre.text, a, d).h)).toEqual(['7', '5,5', '', '', '']);
    expect(['2026-11-09', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-15'].map((d) => cell(pre.text, b, d).h)).toEqual(['', '', '7', '7', '']);
    expect(pre.text).toMatch(/data-testid="grand-total">26,5 h \+ 0 h sup\./);
    // Nothing is saved until the grid is.
    expect((await q('SELECT count(*)::int AS n FROM work_time WHERE employee_id = ANY($1::int[])', [[a, b]]))[0].n).toBe(1);

    // The next week has no absence nor holiday: 2 present employees × 5 working days.
    const next = await agent.get('/rh/work-time?week=2026-11-16&prefill=1');
    expect(next.text).toContain('10 case(s) pré-remplie(s)');
  });
});
