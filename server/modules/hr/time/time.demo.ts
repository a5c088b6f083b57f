import type { DataSource } from 'typeorm';
import { todayIso } from '../../../kernel/clock';
import { unavailability } from './availability';
import { addDays, isWorkingDay } from './working-days';
import { mondayOf } from './work-time.service';

/**
 * Demo of the time part: TF / TG objectives of this year and last, leave requests (approved,
 * asked, refused) and two weeks of work time for the first demo employees. Skipped when the
 * company already has leave requests. The demo managers' own asked requests wait for the other
 * manager, as the separation of duties wants.
 */
export async function seedTimeDemo(db: DataSource, tenantId: number): Promise<void> {
  const year = Number(todayIso().slice(0, 4));
  for (const [type, y, value] of [['TF', year, 18], ['TG', year, 1.1], ['TF', year - 1, 22], ['TG', year - 1, 1.4]] as const) {
    await db.query('INSERT INTO objective (tenant_id, type, year, value) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [tenantId, type, y, value]);
  }
  const [had] = await db.query('SELECT 1 FROM paid_leave_request WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (had) return;
  // The employees linked to demo users first, so their own leave page has something to show.
  const employees: Array<{ id: number; user_id: number | null }> = await db.query(
    'SELECT id, user_id FROM employee WHERE tenant_id = $1 AND deleted_at IS NULL AND exit_date IS NULL ORDER BY (user_id IS NULL), last_name, id LIMIT 6', [tenantId]);
  if (!employees.length) return;
  const users: Array<{ id: number }> = await db.query(
    `SELECT id FROM app_user WHERE tenant_id = $1 ORDER BY (username = 'claire.martin') DESC, (username = 'sophie.lefebvre') DESC, id LIMIT 2`, [tenantId]);
  // Nobody decides their own request (leave.policy.ts): the demo managers' own requests are decided by the other one.
  const deciderOf = (emp: { user_id: number | null }) => users.find((u) => u.id !== emp.user_id)?.id ?? null;
  const monday = mondayOf(todayIso());
  const plan: Array<[number, string, number, number, string, string | null]> = [
    // [employee index, type, start offset from this Monday, length in days, state, comment]
    [0, 'paid_leave', -28, 4, 'approved', 'Vacances de la Toussaint'],
    [0, 'paid_leave', 35, 4, 'requested', 'Congés de fin d\'année'],
    [1, 'paid_leave', -14, 4, 'approved', null],
    [1, 'rtt', 9, 0, 'requested', 'Pont'],
    [2, 'paid_leave', 21, 11, 'requested', 'Séjour en famille'],
    [3, 'paid_leave', 14, 2, 'refused', 'Période d\'inventaire'],
    [4, 'rest_time', 2, 0, 'approved', 'Récupération après astreinte'],
  ];
  for (const [i, type, offset, length, state, comment] of plan) {
    const emp = employees[i];
    if (!emp) continue;
    const start = addDays(monday, offset);
    await db.query(
      `INSERT INTO paid_leave_request (tenant_id, employee_id, type, rest_time_count, start_date, end_date, state, comment, decision_comment, decided_by_id, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $7::varchar IN ('approved', 'refused') THEN now() END)`,
      [tenantId, emp.id, type, type === 'rest_time' ? 1 : null, start, addDays(start, length), state,
        state === 'refused' ? null : comment, state === 'refused' ? comment : null, state === 'requested' ? null : deciderOf(emp)]);
  }
  // Nobody works on a day of approved leave or interruption: the work-time grid marks those days.
  const absent = await unavailability(db, tenantId, employees.map((e) => e.id), addDays(monday, -14), addDays(monday, -1));
  const isAbsent = (employeeId: number, day: string) => absent.some((a) => a.employeeId === employeeId && a.start <= day && day <= a.end);
  for (const [i, emp] of employees.slice(0, 5).entries()) {
    for (let d = -14; d < 0; d++) {
      const day = addDays(monday, d);
      if (!isWorkingDay(day) || isAbsent(emp.id, day)) continue;
      const overtime = (i + d) % 4 === 0 ? 1.5 : 0;
      await db.query('INSERT INTO work_time (tenant_id, employee_id, day, hours_worked, overtime) VALUES ($1, $2, $3, 7, $4) ON CONFLICT DO NOTHING', [tenantId, emp.id, day, overtime]);
    }
  }
}
