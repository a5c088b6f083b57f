import { FixedClock, useClock } from '../../../server/kernel/clock';
import { isAvailable, unavailability } from '../../../server/modules/hr/time/availability';
import { createTestApp, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let restore: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restore = useClock(new FixedClock(new Date('2026-11-23T10:00:00Z')));
});
afterAll(async () => { restore(); await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);
const one = async (sql: string, params: unknown[]) => (await q(sql, params))[0].id as number;

describe('availability for the calendar', () => {
  it('lists approved leave and work interruptions overlapping the range, nothing else', async () => {
    const u = await makeUser(t);
    const tenantId = u.tenantId;
    const emp = (name: string) => one('INSERT INTO employee (tenant_id, last_name) VALUES ($1, $2) RETURNING id', [tenantId, name]);
    const a = await emp('Lambert');
    const b = await emp('Mercier');
    const leave = (e: number, start: string, end: string, state: string, type = 'paid_leave') =>
      one('INSERT INTO paid_leave_request (tenant_id, employee_id, type, start_date, end_date, state) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id', [tenantId, e, type, start, end, state]);
    const approved = await leave(a, '2026-12-07', '2026-12-11', 'approved');
    const rtt = await leave(b, '2026-12-01', '2026-12-01', 'approved', 'rtt');
    await leave(a, '2026-12-14', '2026-12-18', 'requested');
    await leave(a, '2026-12-02', '2026-12-03', 'refused');
    await leave(b, '2026-11-01', '2026-11-30', 'approved'); // ends before the range
    const stop = await one(`INSERT INTO work_interruption (tenant_id, employee_id, type, interruption_start_date, interruption_end_date) VALUES ($1, $2, 'SICK_LEAVE', '2026-11-30', '2026-12-02') RETURNING id`, [tenantId, a]);
    const open = await one(`INSERT INTO work_interruption (tenant_id, employee_id, type, accident_date, interruption_start_date) VALUES ($1, $2, 'WORK_ACCIDENT', '2026-11-20', '2026-11-20') RETURNING id`, [tenantId, b]);
    await q(`INSERT INTO work_interruption (tenant_id, employee_id, type, accident_date) VALUES ($1, $2, 'WORK_ACCIDENT', '2026-12-05')`, [tenantId, a]); // no stoppage
    await q(`INSERT INTO work_interruption (tenant_id, employee_id, type, interruption_start_date, interruption_end_date, deleted_at) VALUES ($1, $2, 'OTHER', '2026-12-01', '2026-12-31', now())`, [tenantId, b]); // in the trash

    const list = await unavailability(t.db.dataSource, tenantId, [a, b], '2026-12-01', '2026-12-31');
    expect(list).toEqual([
      { employeeId: a, kind: 'interruption', start: '2026-11-30', end: '2026-12-02', label: 'SICK_LEAVE', sourceId: stop },
      { employeeId: a, kind: 'leave', start: '2026-12-07', end: '2026-12-11', label: 'paid_leave', sourceId: approved },
      // Open since 20/11: runs to the end of the range asked (later than today).
      { employeeId: b, kind: 'interruption', start: '2026-11-20', end: '2026-12-31', label: 'WORK_ACCIDENT', sourceId: open },
      { employeeId: b, kind: 'leave', start: '2026-12-01', end: '2026-12-01', label: 'rtt', sourceId: rtt },
    ]);
    expect(await isAvailable(t.db.dataSource, tenantId, a, '2026-12-04')).toBe(true);
    expect(await isAvailable(t.db.dataSource, tenantId, a, '2026-12-11')).toBe(false);
    expect(await isAvailable(t.db.dataSource, tenantId, a, '2026-12-12', '2026-12-20')).toBe(true); // a requested leave does not block
    expect(await isAvailable(t.db.dataSource, tenantId, a, '2026-12-03', '2026-12-05')).toBe(true);
    expect(await isAvailable(t.db.dataSource, tenantId, b, '2027-03-01')).toBe(false); // still stopped
    // Another company's id gives nothing.
    const other = await makeUser(t);
    expect(await unavailability(t.db.dataSource, other.tenantId, [a, b], '2026-12-01', '2026-12-31')).toEqual([]);
    expect(await unavailability(t.db.dataSource, tenantId, [], '2026-12-01', '2026-12-31')).toEqual([]);
  });
});
