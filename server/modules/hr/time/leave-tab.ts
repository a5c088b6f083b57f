import { todayIso } from '../../../kernel/clock';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import type { EmployeeTab } from '../employee-tabs';
import { employeeLeave, leaveBalance, withBalanceAfter } from './leave.service';

/** The employee page tab "Congés" (order 50): balance and requests; seen by leave managers and by the employee. */
export const leaveTab: EmployeeTab = {
  key: 'leave',
  labelKey: 'hr-time.leave.tab',
  icon: 'sun',
  order: 50,
  visible: (user, employee) => can(user, 'hr.leave_manage') || (employee.userId !== null && employee.userId === user.id),
  badge: async (req, employee) => {
    const [{ n }] = await req.ctx.db.query(`SELECT count(*)::int AS n FROM paid_leave_request WHERE tenant_id = $1 AND employee_id = $2 AND state = 'requested'`, [employee.tenantId, employee.id]);
    return n || null;
  },
  render: async (req, employee) => {
    const balance = await leaveBalance(req.ctx.db, employee.tenantId, employee.id, todayIso());
    const rows = await withBalanceAfter(req.ctx.db, employee.tenantId, await employeeLeave(req.ctx.db, employee.tenantId, employee.id));
    return renderView(req.res!, 'hr/time/_leave_tab', { employee, balance, rows });
  },
};
