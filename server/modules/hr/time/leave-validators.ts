import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import { loadAuthUser } from '../../../kernel/auth/load-user';
import { can } from '../../../kernel/rights/registry';
import { displayName } from '../../../kernel/rights/auth-user';
import { employeeVisibility, type EmployeeRef } from '../employee-access';

/**
 * The name of the employee's supervisor (the `supervisor_id` of the linked user account) when that
 * supervisor may validate the employee's leave: an active member of the company holding
 * `hr.leave_manage` who sees the employee, and not the employee themself. Null otherwise.
 */
export async function supervisorValidator(db: DataSource, tenantId: number, employee: EmployeeRef): Promise<string | null> {
  if (employee.userId === null) return null;
  const [row] = await db.query('SELECT supervisor_id FROM app_user WHERE id = $1', [employee.userId]);
  const supervisorId = row?.supervisor_id ?? null;
  if (supervisorId === null || supervisorId === employee.userId) return null;
  const supervisor = await loadAuthUser(db, supervisorId, tenantId);
  if (!supervisor || supervisor.tenantId !== tenantId || !can(supervisor, 'hr.leave_manage')) return null;
  const vis = employeeVisibility(supervisor, 'e', 3);
  const [seen] = await db.query(`SELECT 1 FROM employee e WHERE e.id = $1 AND e.tenant_id = $2 AND ${vis.sql}`, [employee.id, tenantId, ...vis.params]);
  return seen ? displayName(supervisor) : null;
}

/**
 * The sentence telling the user who validates their own requests: their supervisor by name when
 * they may, else any leave manager (another one, for a leave manager: nobody decides their own).
 */
export async function validatorsNotice(req: Request, own: EmployeeRef): Promise<string> {
  const supervisor = await supervisorValidator(req.ctx.db, own.tenantId, own);
  if (supervisor) return req.t('hr-time.leave.validated_by.supervisor', { name: supervisor });
  return req.t(can(req.authUser, 'hr.leave_manage') ? 'hr-time.leave.validated_by.other_manager' : 'hr-time.leave.validated_by.manager');
}
