import { FixedClock, useClock } from '../../../server/kernel/clock';
import { seedTimeDemo } from '../../../server/modules/hr/time/time.demo';
import { leaveBalance } from '../../../server/modules/hr/time/leave.service';
import { createTestApp, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-25T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

describe('time demo data', () => {
  it('gives objectives, leave requests in every state and two weeks of work time, once', async () => {
    const u = await makeUser(t);
    const q = (sql: string, p: unknown[] = []) => t.db.dataSource.query(sql, p);
    const colleague = await makeUser(t, { company: (await q('SELECT name FROM tenant WHERE id = $1', [u.tenantId]))[0].name });
    const ids: number[] = [];
    for (const name of ['Lefebvre', 'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert']) {
      ids.push((await q('INSERT INTO employee (tenant_id, first_name, last_name, user_id) VALUES ($1, $2, $3, $4) RETURNING id', [u.tenantId, 'Alex', name, name === 'Robert' ? u.id : null]))[0].id);
    }
    await seedTimeDemo(t.db.dataSource, u.tenantId);
    await seedTimeDemo(t.db.dataSource, u.tenantId);
    expect(await q('SELECT type, year, value::float AS value FROM objective WHERE tenant_id = $1 ORDER BY year, type', [u.tenantId])).toEqual([
      { type: 'TF', year: 2025, value: 22 }, { type: 'TG', year: 2025, value: 1.4 }, { type: 'TF', year: 2026, value: 18 }, { type: 'TG', year: 2026, value: 1.1 },
    ]);
    const states = await q('SELECT state, count(*)::int AS n FROM paid_leave_request WHERE tenant_id = $1 GROUP BY state ORDER BY state', [u.tenantId]);
    // Nobody decided their own request: the user's own requests are decided by someone else, or wait.
    const own = await q(`SELECT r.state, r.decided_by_id FROM paid_leave_request r JOIN employee e ON e.id = r.employee_id WHERE e.user_id = $1 ORDER BY r.start_date`, [u.id]);
    expect(own.map((r: { state: string }) => r.state)).toEqual(['approved', 'requested']);
    expect(own.map((r: { decided_by_id: number | null }) => r.decided_by_id)).toEqual([colleague.id, null]);
    expect(states).toEqual([{ state: 'approved', n: 3 }, { state: 'refused', n: 1 }, { state: 'requested', n: 3 }]);
    // The employee linked to a user comes first: approved 26–30/10/2026 = 5 working days; asked 28/12/2026–01/01/2027
    // = 4 (New Year's Day is a holiday).
    const b = await leaveBalance(t.db.dataSource, u.tenantId, ids[5], '2026-11-25');
    expect(b).toMatchObject({ taken: 5, pending: 4, balance: 20 });
    // Two weeks (9–20/11/2026, 11/11 is a holiday): 9 working days × 5 employees, less the 4 working days of the
    // second employee's approved leave (9–13/11/2026): nobody works on leave.
    expect((await q('SELECT count(*)::int AS n FROM work_time WHERE tenant_id = $1', [u.tenantId]))[0].n).toBe(41);
    expect((await q(`SELECT count(*)::int AS n FROM work_time w JOIN paid_leave_request r ON r.employee_id = w.employee_id AND r.state = 'approved'
      AND w.day BETWEEN r.start_date AND r.end_date WHERE w.tenant_id = $1`, [u.tenantId]))[0].n).toBe(0);
  });
});
