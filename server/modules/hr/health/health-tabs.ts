import { todayIso } from '../../../kernel/clock';
import { renderView } from '../../../kernel/http/render';
import { can } from '../../../kernel/rights/registry';
import { intSetting } from '../../../kernel/settings/settings';
import type { EmployeeTab } from '../employee-tabs';
import { checkupStatus, listEmployeeCheckups } from './medical-checkup.service';
import { listWorkInterruptions } from './work-interruption.service';

/** The employee page's work interruptions (order 30), for who manages work stoppages. */
export const interruptionsTab: EmployeeTab = {
  key: 'interruptions', labelKey: 'hr-health.tabs.interruptions', icon: 'bandaid', order: 30,
  visible: (user) => can(user, 'hr.work_stoppages'),
  badge: async (req, employee) => {
    const { total } = await listWorkInterruptions(req.ctx.db, req.authUser!, { type: '', from: null, to: null, employee: employee.id }, { page: 1, perPage: 10, offset: 0 });
    return total || null;
  },
  render: async (req, employee) => {
    const { rows } = await listWorkInterruptions(req.ctx.db, req.authUser!, { type: '', from: null, to: null, employee: employee.id }, null);
    return renderView(req.res!, 'hr/health/_tab_interruptions', { rows, employee });
  },
};

/** The employee page's medical check-ups (order 40): the current state and the history. */
export const medicalTab: EmployeeTab = {
  key: 'medical', labelKey: 'hr-health.tabs.medical', icon: 'heart-pulse', order: 40,
  visible: (user) => can(user, 'hr.manage_employees'),
  render: async (req, employee) => {
    const db = req.ctx.db;
    const checkups = await listEmployeeCheckups(db, employee.tenantId, employee.id);
    const [current] = await db.query(
      `SELECT e.medical_checkup_date::text AS last_date, e.next_medical_checkup_date::text AS next_date, t.name AS type_name, t.alert_days
         FROM employee e LEFT JOIN medical_checkup_type t ON t.id = e.medical_checkup_type_id WHERE e.id = $1 AND e.tenant_id = $2`, [employee.id, employee.tenantId]);
    const alertDays = current?.alert_days ?? await intSetting(db, employee.tenantId, 'medical_alert_days');
    const status = checkupStatus(current?.next_date ?? null, todayIso(), alertDays);
    return renderView(req.res!, 'hr/health/_tab_medical', { checkups, employee, current: current ?? {}, status });
  },
};
