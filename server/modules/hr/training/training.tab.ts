import type { Request } from 'express';
import { clock, todayIso } from '../../../kernel/clock';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import type { EmployeeTab } from '../employee-tabs';
import { monitoringRows, upcomingSessionsOf } from './monitoring.service';

/** The employee page's `formations` tab: formations held with their status, and sessions to come. */
export const formationsTab: EmployeeTab = {
  key: 'formations',
  labelKey: 'hr-training.tab.label',
  icon: 'mortarboard',
  order: 20,
  render: async (req: Request, employee) => {
    const res = req.res!;
    const [{ rows }, upcoming] = await Promise.all([
      monitoringRows(req.ctx.db, req.authUser!, { employeeId: employee.id }, todayIso()),
      upcomingSessionsOf(req.ctx.db, employee.tenantId, employee.id, clock.now()),
    ]);
    return renderView(res, 'hr/training/_employee_tab', { employee, rows, upcoming, canSessions: can(req.authUser, 'hr.formations') });
  },
  badge: async (req: Request, employee) => {
    const { total } = await monitoringRows(req.ctx.db, req.authUser!, { employeeId: employee.id, status: 'expired' }, todayIso());
    return total || null;
  },
};
